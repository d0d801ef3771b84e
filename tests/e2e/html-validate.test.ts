/** Every page of the built real site is valid HTML under html-validate's recommended rules (.htmlvalidate.mjs). */
import fs from 'node:fs';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { describe, expect, inject, it } from 'vitest';
import config from '../../.htmlvalidate.mjs';

describe('html-validate', () => {
  it('finds no error on any built page', async () => {
    const out = inject('siteOut');
    const pages = fs.readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => path.join(e.parentPath, e.name));
    expect(pages.length).toBeGreaterThan(50);
    // The project's config, given explicitly: the pages are built outside the project folder.
    const validator = new HtmlValidate(config);
    const found: string[] = [];
    for (const file of pages) {
      const report = await validator.validateFile(file);
      for (const r of report.results) for (const m of r.messages) found.push(`${path.relative(out, file)}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
    expect(found).toEqual([]);
  });
});
