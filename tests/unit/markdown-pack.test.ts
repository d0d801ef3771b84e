/**
 * Markdown packs: a record gives back a page's kept Markdown facts and its body's HTML, only under the key that
 * HTML was rendered under; a record under another Markdown key, or cut short, is never trusted. No tree is kept,
 * and the HTML is kept as it is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MarkdownPacks } from '../../src/generator/store/markdown-pack.js';
import type { MarkdownResult } from '../../src/generator/markdown/render-markdown.js';

const md: MarkdownResult = {
  hast: { type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'Hi\nthere' }] }] },
  words: 2,
  code: [{ lang: 'js', meta: '', value: 'let a = 1;', line: 5 }],
  links: [{ href: '#a', line: 3 }],
  warnings: [],
};
const rendered = { html: '<p>Hi\nthere</p>', islands: [], eager: [] };

describe('Markdown packs', () => {
  it('give a page its facts and body HTML under the same body key, and nothing otherwise', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-packs-'));
    const packs = new MarkdownPacks(dir);
    const first = packs.put('md-1', md, { key: 'body-a', rendered })!;
    const second = packs.put('md-2', { ...md, words: 3 }, { key: 'body-a', rendered })!;
    packs.close();
    expect(packs.get(first, 'body-a')).toEqual({ md: { words: 2, links: md.links, warnings: [] }, rendered });
    expect(packs.get(second, 'body-a')?.md.words).toBe(3);
    expect(packs.get(first, 'body-b')).toBeUndefined();
    expect(packs.get({ ...second, key: 'md-1' }, 'body-a')).toBeUndefined();
    expect(packs.get({ ...second, length: second.length - 2 }, 'body-a')).toBeUndefined();
    expect(packs.get({ ...first, length: first.length + 5 }, 'body-a')).toBeUndefined();
    // Neither the tree nor the code samples are written; the HTML is written as it is, not as a JSON string.
    const text = fs.readFileSync(path.join(dir, first.pack), 'utf8');
    expect(text).not.toContain('let a = 1');
    expect(text).not.toContain('"tagName"');
    expect(text.split('<p>Hi\nthere</p>')).toHaveLength(3);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
