/**
 * Finished code blocks on disk: each block as rehype-pretty-code and the code step left it (its figure, with the
 * code's HTML as one string), keyed by everything that shapes it (language, meta, code, themes, tool versions and
 * the generator's code). A block made once is never highlighted or parsed again, by any build, check or dev
 * session, nor later in the same run: documentation in several languages repeats most of its code (the real
 * documentation's 13,519 blocks hold 8,502 different ones). Entries are lines appended to one of 16 shard files;
 * memory holds only where each line is, and a block is read back when used. A torn or damaged line is skipped. A
 * new generator version starts a new folder and deletes the old ones.
 */
import { hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Element } from 'hast';
import { indexLines, keyAt, readLine, type LineSpot } from './block-lines.js';

/** What shapes a block: where it stands (block or inline), its language, fence meta and code. */
export interface BlockInput { inline: boolean; lang: string; meta: string; code: string }

/** Bumped whenever what is stored changes shape. */
const FORMAT = 1;
const SHARDS = 16;

/**
 * What this cache knows of one shard file: where each key's line is, how far the file is indexed, and the ranges
 * others (the other thread, another process) appended between this cache's own appends, indexed when a key is
 * missing.
 */
interface Shard { spots: Map<string, LineSpot>; indexedTo: number; unread: [start: number, end: number][] }

/** The block cache of one folder (normally `<root>/.cache/reactsite/blocks`) for the tool versions `versions`. */
export class BlockCache {
  private readonly dir: string;
  private readonly shards = new Map<number, Shard>();
  private ready = false;

  constructor(root: string, versions: string) {
    this.dir = path.join(root, hash('sha256', `${FORMAT}\0${versions}`, 'hex').slice(0, 16));
  }

  /** The key of a block. */
  key(b: BlockInput): string {
    return hash('sha256', `${b.inline ? 'i' : 'b'}\0${b.lang}\0${b.meta}\0${b.code}`, 'hex');
  }

  /** The finished element of `key`, a fresh copy; undefined when absent. */
  get(key: string): Element | undefined {
    const s = shardOf(key);
    const shard = this.shard(s);
    if (!shard.spots.has(key) && shard.unread.length) this.readUnread(s, shard);
    const spot = shard.spots.get(key);
    if (!spot) return undefined;
    const json = readLine(this.file(s), spot, key);
    try {
      if (json !== undefined) return JSON.parse(json) as Element;
    } catch {
      // A damaged line: made again.
    }
    shard.spots.delete(key);
    return undefined;
  }

  /** Stores finished elements (one append per shard); a cache that cannot be written only costs speed. */
  setAll(entries: readonly [key: string, element: Element][]): void {
    const byShard = new Map<number, [key: string, line: string][]>();
    for (const [key, el] of entries) {
      const s = shardOf(key);
      const lines = byShard.get(s) ?? [];
      lines.push([key, `${key} ${JSON.stringify(el)}`]);
      byShard.set(s, lines);
    }
    if (!byShard.size) return;
    try {
      this.prepare();
      for (const [s, lines] of byShard) this.append(s, lines);
    } catch {
      // Only speed is lost.
    }
  }

  /**
   * Appends `lines` to shard `s` and records where they went, and what others appended since this cache last
   * wrote. Each append starts with a newline, so that a line a killed process left unfinished ends there.
   */
  private append(s: number, lines: [key: string, line: string][]): void {
    const shard = this.shard(s);
    const bytes = Buffer.from(`\n${lines.map(([, line]) => `${line}\n`).join('')}`);
    const fd = fs.openSync(this.file(s), 'a+');
    let end: number;
    let landed: boolean;
    try {
      if (fs.writeSync(fd, bytes) !== bytes.length) throw new Error('short write');
      end = fs.fstatSync(fd).size;
      // Where the append landed, unless another came between it and the stat: then its own lines are read
      // with the others' (below).
      landed = keyAt(fd, end - bytes.length + 1) === lines[0]![0];
    } finally {
      fs.closeSync(fd);
    }
    let at = end - bytes.length;
    if (at < shard.indexedTo) {
      // The file was replaced or cut short since this cache read it.
      shard.spots.clear();
      shard.unread = [];
      shard.indexedTo = 0;
    }
    if (!landed) at = end;
    if (at > shard.indexedTo) shard.unread.push([shard.indexedTo, at]);
    at++;
    if (landed) {
      for (const [key, line] of lines) {
        const length = Buffer.byteLength(line);
        shard.spots.set(key, { at, length });
        at += length + 1;
      }
    }
    shard.indexedTo = end;
  }

  /** Indexes what others appended to shard `s` between this cache's appends. */
  private readUnread(s: number, shard: Shard): void {
    const ranges = shard.unread;
    shard.unread = [];
    let fd: number | undefined;
    try {
      fd = fs.openSync(this.file(s), 'r');
      for (const [start, end] of ranges) {
        const buf = Buffer.allocUnsafe(end - start);
        const got = fs.readSync(fd, buf, 0, buf.length, start);
        indexLines(buf.subarray(0, got), start, shard.spots);
      }
    } catch {
      // Only speed is lost.
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }

  /** What this cache knows of shard `s`, the file indexed the first time. */
  private shard(s: number): Shard {
    let shard = this.shards.get(s);
    if (shard) return shard;
    shard = { spots: new Map(), indexedTo: 0, unread: [] };
    this.shards.set(s, shard);
    try {
      shard.indexedTo = indexLines(fs.readFileSync(this.file(s)), 0, shard.spots);
    } catch {
      // No file yet.
    }
    return shard;
  }

  /** Makes this version's folder and deletes the folders of other versions (once). */
  private prepare(): void {
    if (this.ready) return;
    this.ready = true;
    fs.mkdirSync(this.dir, { recursive: true });
    const parent = path.dirname(this.dir);
    for (const d of fs.readdirSync(parent)) if (path.join(parent, d) !== this.dir) fs.rmSync(path.join(parent, d), { recursive: true, force: true });
  }

  private file(shard: number): string {
    return path.join(this.dir, `${shard.toString(16)}.jsonl`);
  }
}

function shardOf(key: string): number {
  return Number.parseInt(key[0]!, 16) % SHARDS;
}
