import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StampedStat } from '../../src/generator/cache/file-stamps.js';
import { InputIndex, REWRITE_SHARE } from '../../src/generator/content/input-index.js';

/** The stat of a file of `size` bytes changed long ago, taken now. */
const stat = (size: number): StampedStat => ({ size, mtimeMs: 1000, ctimeMs: 1000, at: Date.now() });
const entry = (size: number) => ({ contentHash: `h${size}`, bodyLine: 1, problems: [] });
const files = Array.from({ length: REWRITE_SHARE * 4 }, (_, i) => `content/tutorials/t${i}.md`);

/** An index of `files`, all sized 10, saved in a fresh folder. */
function savedIndex(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-index-'));
  const index = new InputIndex(dir, 'v');
  for (const f of files) index.record(f, stat(10), entry(10));
  index.save();
  return dir;
}

/** A build over the index in `dir` that finds the first `changed` files with a new size; returns what the next build hits. */
function buildWith(dir: string, changed: number): number {
  const index = new InputIndex(dir, 'v');
  files.forEach((f, i) => {
    const st = stat(i < changed ? 11 : 10);
    if (!index.get(f, st)) index.record(f, st, entry(st.size));
  });
  index.save();
  const next = new InputIndex(dir, 'v');
  return files.filter((f, i) => next.get(f, stat(i < changed ? 11 : 10))).length;
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
    for (const f of files.slice(5)) index.get(f, stat(10));
    index.save();
    expect(Object.keys(JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')).files)).toHaveLength(files.length - 5);
  });

  it('records nothing for a file read within the racy margin of its last change, and refuses another ctime', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-index-'));
    const index = new InputIndex(dir, 'v');
    const now = Date.now();
    index.record('content/tutorials/new.md', { size: 10, mtimeMs: now - 20, ctimeMs: now - 20, at: now }, entry(10));
    index.record('content/tutorials/touched.md', { size: 10, mtimeMs: 1000, ctimeMs: now - 20, at: now }, entry(10));
    index.record('content/tutorials/old.md', stat(10), entry(10));
    index.save();
    const next = new InputIndex(dir, 'v');
    expect(next.get('content/tutorials/new.md', { size: 10, mtimeMs: now - 20, ctimeMs: now - 20 })).toBeUndefined();
    expect(next.get('content/tutorials/touched.md', { size: 10, mtimeMs: 1000, ctimeMs: now - 20 })).toBeUndefined();
    expect(next.get('content/tutorials/old.md', stat(10))).toBeDefined();
    expect(next.get('content/tutorials/old.md', { ...stat(10), ctimeMs: 2000 })).toBeUndefined();
  });
});
