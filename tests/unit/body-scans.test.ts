/**
 * The scans of a body's text made when it is read (fenceFacts, imageRefs) give what one pattern over the whole
 * text gives: on the site's and the corpora's bodies, and on random texts of fence marks, image paths and line ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCorpus, prng } from '../../scripts/corpus.mjs';
import { imageRefs, refsIn } from '../../src/generator/content/image-refs.js';
import { fenceFacts } from '../../src/generator/content/read-docs.js';
import { REPO } from '../helpers/project.js';

/** What fenceFacts gave when it was one multiline pattern. */
function fencesByPattern(markdown: string): { lines: number; langs: string[] } {
  let lines = 0;
  const langs = new Set<string>();
  for (const m of markdown.matchAll(/^ {0,3}(?:```|~~~)[ \t]*([^\s`{]*)/gm)) {
    lines++;
    if (m[1]) langs.add(m[1].toLowerCase());
  }
  return { lines, langs: [...langs] };
}

/** The bodies of the site, and of a small corpus of each kind. */
function bodies(): string[] {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-scans-'));
  for (const kind of ['code', 'plain', 'docs'] as const) generateCorpus({ n: 40, kind, seed: 11, out: path.join(tmp, kind) });
  const dirs = [path.join(REPO, 'content', 'tutorials'), path.join(REPO, 'content', 'pages'), ...['code', 'plain', 'docs'].map((k) => path.join(tmp, k, 'content', 'tutorials'))];
  const texts = dirs.flatMap((d) => fs.readdirSync(d).filter((f) => f.endsWith('.md')).map((f) => fs.readFileSync(path.join(d, f), 'utf8')));
  fs.rmSync(tmp, { recursive: true, force: true });
  return texts;
}

const PIECES = [
  '```', '~~~', '````', '``', '```js', '```TSX title="a"', '~~~ py', '``` {1,3}', '```\tbash', ' ', '  ', '   ', '    ', '\t',
  '\n', '\r\n', '\r', '\u2028', '\u2029', 'word', ' text. ', '`code`', '![a](/images/a.png)', '![b](</my pic.JPG>)',
  '<img src="/x/y.svg?v=1">', "src='/q.webp#f'", '[ref]: /r/s.gif', '(/t.avif)', '/u&#95;v.ico', '/w\\_x.jpeg', '/no.png.txt',
  '"/z.apng"', ':/b.bmp', '=/c.png', '<//d.png>', 'e.png', '.png', '/f .png', '&#46;png', '/g.PNG)', '/h.jpg?x', '[i](/j.png',
];

/** A random text of PIECES. */
function randomText(rand: () => number): string {
  let s = '';
  for (let n = Math.floor(rand() * 40); n > 0; n--) s += PIECES[Math.floor(rand() * PIECES.length)];
  return s;
}

describe('body scans', () => {
  it('give what one pattern over the whole text gives, on real and random bodies', () => {
    const rand = prng(7);
    const texts = [...bodies(), ...Array.from({ length: 20_000 }, () => randomText(rand))];
    let fenced = 0;
    let imaged = 0;
    for (const text of texts) {
      const fences = fenceFacts(text);
      expect(fences, JSON.stringify(text)).toEqual(fencesByPattern(text));
      const refs = imageRefs(text);
      expect(refs, JSON.stringify(text)).toEqual([...refsIn(text)]);
      if (fences.lines) fenced++;
      if (refs.length) imaged++;
    }
    // The random texts reach both: thousands with fences and with images.
    expect(fenced).toBeGreaterThan(5000);
    expect(imaged).toBeGreaterThan(5000);
  });
});
