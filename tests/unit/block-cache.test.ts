/** The block cache: a later run finds every block an earlier one made; a run keeps only its recent blocks in memory. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Element } from 'hast';
import { describe, expect, it } from 'vitest';
import { BlockCache } from '../../src/generator/markdown/block-cache.js';

const block = (i: number): Element => ({ type: 'element', tagName: 'figure', properties: { dataN: i }, children: [] });

describe('the block cache', () => {
  it('gives a later run every block, and this run the last 256 it made without reading them back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-blocks-'));
    const run = new BlockCache(dir, 'v1');
    const keys = Array.from({ length: 1000 }, (_, i) => run.key({ inline: false, lang: 'jsx', meta: '', code: `code ${i}` }));
    // As the code step does: look every key up first (loading its shard), then store what was made.
    for (const k of keys) expect(run.get(k)).toBeUndefined();
    run.setAll(keys.map((k, i) => [k, block(i)]));
    expect(keys.slice(-256).map((k) => run.get(k)?.properties.dataN)).toEqual(keys.slice(-256).map((_, i) => 744 + i));
    expect(keys.slice(0, 744).filter((k) => run.get(k)).length).toBe(0);
    const next = new BlockCache(dir, 'v1');
    expect(keys.map((k) => next.get(k)?.properties.dataN)).toEqual(keys.map((_, i) => i));
    expect(new BlockCache(dir, 'v2').get(keys[0]!)).toBeUndefined();
  });
});
