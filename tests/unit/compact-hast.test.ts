/**
 * The packs' compact hast form: every tree the site's bodies make comes back equal, field for field, as does a
 * tree holding what the compact form has no shorthand for; a tree stored as plain JSON (older packs) reads too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Root } from 'hast';
import { packHast, unpackHast } from '../../src/generator/cache/compact-hast.js';
import { CodeHighlighter } from '../../src/generator/highlight/highlight-code.js';
import { MarkdownRenderer } from '../../src/generator/markdown/render-markdown.js';

/** Through JSON both ways, as a pack stores it. */
const roundTrip = (tree: Root) => unpackHast(JSON.parse(JSON.stringify(packHast(tree))));

describe('compact hast', () => {
  it('gives back every tree of the site’s tutorial bodies, and in fewer bytes', async () => {
    const markdown = new MarkdownRenderer(new CodeHighlighter().highlight);
    const dir = path.resolve('content/tutorials');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.md'));
    expect(files.length).toBeGreaterThan(40);
    let plain = 0;
    let compact = 0;
    for (const f of files) {
      const source = fs.readFileSync(path.join(dir, f), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
      const { hast } = await markdown.render(source, { file: `content/tutorials/${f}`, bodyLine: 1, allowRawHtml: false });
      const json = JSON.parse(JSON.stringify(hast)) as Root;
      expect(roundTrip(json)).toStrictEqual(json);
      plain += JSON.stringify(hast).length;
      compact += JSON.stringify(packHast(hast)).length;
    }
    expect(compact).toBeLessThan(plain * 0.75);
  });

  it('keeps nodes and fields it has no shorthand for, and reads trees stored as plain JSON', () => {
    const tree = {
      type: 'root',
      children: [
        { type: 'doctype' },
        { type: 'comment', value: 'c' },
        { type: 'text', value: '' },
        { type: 'text', value: 'with data', data: { x: 1 } },
        { type: 'element', tagName: 'p', properties: {}, children: [] },
        { type: 'element', tagName: 'code', properties: { className: ['language-js'] }, children: [{ type: 'text', value: '0' }], data: { meta: 'title="a"', html: '<span>0</span>' } },
        { type: 'element', tagName: 'div', properties: { hidden: true }, children: [], position: { start: { line: 1, column: 1 } } },
        { type: 'raw', value: '<b>x</b>' },
      ],
    } as unknown as Root;
    expect(roundTrip(tree)).toStrictEqual(tree);
    expect(unpackHast(JSON.parse(JSON.stringify(tree)))).toStrictEqual(tree);
  });
});
