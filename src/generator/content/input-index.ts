/**
 * The index of a build's input files (tutorial bodies): what reading and validating each one gave, by its size
 * and mtime. A body whose size and mtime are the recorded ones is not read again: its front matter comes from
 * here and its text is read only if a page is rendered from it. A changed size or mtime reads it again, and the
 * content hash then tells whether it really changed. A file rewritten with the same size within the same
 * mtime cannot be told apart; no file system timestamp can.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Faq } from '../../site/types.js';
import type { Problem } from '../problems/problem.js';
import { ImageMemo } from './image-memo.js';

const FORMAT = 3;
/** The index is written anew once more than 1/REWRITE_SHARE of its entries differ from what this build saw. */
export const REWRITE_SHARE = 64;

/**
 * What reading one body gave (its text aside), with where its Markdown starts in the file, its fence lines and
 * their languages, and the site images it names (their sizes are looked up by each build: an image may change alone).
 */
export interface IndexedBody { size: number; mtimeMs: number; contentHash: string; bodyLine: number; faq?: Faq[]; updated?: string; problems: Problem[]; offset?: number; fences?: number; langs?: string[]; images?: string[] }

/** The hash of a body's text that keys its Markdown (the same whether the text was read now or indexed). */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** A file's size and mtime, as a stat gave them. */
export type SizeAndTime = Pick<fs.Stats, 'size' | 'mtimeMs'>;

/**
 * The index of one project (normally `<root>/.cache/reactsite/inputs/index.json`), for one generator version.
 * `stats` (root-relative paths) are the stats the build already took of its inputs (see LastBuild).
 */
export class InputIndex {
  private readonly entries = new Map<string, IndexedBody>();
  private readonly seen = new Map<string, IndexedBody>();
  /** Entries this build recorded anew (files read because their size or mtime was not the recorded one). */
  private recorded = 0;
  /** The sizes of the public images the bodies name, by their files' stamps (see image-memo.ts). */
  readonly images: ImageMemo;

  constructor(
    private readonly dir: string,
    private readonly versions: string,
    private readonly stats?: ReadonlyMap<string, SizeAndTime>,
  ) {
    this.images = new ImageMemo(dir, versions, stats);
    try {
      const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as { format?: number; versions?: string; files?: Record<string, IndexedBody> };
      if (index.format !== FORMAT || index.versions !== versions || !index.files) return;
      for (const [f, e] of Object.entries(index.files)) if (typeof e?.size === 'number' && typeof e.contentHash === 'string') this.entries.set(f, e);
    } catch {
      // No index yet, or an unreadable one: every file is read.
    }
  }

  /** The size and mtime of root-relative `file` when this build already took them. */
  knownStat(file: string): SizeAndTime | undefined {
    return this.stats?.get(file);
  }

  /** The entry of `file` when its size and mtime (`st`) are the recorded ones. */
  get(file: string, st: SizeAndTime): IndexedBody | undefined {
    const e = this.entries.get(file);
    if (!e || e.size !== st.size || e.mtimeMs !== st.mtimeMs) return undefined;
    this.seen.set(file, e);
    return e;
  }

  /** Records what reading `file` gave. */
  record(file: string, entry: IndexedBody): void {
    this.seen.set(file, entry);
    this.recorded++;
  }

  /**
   * Writes the entries of the files this build saw, unless few differ from the index it read: a body edited
   * since is then read again by the next builds (its size or mtime tells them), which costs each of them about
   * 0.4 ms a file, where writing a 4,000-body index anew cost every edit 50 ms.
   */
  save(): void {
    this.images.save();
    let differ = this.recorded;
    for (const f of this.entries.keys()) if (!this.seen.has(f)) differ++;
    if (differ === 0 || (this.entries.size && differ <= this.entries.size / REWRITE_SHARE)) return;
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      const tmp = path.join(this.dir, `index.json.${process.pid}.tmp`);
      fs.writeFileSync(tmp, JSON.stringify({ format: FORMAT, versions: this.versions, files: Object.fromEntries(this.seen) }));
      fs.renameSync(tmp, path.join(this.dir, 'index.json'));
    } catch {
      // An index that cannot be written only costs speed.
    }
  }
}
