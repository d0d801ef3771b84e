/**
 * The block cache: a later run finds every block an earlier one made, this run every block it made or that another
 * thread appended between its own appends; damaged lines are skipped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Element } from 'hast';
import { describe, expect, it, vi } from 'vitest';
import { BlockCache } from '../../src/generator/markdown/block-cache.js';

const block = (i: number): Element => ({ type: 'element', tagName: 'figure', properties: { dataN: i, title: `é ${'x'.repeat(i % 7)}` }, children: [] });
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-blocks-'));
const keysOf = (c: BlockCache, from: number, to: number) => Array.from({ length: to - from }, (_, i) => c.key({ inline: false, lang: 'jsx', meta: '', code: `code ${from + i}` }));
const numbers = (c: BlockCache, keys: string[]) => keys.map((k) => c.get(k)?.properties.dataN);
/** A cache over a new folder, with the first 100 of its 300 keys' blocks stored. */
function startedCache(): { dir: string; run: BlockCache; keys: string[] } {
  const dir = tmp();
  const run = new BlockCache(dir, 'v1');
  const keys = keysOf(run, 0, 300);
  run.setAll(keys.slice(0, 100).map((k, i) => [k, block(i)]));
  return { dir, run, keys };
}
/** The shard files of the one version folder under `dir`. */
const shardFiles = (dir: string) => fs.readdirSync(dir).flatMap((v) => fs.readdirSync(path.join(dir, v)).map((f) => path.join(dir, v, f)));

describe('the block cache', () => {
  it('gives this run and a later one every block made, and another version none', () => {
    const dir = tmp();
    const run = new BlockCache(dir, 'v1');
    const keys = keysOf(run, 0, 1000);
    // As the code step does: look every key up first (loading its shard), then store what was made.
    for (const k of keys) expect(run.get(k)).toBeUndefined();
    run.setAll(keys.slice(0, 500).map((k, i) => [k, block(i)]));
    run.setAll(keys.slice(500).map((k, i) => [k, block(500 + i)]));
    expect(numbers(run, keys)).toEqual(keys.map((_, i) => i));
    expect(numbers(new BlockCache(dir, 'v1'), keys)).toEqual(keys.map((_, i) => i));
    expect(new BlockCache(dir, 'v2').get(keys[0]!)).toBeUndefined();
  });

  it('finds what another thread appended between its own appends', () => {
    const dir = tmp();
    const [a, b] = [new BlockCache(dir, 'v1'), new BlockCache(dir, 'v1')];
    const [ka, kb, kc] = [keysOf(a, 0, 100), keysOf(a, 100, 200), keysOf(a, 200, 300)];
    for (const k of [...ka, ...kb]) expect(a.get(k) ?? b.get(k)).toBeUndefined();
    b.setAll(kb.map((k, i) => [k, block(100 + i)]));
    a.setAll(ka.map((k, i) => [k, block(i)]));
    expect(numbers(a, kb)).toEqual(kb.map((_, i) => 100 + i));
    // b has not appended since a did: it learns of a's blocks with its next append.
    expect(b.get(ka[0]!)).toBeUndefined();
    b.setAll(kc.map((k, i) => [k, block(200 + i)]));
    expect(numbers(b, ka)).toEqual(ka.map((_, i) => i));
  });

  it('skips a line cut short and never gives another block for a key', () => {
    const { dir, keys } = startedCache();
    // A process killed in the middle of a line.
    for (const f of shardFiles(dir)) fs.appendFileSync(f, `${'f'.repeat(64)} {"type":"elem`);
    const next = new BlockCache(dir, 'v1');
    next.setAll(keys.slice(100, 200).map((k, i) => [k, block(100 + i)]));
    next.setAll(keys.slice(200).map((k, i) => [k, block(200 + i)]));
    // Each append starts on a line of its own: nothing after the cut is lost.
    expect(numbers(new BlockCache(dir, 'v1'), keys)).toEqual(keys.map((_, i) => i));
    // A file rewritten under a run that indexed it: a spot holding another key gives nothing.
    for (const f of shardFiles(dir)) {
      const lines = fs.readFileSync(f, 'utf8').split('\n');
      fs.writeFileSync(f, [...lines.slice(1), lines[0]].join('\n'));
    }
    expect(numbers(next, keys.slice(100)).filter((n, i) => n !== undefined && n !== 100 + i)).toEqual([]);
  });

  it('finds its own blocks when another append lands between its write and its stat', () => {
    const dir = tmp();
    const run = new BlockCache(dir, 'v1');
    const other = new BlockCache(dir, 'v1');
    const keys = keysOf(run, 0, 300);
    // Every shard file made first.
    run.setAll(keys.slice(0, 200).map((k, i) => [k, block(i)]));
    expect(shardFiles(dir)).toHaveLength(16);
    const otherKey = run.key({ inline: false, lang: 'css', meta: '', code: 'a {}' });
    const stat = fs.fstatSync;
    const spy = vi.spyOn(fs, 'fstatSync').mockImplementationOnce((fd) => {
      // Another process appends to the same shards meanwhile.
      for (const f of shardFiles(dir)) fs.appendFileSync(f, `\n${otherKey} ${JSON.stringify(block(99))}\n`);
      return stat(fd);
    });
    run.setAll(keys.slice(200).map((k, i) => [k, block(200 + i)]));
    spy.mockRestore();
    expect(numbers(run, keys)).toEqual(keys.map((_, i) => i));
    expect(run.get(otherKey)?.properties.dataN).toBe(99);
    expect(numbers(other, keys)).toEqual(keys.map((_, i) => i));
  });

  it('loses only speed to a short write', () => {
    const { dir, run, keys } = startedCache();
    const write = fs.writeSync as (fd: number, b: Buffer) => number;
    // A full disk: half of every append is written.
    const spy = vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, b: Buffer) => write(fd, b.subarray(0, b.length >> 1))) as typeof fs.writeSync);
    expect(() => run.setAll(keys.slice(100, 200).map((k, i) => [k, block(100 + i)]))).not.toThrow();
    spy.mockRestore();
    run.setAll(keys.slice(200).map((k, i) => [k, block(200 + i)]));
    for (const c of [run, new BlockCache(dir, 'v1')]) {
      const found = numbers(c, keys);
      expect(found.slice(0, 100)).toEqual(keys.slice(0, 100).map((_, i) => i));
      expect(found.slice(200)).toEqual(keys.slice(200).map((_, i) => 200 + i));
      expect(found.slice(100, 200).filter((n, i) => n !== undefined && n !== 100 + i)).toEqual([]);
    }
  });
});
