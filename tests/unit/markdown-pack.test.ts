/**
 * Markdown packs: a record gives back its Markdown result, and its body's HTML only under the key that HTML was
 * rendered under (then without parsing its tree); a record under another Markdown key is never trusted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MarkdownPacks } from '../../src/generator/cache/markdown-pack.js';
import type { MarkdownResult } from '../../src/generator/markdown/render-markdown.js';

const md: MarkdownResult = {
  hast: { type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'Hi\nthere' }] }] },
  words: 2,
  code: [],
  links: [{ href: '#a', line: 3 }],
  warnings: [],
};
const rendered = { html: '<p>Hi\nthere</p>', islands: [], eager: [] };

describe('Markdown packs', () => {
  it('give a body its HTML under the same body key, and its tree otherwise', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-packs-'));
    const packs = new MarkdownPacks(dir);
    const plain = packs.put('md-1', md)!;
    const withHtml = packs.put('md-2', md, { key: 'body-a', rendered })!;
    packs.close();
    expect(packs.get(plain, 'body-a')).toEqual({ md });
    expect(packs.get(withHtml, 'body-a')).toEqual({ md: { words: 2, code: [], links: md.links, warnings: [] }, rendered });
    expect(packs.get(withHtml, 'body-b')).toEqual({ md });
    expect(packs.get({ ...withHtml, key: 'md-1' }, 'body-a')).toBeUndefined();
    expect(packs.get({ ...withHtml, length: withHtml.length - 1 }, 'body-b')).toBeUndefined();
  });
});
