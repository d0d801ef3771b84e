import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { mayHaveAutolinkLiteral, remarkGfmWithoutAutolinkLiterals } from '../../src/generator/markdown-gfm.js';

const full = unified().use(remarkParse).use(remarkGfm);
const reduced = unified().use(remarkParse).use(remarkGfmWithoutAutolinkLiterals);
/** The syntax tree of `source`, positions included, after GFM's transforms. */
const tree = (p: typeof full | typeof reduced, source: string) => JSON.stringify(p.runSync(p.parse(source)));

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['w', 'ww', 'www', 'W', 'h', 'http', 'https', 'HTTP', 't', 'p', 's', ':', '/', '//', '.', '@', '&', '#', ';', '64', 'x40', 'commat', 'amp', '\\', ' ', '\n', 'a', 'b', 'example', 'com', '-', '_', '+', '(', ')', '*', '~', '|', '[', ']', '`', 'mailto', 'xmpp', '<', '>', 'www.', 'x.co', 'https://', 'a@', '&#64;', '&commat;', 'ww.', 'ttp://', 'htp://', 'w.w.w.', 'commat;', '&#x4'];

describe('GFM without literal autolinks', () => {
  it('gives the same tree as remark-gfm for every body of the site and of the synthetic corpus that cannot hold one', async () => {
    const corpusScript = new URL('../../scripts/corpus.mjs', import.meta.url).href;
    const { generateCorpus } = (await import(corpusScript)) as { generateCorpus: (o: { n: number; kind: string; seed: number; out: string }) => unknown };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-gfm-'));
    generateCorpus({ n: 40, kind: 'code', seed: 3, out: path.join(dir, 'code') });
    generateCorpus({ n: 40, kind: 'plain', seed: 3, out: path.join(dir, 'plain') });
    const files = [...fg.sync('content/**/*.md', { absolute: true }), ...fg.sync('*/content/tutorials/*.md', { cwd: dir, absolute: true })];
    let compared = 0;
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      if (mayHaveAutolinkLiteral(source)) continue;
      expect(tree(reduced, source), file).toBe(tree(full, source));
      compared++;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    expect(compared).toBeGreaterThan(60);
  });

  it('never differs from remark-gfm where it is used, on 4,000 random texts of autolink-like pieces', () => {
    const next = random(7);
    let differing = 0;
    for (let i = 0; i < 4000; i++) {
      const n = 1 + Math.floor(next() * 12);
      const source = Array.from({ length: n }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
      const same = tree(reduced, source) === tree(full, source);
      if (!same) differing++;
      if (!mayHaveAutolinkLiteral(source)) expect(same, JSON.stringify(source)).toBe(true);
    }
    // The texts do exercise autolinks: remark-gfm links some of them.
    expect(differing).toBeGreaterThan(200);
  });

  it('is not used for the ways a literal autolink can be written', () => {
    const linked = ['www.example.com', 'WWW.EXAMPLE.COM', 'www\\.example.com', 'https://x.dev', 'HTTP://X.DEV', 'a@b.co', 'mailto:a@b.co', 'xmpp:a@b.co', 'a&#64;b.co', 'a&#x40;b.co', 'a&commat;b.co', '&#119;ww.example.com'];
    for (const source of linked) {
      expect(tree(reduced, source), source).not.toBe(tree(full, source));
      expect(mayHaveAutolinkLiteral(source), source).toBe(true);
    }
  });
});
