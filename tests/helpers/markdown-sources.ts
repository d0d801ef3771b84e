/**
 * Markdown to compare a bundled parser with the published one on: the site's own pages, a few pages of each
 * synthetic corpus, and random texts strung together from pieces of Markdown that nest.
 */
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { generateCorpus, prng } from '../../scripts/corpus.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The site's Markdown, `pages` of each corpus kind (written under `tmp`), and `texts` random texts of up to
 * `longest` pieces each, all from `seed`. */
export function markdownSources(o: { tmp: string; seed: number; pages: number; texts: number; longest: number; pieces: readonly string[] }): string[] {
  for (const kind of ['code', 'plain', 'docs'] as const) generateCorpus({ n: o.pages, kind, seed: o.seed, out: path.join(o.tmp, kind) });
  const files = [...fg.sync('content/**/*.md', { cwd: ROOT, absolute: true }), ...fg.sync('*/content/tutorials/*.md', { cwd: o.tmp, absolute: true })];
  const sources = files.map((f) => fs.readFileSync(f, 'utf8'));
  const next = prng(o.seed * 7 + 1);
  for (let i = 0; i < o.texts; i++) sources.push(Array.from({ length: 1 + Math.floor(next() * o.longest) }, () => o.pieces[Math.floor(next() * o.pieces.length)]).join(''));
  return sources;
}
