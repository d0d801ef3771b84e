/**
 * The index of a build's input files (tutorial bodies): what reading and validating each one gave, by its size,
 * mtime and ctime. A body whose stat is the recorded one is not read again: its front matter comes from here and
 * its text is read only if a page is rendered from it. A changed stat reads it again, and the content hash then
 * tells whether it really changed. The ctime catches a same-size edit whose old mtime was put back (`touch -r`,
 * a copy or archive that keeps mtimes); a file read within the racy margin of its last change (see racyStat) is
 * not recorded, since it could change again within the same timestamp tick unseen.
 */
import { hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Faq } from '../../site/types.js';
import type { Problem } from '../problems/problem.js';
import { racyStat, type InputStats, type SizeAndTime, type StampedStat } from '../cache/file-stamps.js';
import { ImageMemo } from './image-memo.js';
import { RegistryMemo } from './registry-memo.js';

const FORMAT = 4;
/** The index is written anew once more than 1/REWRITE_SHARE of its entries differ from what this build saw. */
export const REWRITE_SHARE = 64;

/**
 * What reading one body gave (its text aside), with where its Markdown starts in the file, its fence lines and
 * their languages, and the site images it names (their sizes are looked up by each build: an image may change alone).
 */
export interface IndexedBody { size: number; mtimeMs: number; ctimeMs: number; contentHash: string; bodyLine: number; faq?: Faq[]; updated?: string; problems: Problem[]; offset?: number; fences?: number; langs?: string[]; images?: string[] }

/** The hash of a body's text that keys its Markdown (the same whether the text was read now or indexed). */
export function contentHash(text: string): string {
  return hash('sha256', text, 'base64url');
}

/**
 * The index of one project (normally `<root>/.cache/reactsite/inputs/index.json`), for one generator version.
 * `stats` are the stats the build already took of its inputs (see LastBuild).
 */
export class InputIndex {
  private readonly entries = new Map<string, IndexedBody>();
  private readonly seen = new Map<string, IndexedBody>();
  /** Entries this build recorded anew (files read because their size or mtime was not the recorded one). */
  private recorded = 0;
  /** The sizes of the public images the bodies name, by their files' stamps (see image-memo.ts). */
  readonly images: ImageMemo;
  /** The registry as the last build validated it (see registry-memo.ts). */
  readonly registry: RegistryMemo;

  constructor(
    private readonly dir: string,
    private readonly versions: string,
    private readonly stats?: InputStats,
  ) {
    this.images = new ImageMemo(dir, versions, stats);
    this.registry = new RegistryMemo(dir, versions);
    try {
      const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as { format?: number; versions?: string; files?: Record<string, IndexedBody> };
      if (index.format !== FORMAT || index.versions !== versions || !index.files) return;
      for (const [f, e] of Object.entries(index.files)) if (typeof e?.size === 'number' && typeof e.ctimeMs === 'number' && typeof e.contentHash === 'string') this.entries.set(f, e);
    } catch {
      // No index yet, or an unreadable one: every file is read.
    }
  }

  /** The stat of root-relative `file` under `root`: the one this build already took, else one taken now. */
  async stat(root: string, file: string): Promise<StampedStat | undefined> {
    const known = this.stats?.files.get(file);
    if (known) return { ...known, at: this.stats!.at };
    const at = Date.now();
    const st = await fs.promises.stat(path.join(root, file)).catch(() => undefined);
    return st && { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, at };
  }

  /** The entry of `file` when its size, mtime and ctime (`st`) are the recorded ones. */
  get(file: string, st: SizeAndTime): IndexedBody | undefined {
    const e = this.entries.get(file);
    if (!e || e.size !== st.size || e.mtimeMs !== st.mtimeMs || e.ctimeMs !== st.ctimeMs) return undefined;
    this.seen.set(file, e);
    return e;
  }

  /**
   * Records what reading `file` gave, under the stat `st` taken before the read; nothing when the file changed
   * within the racy margin before it (the next build reads it again).
   */
  record(file: string, st: StampedStat, entry: Omit<IndexedBody, 'size' | 'mtimeMs' | 'ctimeMs'>): void {
    this.recorded++;
    if (racyStat(st, st.at)) return;
    this.seen.set(file, { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ...entry });
  }

  /**
   * Writes the entries of the files this build saw, unless few differ from the index it read: a body edited
   * since is then read again by the next builds (its size or mtime tells them), which costs each of them about
   * 0.4 ms a file, where writing a 4,000-body index anew cost every edit 50 ms.
   */
  save(): void {
    this.images.save();
    this.registry.save();
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
