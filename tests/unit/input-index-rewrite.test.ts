import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputIndex, REWRITE_SHARE, type IndexedBody } from '../../src/generator/content/input-index.js';

const entry = (size: number): IndexedBody => ({ size, mtimeMs: 1000, contentHash: `h${size}`, bodyLine: 1, problems: [] });
const files = Array.from({ length: REWRITE_SHARE * 4 }, (_, i) => `content/tutorials/t${i}.md`);

/** An index of `files`, all sized 10, saved in a fresh folder. */
function savedIndex(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-index-'));
  const index = new InputIndex(dir, 'v');
  for (const f of files) index.record(f, entry(10));
  index.save();
  return dir;
}

/** A build over the index in `dir` that finds the first `changed` files with a new size; returns what the next build hits. */
function buildWith(dir: string, changed: number): number {
  const index = new InputIndex(dir, 'v');
  files.forEach((f, i) => {
    const st = { size: i < changed ? 11 : 10, mtimeMs: 1000 };
    if (!index.get(f, st)) index.record(f, entry(st.size));
  });
  index.save();
  const next = new InputIndex(dir, 'v');
  return files.filter((f, i) => next.get(f, { size: i < changed ? 11 : 10, mtimeMs: 1000 })).length;
}

describe('the input index', () => {
  it('is not written anew for a few edited bodies: the next build reads just those again', () => {
    const dir = savedIndex();
    const written = fs.statSync(path.join(dir, 'index.json'));
    expect(buildWith(dir, 4)).toBe(files.length - 4);
    expect(fs.statSync(path.join(dir, 'index.json')).mtimeMs).toBe(written.mtimeMs);
  });

  it('is written anew once more than a share of its entries differ, edited or gone', () => {
    expect(buildWith(savedIndex(), 5)).toBe(files.length);
    // Files no build sees any more count too.
    const dir = savedIndex();
    const index = new InputIndex(dir, 'v');
    for (const f of files.slice(5)) index.get(f, { size: 10, mtimeMs: 1000 });
    index.save();
    expect(Object.keys(JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')).files)).toHaveLength(files.length - 5);
  });
});
