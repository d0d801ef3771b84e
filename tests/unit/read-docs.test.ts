/**
 * Lean bodies (a build's): the doc keeps no text and reads it again from the file when asked, giving exactly what
 * a plain read gives (byte order mark, CRLF, front matter or none), and refusing a file changed meanwhile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fenceLines, indexedBodyDoc, readBodyDoc, readBodySource } from '../../src/generator/content/read-docs.js';
import { InputIndex } from '../../src/generator/content/input-index.js';
import { pastRacyMargin } from '../helpers/file-times.js';

const SOURCES: Record<string, string> = {
  'front-matter': '---\nfaq:\n  - question: "Why?"\n    answer: "Because."\nupdated: 2026-01-02\n---\n\n# Title\n\nText.\n\n```jsx\nx\n```\n',
  'byte-order-mark': '\uFEFF---\nupdated: 2026-01-02\n---\nText with a mark before the front matter.\n',
  crlf: '---\r\nupdated: 2026-01-02\r\n---\r\n\r\nWindows line ends.\r\n\r\n~~~bash\r\nls\r\n~~~\r\n',
  'no-front-matter': 'Just Markdown, `code` and **strong** text.\n',
  'non-ascii': '---\nupdated: 2026-01-02\n---\nÄpfel, 日本語 and 🙂 emoji.\n',
};

function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-lean-'));
  fs.mkdirSync(path.join(root, 'content', 'tutorials'), { recursive: true });
  for (const [name, text] of Object.entries(SOURCES)) fs.writeFileSync(path.join(root, 'content', 'tutorials', `${name}.md`), text);
  return root;
}

describe('lean bodies', () => {
  it('read again the very text, front matter and facts a plain read gives', async () => {
    const root = project();
    for (const name of Object.keys(SOURCES)) {
      const file = `content/tutorials/${name}.md`;
      const plain = await readBodyDoc(root, file);
      const lean = await readBodyDoc(root, file, true);
      expect(lean.problems).toEqual(plain.problems);
      expect(Object.getOwnPropertyDescriptor(lean.doc!, 'content')!.get, name).toBeTypeOf('function');
      expect(lean.doc!.content, name).toBe(plain.doc!.content);
      expect({ ...lean.doc!, content: undefined, source: undefined }).toEqual({ ...plain.doc!, content: undefined });
      expect(lean.doc!.fences).toBe(fenceLines(plain.doc!.content));
      // What another thread reads from the source alone, at the offset or (not known) through the front matter.
      const source = lean.doc!.source!;
      expect(source.path).toBe(path.join(root, file));
      expect(readBodySource(source, file), name).toBe(plain.doc!.content);
      expect(readBodySource({ ...source, offset: undefined }, file), name).toBe(plain.doc!.content);
    }
  });

  it('read an indexed body from its source without reading it at load', async () => {
    const root = project();
    const cache = path.join(root, '.cache');
    // Past the racy margin of the files just written: bodies read within it are not indexed.
    await pastRacyMargin();
    const first = new InputIndex(cache, 'v');
    for (const name of Object.keys(SOURCES)) await indexedBodyDoc(root, `content/tutorials/${name}.md`, first, true);
    first.save();
    const second = new InputIndex(cache, 'v');
    for (const name of Object.keys(SOURCES)) {
      const file = `content/tutorials/${name}.md`;
      const plain = await readBodyDoc(root, file);
      const { doc } = await indexedBodyDoc(root, file, second, true);
      expect(second.get(file, (await second.stat(root, file))!), name).toBeDefined();
      expect(doc!.fences, name).toBe(plain.doc!.fences);
      expect(doc!.source!.offset, name).toBeTypeOf('number');
      expect(readBodySource(doc!.source!, file), name).toBe(plain.doc!.content);
    }
  });

  it('refuse a file whose Markdown changed after it was validated', async () => {
    const root = project();
    const file = 'content/tutorials/front-matter.md';
    const { doc } = await readBodyDoc(root, file, true);
    fs.appendFileSync(path.join(root, file), 'More text.\n');
    expect(() => doc!.content).toThrow(/changed while the build was running/);
    expect(() => readBodySource(doc!.source!, file)).toThrow(/changed while the build was running/);
  });
});
