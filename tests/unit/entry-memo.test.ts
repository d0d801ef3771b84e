import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { EntryMemo } from '../../src/generator/content/entry-memo.js';
import { registrySchema, tutorialSchema } from '../../src/generator/content/schemas.js';
import { validateJson } from '../../src/generator/content/validate-json.js';
import { REPO } from '../helpers/project.js';

const text = fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'basic', 'content', 'registry.json'), 'utf8');

/** tutorialSchema, counting the entries it validates. */
function counted() {
  const seen: unknown[] = [];
  const schema = { safeParse: (v: unknown) => (seen.push(v), tutorialSchema.safeParse(v)) } as unknown as z.ZodType;
  return { seen, schema };
}

describe('EntryMemo', () => {
  it('gives what validating the whole registry gives, and validates again only the entries that changed', () => {
    const whole = validateJson('content/registry.json', text, registrySchema);
    const { seen, schema } = counted();
    const memo = new EntryMemo(schema);
    const first = validateJson('content/registry.json', text, registrySchema, memo);
    expect(first.value).toEqual(whole.value);
    expect(first.problems).toEqual([]);
    expect(seen).toHaveLength(whole.value!.length);
    const edited = JSON.parse(text) as { title: string }[];
    edited[1]!.title = 'A new title';
    const second = validateJson('content/registry.json', JSON.stringify(edited), registrySchema, memo);
    expect(seen).toHaveLength(whole.value!.length + 1);
    expect(second.value![1]!.title).toBe('A new title');
    expect(second.value![0]).toBe(first.value![0]);
    // An entry added in front moves the others: still only the new one is validated, and reordered keys are the same entry.
    const moved = [{ ...edited[0]!, id: 'added-first', slug: 'added-first' }, ...edited.map((e) => Object.fromEntries(Object.entries(e).reverse()))];
    const third = validateJson('content/registry.json', JSON.stringify(moved), registrySchema, memo);
    expect(seen).toHaveLength(whole.value!.length + 2);
    expect(third.value!.slice(1)).toEqual(second.value);
    expect(third.value![2]).toBe(second.value![1]);
    // One generation's entry may be the next one's: nothing may change it.
    expect(Object.isFrozen(second.value![0])).toBe(true);
    expect(Object.isFrozen(second.value![0]!.keywords)).toBe(true);
  });

  it('leaves an invalid or empty registry to the whole validation, with its messages', () => {
    const memo = new EntryMemo(tutorialSchema);
    validateJson('content/registry.json', text, registrySchema, memo);
    const broken = text.replace(/"title": "[^"]*"/, '"title": 7');
    expect(validateJson('content/registry.json', broken, registrySchema, memo).problems).toEqual(validateJson('content/registry.json', broken, registrySchema).problems);
    expect(validateJson('content/registry.json', broken, registrySchema, memo).problems[0]!.field).toMatch(/title/);
    expect(validateJson('content/registry.json', '[]', registrySchema, memo).problems[0]!.message).toContain('at least one tutorial');
  });
});
