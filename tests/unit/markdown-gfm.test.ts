import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { autolinkLinesOf, mayHaveAutolinkLiteral, mayHoldAutolinkText, remarkGfmParts, tableLinesOf, withGatedLines, type LineGate } from '../../src/generator/markdown/gfm.js';

/** Each processor's table gate (the reference processor has none: the gate is then unused). */
const gates = new Map<unknown, LineGate>();
/** A processor with the stage's GFM parts, remembering its gate. */
function stageGfm(autolinks: boolean) {
  const gate: LineGate = {};
  const p = unified().use(remarkParse).use(remarkGfmParts, { autolinks, gate });
  gates.set(p, gate);
  return p;
}
const full = unified().use(remarkParse).use(remarkGfm);
const reduced = stageGfm(false);
const withAutolinks = stageGfm(true);
/**
 * The syntax tree of `source`, positions included, after GFM's transforms (tables gated as the stage does), or
 * the error: a few random texts trip an assertion of mdast-util-gfm-task-list-item's development build.
 */
function tree(p: typeof full, source: string): string {
  try {
    return JSON.stringify(p.runSync(withGatedLines(gates.get(p) ?? {}, source, () => p.parse(source))));
  } catch (e) {
    return `throws: ${(e as Error).message}`;
  }
}

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` texts of 1 to `longest` random `pieces` each, from `seed`. */
function randomTexts(seed: number, pieces: readonly string[], count: number, longest: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * longest) }, () => pieces[Math.floor(next() * pieces.length)]).join(''));
}

/** [file, text] of every Markdown file of the site and of 40-body synthetic corpora of `kinds`. */
async function siteAndCorpusSources(kinds: string[], seed: number): Promise<[string, string][]> {
  const corpusScript = new URL('../../scripts/corpus.mjs', import.meta.url).href;
  const { generateCorpus } = (await import(corpusScript)) as { generateCorpus: (o: { n: number; kind: string; seed: number; out: string }) => unknown };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-gfm-'));
  for (const kind of kinds) generateCorpus({ n: 40, kind, seed, out: path.join(dir, kind) });
  const files = [...fg.sync('content/**/*.md', { absolute: true }), ...fg.sync('*/content/tutorials/*.md', { cwd: dir, absolute: true })];
  const sources = files.map((f): [string, string] => [f, fs.readFileSync(f, 'utf8')]);
  fs.rmSync(dir, { recursive: true, force: true });
  return sources;
}

const PIECES = ['w', 'ww', 'www', 'W', 'h', 'http', 'https', 'HTTP', 't', 'p', 's', ':', '/', '//', '.', '@', '&', '#', ';', '64', 'x40', 'commat', 'amp', '\\', ' ', '\n', 'a', 'b', 'example', 'com', '-', '_', '+', '(', ')', '*', '~', '|', '[', ']', '`', 'mailto', 'xmpp', '<', '>', 'www.', 'x.co', 'https://', 'a@', '&#64;', '&commat;', 'ww.', 'ttp://', 'htp://', 'w.w.w.', 'commat;', '&#x4'];

