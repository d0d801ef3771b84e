/**
 * What earlier builds read of the size of each public image (`.cache/reactsite/inputs/images.json`), by the size,
 * mtime and ctime of its file as this build stamped it: an image whose stamp is the recorded one is not read
 * again. An image changed within the racy margin before the stamp (see racyStat) is not recorded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { racyStat, type InputStats } from '../cache/file-stamps.js';
import type { SizeMemo } from './image-sizes.js';

const FORMAT = 2;

/** One image: its file's size, mtime and ctime, and its width and height (none for a file that is no image). */
type Entry = [size: number, mtimeMs: number, ctimeMs: number, width?: number, height?: number];

/** The memo of one project for one generator version; `stats` are the build's stamps of its inputs (root-relative). */
export class ImageMemo implements SizeMemo {
  private entries: Map<string, Entry> | undefined;
  private changed = false;

  constructor(
    private readonly dir: string,
    private readonly versions: string,
    private readonly stats?: InputStats,
  ) {}

  /** The size recorded for root-relative image path `ref`, when its file's stamp is the one recorded with it. */
  get(ref: string): readonly [number, number] | null | undefined {
    const st = this.stats?.files.get(`public${ref}`);
    const e = st && this.read().get(ref);
    if (!e || e[0] !== st!.size || e[1] !== st!.mtimeMs || e[2] !== st!.ctimeMs) return undefined;
    return e[3] !== undefined && e[4] !== undefined ? [e[3], e[4]] : null;
  }

  /** Records what reading `ref` gave, under the stamp this build took of its file (nothing without one, or a racy one). */
  set(ref: string, size: readonly [number, number] | null): void {
    const st = this.stats?.files.get(`public${ref}`);
    if (!st || racyStat(st, this.stats!.at)) return;
    this.read().set(ref, size ? [st.size, st.mtimeMs, st.ctimeMs, size[0], size[1]] : [st.size, st.mtimeMs, st.ctimeMs]);
    this.changed = true;
  }

  /** Writes the memo when this build read an image; one that cannot be written only costs speed. */
  save(): void {
    if (!this.changed || !this.entries) return;
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      const tmp = path.join(this.dir, `images.json.${process.pid}.tmp`);
      fs.writeFileSync(tmp, JSON.stringify({ format: FORMAT, versions: this.versions, images: Object.fromEntries(this.entries) }));
      fs.renameSync(tmp, path.join(this.dir, 'images.json'));
      this.changed = false;
    } catch {
      // Read again next time.
    }
  }

  private read(): Map<string, Entry> {
    if (this.entries) return this.entries;
    this.entries = new Map();
    try {
      const memo = JSON.parse(fs.readFileSync(path.join(this.dir, 'images.json'), 'utf8')) as { format?: number; versions?: string; images?: Record<string, Entry> };
      if (memo.format === FORMAT && memo.versions === this.versions && memo.images) for (const [ref, e] of Object.entries(memo.images)) if (Array.isArray(e) && typeof e[0] === 'number' && typeof e[1] === 'number' && typeof e[2] === 'number') this.entries.set(ref, e);
    } catch {
      // None yet, or unreadable: every image is read.
    }
    return this.entries;
  }
}
