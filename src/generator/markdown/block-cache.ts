/**
 * Finished code blocks on disk: each block as rehype-pretty-code and the code step left it (its figure, with the
 * code's HTML as one string), keyed by everything that shapes it (language, meta, code, themes, tool versions and
 * the generator's code). A block made once is never highlighted or parsed again, by any build, check or dev
 * session. Entries are lines appended to one of 16 shard files, read a shard at a time when first needed; a torn
 * or damaged line is skipped. A new generator version starts a new folder and deletes the old ones.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Element } from 'hast';

/** What shapes a block: where it stands (block or inline), its language, fence meta and code. */
export interface BlockInput { inline: boolean; lang: string; meta: string; code: string }

/** Bumped whenever what is stored changes shape. */
const FORMAT = 1;
const SHARDS = 16;
/**
 * How many blocks made by this run stay in memory for another use in the same run. Kept all, a cold 4,000-page
 * build held every block it made (80 MB of JSON on docs-4000) though almost every block is used once.
 */
const RECENT = 256;

/** The block cache of one folder (normally `<root>/.cache/reactsite/blocks`) for the tool versions `versions`. */
export class BlockCache {
  private readonly dir: string;
  private readonly shards = new Map<number, Map<string, string>>();
  /** The last RECENT blocks this run made, oldest first. */
  private readonly recent = new Map<string, string>();
  private ready = false;

  constructor(root: string, versions: string) {
    this.dir = path.join(root, createHash('sha256').update(`${FORMAT}\0${versions}`).digest('hex').slice(0, 16));
  }

  /** The key of a block. */
  key(b: BlockInput): string {
    return createHash('sha256').update(`${b.inline ? 'i' : 'b'}\0${b.lang}\0${b.meta}\0${b.code}`).digest('hex');
  }

  /** The finished element of `key`, a fresh copy; undefined when absent. */
  get(key: string): Element | undefined {
    const json = this.recent.get(key) ?? this.shard(key).get(key);
    if (json === undefined) return undefined;
    try {
      return JSON.parse(json) as Element;
    } catch {
      return undefined;
    }
  }

  /** Stores finished elements (one append per shard); a cache that cannot be written only costs speed. */
  setAll(entries: readonly [key: string, element: Element][]): void {
    const byShard = new Map<number, string>();
    for (const [key, el] of entries) {
      const json = JSON.stringify(el);
      this.recent.delete(key);
      this.recent.set(key, json);
      if (this.recent.size > RECENT) this.recent.delete(this.recent.keys().next().value!);
      const s = shardOf(key);
      byShard.set(s, `${byShard.get(s) ?? ''}${key} ${json}\n`);
    }
    if (!byShard.size) return;
    try {
      this.prepare();
      for (const [s, text] of byShard) fs.appendFileSync(this.file(s), text);
    } catch {
      // Only speed is lost.
    }
  }

  /** The entries of a key's shard, read from disk the first time. */
  private shard(key: string): Map<string, string> {
    const s = shardOf(key);
    let map = this.shards.get(s);
    if (map) return map;
    map = new Map();
    this.shards.set(s, map);
    let text = '';
    try {
      text = fs.readFileSync(this.file(s), 'utf8');
    } catch {
      return map;
    }
    for (const line of text.split('\n')) {
      const space = line.indexOf(' ');
      // A line cut short by a killed process has no closing brace: it is skipped.
      if (space === 64 && line.endsWith('}')) map.set(line.slice(0, 64), line.slice(65));
    }
    return map;
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
