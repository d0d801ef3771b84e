import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonSchemas } from '../../src/generator/content/json-schemas.js';
import { REPO } from '../helpers/project.js';

describe('editor JSON Schemas', () => {
  it('are committed and match the zod schemas (run `npm run schemas` after changing them)', () => {
    for (const [name, text] of Object.entries(jsonSchemas())) expect(fs.readFileSync(path.join(REPO, 'content', 'schema', name), 'utf8'), name).toBe(text);
  });
  it('describe the registry as an array of tutorials with required fields', () => {
    const schema = JSON.parse(jsonSchemas()['registry.schema.json']!);
    expect(schema.type).toBe('array');
    expect(schema.items.required).toEqual(expect.arrayContaining(['id', 'slug', 'name', 'title', 'description', 'category', 'difficulty', 'keywords']));
    expect(schema.items.additionalProperties).toBe(false);
  });
});