describe('GFM without literal autolinks', () => {
  it('gives the same tree as remark-gfm for every body of the site and of the synthetic corpus that cannot hold one', async () => {
    const files = await siteAndCorpusSources(['code', 'plain'], 3);
    let compared = 0;
    for (const [file, source] of files) {
      if (mayHaveAutolinkLiteral(source)) continue;
      expect(tree(reduced, source), file).toBe(tree(full, source));
      compared++;
    }
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

describe('GFM literal autolinks tried only on lines that may hold one', () => {
  it('gives the same tree as remark-gfm, positions included, on the docs corpus and on 6,000 random texts of autolink pieces over lines', async () => {
    const pieces = [...PIECES, '\n', '\n\n', '\r\n', '> ', '- ', '[', '](', 'x@y.z', 'WWW.A.B', 'Http://a', '`', '**'];
    const sources = [...(await siteAndCorpusSources(['docs'], 4)).map(([, source]) => source), ...randomTexts(13, pieces, 6000, 30)];
    let linked = 0;
    let gated = 0;
    for (const source of sources) {
      const expected = tree(full, source);
      expect(tree(withAutolinks, source), JSON.stringify(source.slice(0, 200))).toBe(expected);
      if (expected.includes('"type":"link"')) linked++;
      const lines = autolinkLinesOf(source);
      if (lines.slice(1).includes(0) && lines.some((b) => b !== 0)) gated++;
    }
    // The texts hold literal autolinks, and lines where some construct is not tried.
    expect(linked).toBeGreaterThan(1500);
    expect(gated).toBeGreaterThan(1500);
  });

  it('runs its regex pass only on trees with a text node that may hold one, with the same tree as remark-gfm', () => {
    // URLs and addresses in link destinations, link text, definitions, code and autolinks, and now and then in text.
    const pieces = ['[', 'a', '](', 'https://x.co', 'www.x.co', 'a@b.co', ')', '<', '>', ' ', '\n', '\n\n', '`', '![', '[r]', '\n\n[r]: ', 'Www.', 'HTTP', '@', 'text', '*'];
    const texts = randomTexts(21, pieces, 4000, 16);
    let skipped = 0;
    for (const source of texts) {
      expect(tree(withAutolinks, source), JSON.stringify(source)).toBe(tree(full, source));
      if (mayHaveAutolinkLiteral(source) && !mayHoldAutolinkText(withAutolinks.parse(source))) skipped++;
    }
    expect(skipped).toBeGreaterThan(500);
    const parsed = (source: string) => full.parse(source);
    expect(mayHoldAutolinkText(parsed('[www.x.co](https://x.co) and [a@b.co][r] `http`\n\n[r]: https://y.co'))).toBe(false);
    expect(mayHoldAutolinkText(parsed('> *see the HTTP spec*'))).toBe(true);
    expect(mayHoldAutolinkText(parsed('[a](https://x.co) me@'))).toBe(true);
  });

  it('marks the lines that hold an "@", "www" or "http", in any case', () => {
    expect([...autolinkLinesOf('plain\nmail a@b\r\nWWW.x\rhttps://y www\n')]).toEqual([0, 0, 1, 2, 6, 0]);
  });
});

const TABLE_PIECES = ['a | b\n', '--|--\n', '| - |', '|:-|\n', 'x\n', '|', ' | ', '||', '\\|', '-', '--', '---', ':', ':-', '-:', ':-:', ' ', '  ', '    ', '\t', '\n', '\n', '\n\n', '\r\n', '\r', 'a', 'b c', '> ', '>', '- ', '* ', '1. ', '`', '*x*', '~~', '[^1]', '[^1]: n', '#', '=', '<br>', '&#124;', 'http://x.y', '[ ] ', '[x] '];

describe('GFM tables tried only where one may be', () => {
  it('gives the same tree as remark-gfm, positions included, on every body of the site and the corpora and on 6,000 random texts of table pieces', async () => {
    const sources = [...(await siteAndCorpusSources(['plain'], 5)).map(([, source]) => source), ...randomTexts(11, TABLE_PIECES, 6000, 30)];
    let tables = 0;
    let gated = 0;
    for (const source of sources) {
      const expected = tree(full, source);
      expect(tree(withAutolinks, source), JSON.stringify(source.slice(0, 200))).toBe(expected);
      if (!mayHaveAutolinkLiteral(source)) expect(tree(reduced, source), JSON.stringify(source.slice(0, 200))).toBe(expected);
      if (expected.includes('"type":"table"')) tables++;
      if (tableLinesOf(source).includes(0)) gated++;
    }
    // The texts hold tables, and lines where the construct is skipped.
    expect(tables).toBeGreaterThan(300);
    expect(gated).toBeGreaterThan(2000);
  });

  it('skips prose lines and tries every line of a block with a table mark', () => {
    expect([...tableLinesOf('prose\nmore prose\n\na\n:-:\nrow\n\nend')]).toEqual([0, 0, 0, 0, 1, 1, 1, 0, 0, 0]);
  });
});
