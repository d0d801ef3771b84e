/**
 * Stage 6 sink: the only module that writes out/. A build fills a sibling temp folder while it runs (pages
 * are written or hard-linked there as they are made) and swaps it in place of out/ at the end; until then out/
 * is untouched, and a failed or killed build leaves it as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { placedStamps, type Stamp } from '../cache/file-stamps.js';
import { linkOrCopy, mkdirExisting, sameCopy } from './folders.js';
import { writeError } from './write-error.js';
import { makeSpreadFolder } from './spread-folder.js';
import { foldersInBackground, takeOverFolders } from './next-folders.js';
import { deleteLeftovers, removeInBackground } from './background-delete.js';
import { recoverOutput, trashEntries, trashPrefix, withSwapLock } from './recovery.js';
import { dropReplacedOutput, StaleFiles } from './stale-files.js';
import { listInBackground, type Listing } from './recycled-listing.js';

/** Files of a build: out-relative path -> contents. */
export type OutputFiles = Map<string, string | Uint8Array>;

/**
 * The temp folder a build writes into, swapped in place of out/ by commit(). With a `trashDir` (inside the
 * project's cache), the replaced out/ is moved there; the next build recycles it as its temp folder (its
 * folders already exist, and its pages are often already the right hard links) and makes it exactly the new
 * output: every file is replaced, never written through, and whatever the build did not place is deleted
 * before the swap. Older trash goes to a detached background process. No build creates 4,000 folders or
 * waits for the deletion of a whole site (together 0.7 to 1.3 s at 4,000 pages on this machine).
 */
export class OutputDir {
  readonly tmp: string;
  private readonly dirs = new Set<string>();
  /** Files and folders the recycled temp folder had; files leave it as the build places them. */
  private readonly leftFiles = new Set<string>();
  private readonly leftDirs = new Set<string>();
  /** The recycled folder's listing in the making, whether it is in leftFiles and leftDirs, and prepare()'s work. */
  private listing?: Promise<Listing>;
  private listed = false;
  private prepared?: Promise<void>;
  /** Folders a page job makes (see claimForJob); anything else placed in one makes it first. */
  private readonly pendingDirs = new Set<string>();
  /** The size of every file this build placed, by out-relative path (the summary's figures, without a walk of out/). */
  private readonly placedSizes = new Map<string, number>();
  /** Recycled files replaced by this build, moved aside instead of deleted (see stale-files.ts). */
  private readonly stale: StaleFiles;
  /** The lstat of each recycled page that already was its stored page (see link): commit() stamps it from that. */
  private readonly keptStats = new Map<string, fs.Stats>();

  private constructor(
    readonly outDir: string,
    private readonly trashDir?: string,
  ) {
    this.tmp = path.join(path.dirname(outDir), `.${path.basename(outDir)}.tmp-${process.pid}`);
    this.stale = new StaleFiles(outDir);
  }

  /** Repairs what a killed build left, recycles the newest trash (or starts empty), and deletes older trash in the background. */
  static open(outDir: string, trashDir?: string): OutputDir {
    try {
      recoverOutput(outDir, trashDir);
      deleteLeftovers();
      const o = new OutputDir(outDir, trashDir);
      fs.mkdirSync(path.dirname(outDir), { recursive: true });
      fs.rmSync(o.tmp, { recursive: true, force: true });
      const trash = trashEntries(trashDir, outDir);
      const newest = trash.pop();
      removeInBackground(trash.map((f) => path.join(trashDir!, f)));
      let recycled = false;
      // No trash yet, as right after a first build: the folders made for this build, if any.
      if (!newest && trashDir) recycled = takeOverFolders(outDir, o.tmp);
      if (newest) {
        try {
          fs.renameSync(path.join(trashDir!, newest), o.tmp);
          recycled = true;
        } catch {
          removeInBackground([path.join(trashDir!, newest)]);
        }
      }
      if (recycled) o.listing = listInBackground(o.tmp);
      else makeSpreadFolder(o.tmp);
      o.dirs.add('.');
      return o;
    } catch (e) {
      throw writeError(outDir, e);
    }
  }

  /** Waits for what any file placed must follow (see prepare): placing one before throws. */
  ready = async (): Promise<void> => void (await this.prepared);

  /** Starts, once, what ready() waits for: the recycled folder's listing (begun by open) taken in, then `publicDir` copied. */
  prepare(publicDir?: string): Promise<void> {
    return (this.prepared ??= (async () => {
      const listing = await this.listing;
      listing?.files.forEach((f) => this.leftFiles.add(f));
      listing?.dirs.forEach((d) => this.leftDirs.add(d));
      this.listed = true;
      if (publicDir) await this.copyPublic(publicDir);
    })());
  }

  /** Makes sure the folder of out-relative `file` exists. */
  ensureDirOf(file: string): void {
    if (!this.listed) throw new Error('OutputDir: a file placed before ready()');
    const dir = path.posix.dirname(file);
    if (this.pendingDirs.delete(dir)) return mkdirExisting(path.join(this.tmp, dir));
    if (this.dirs.has(dir)) return;
    this.ensureDirOf(dir);
    if (this.leftDirs.has(dir)) {
      this.leftDirs.delete(dir);
    } else {
      // A recycled file where this build needs a folder goes first.
      if (this.leftFiles.delete(dir)) fs.rmSync(path.join(this.tmp, dir), { force: true });
      try {
        fs.mkdirSync(path.join(this.tmp, dir));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    this.dirs.add(dir);
  }

  /**
   * Claims out-relative `file` for a file placed by this build (here or on another thread); a recycled file
   * there is removed, so nothing is ever written through a hard link. Returns the absolute path.
   */
  claim(file: string): string {
    this.ensureDirOf(file);
    const abs = path.join(this.tmp, file);
    if (this.leftFiles.delete(file)) fs.rmSync(abs, { force: true });
    else if (this.leftDirs.delete(file)) fs.rmSync(abs, { recursive: true, force: true });
    return abs;
  }

  /**
   * claim() for a file a page job writes, on any thread: true when the job must make the file's folder first
   * (mkdirExisting), so a cold build does not make thousands of folders one after another before any page starts.
   * A recycled file at `file` is left for the job to rewrite or replace (writeFileAnew), not unlinked here first.
   */
  claimForJob(file: string): boolean {
    const dir = path.posix.dirname(file);
    let jobMakesDir = false;
    if (!this.dirs.has(dir)) {
      this.ensureDirOf(dir);
      if (!this.leftDirs.delete(dir)) {
        if (this.leftFiles.delete(dir)) fs.rmSync(path.join(this.tmp, dir), { force: true });
        jobMakesDir = true;
        this.pendingDirs.add(dir);
      }
      this.dirs.add(dir);
    }
    if (!jobMakesDir) {
      this.ensureDirOf(file);
      if (!this.leftFiles.delete(file) && this.leftDirs.delete(file)) fs.rmSync(path.join(this.tmp, file), { recursive: true, force: true });
    }
    return jobMakesDir;
  }

  /** Writes one out-relative file. */
  write(file: string, data: string | Uint8Array): void {
    fs.writeFileSync(this.claim(file), data);
    this.placedSizes.set(file, typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength);
  }

  /** Records the size of a file a page job wrote where claimForJob let it. */
  placed(file: string, size: number): void {
    this.placedSizes.set(file, size);
  }

  /** Every file this build placed, with its size (what out/ holds once committed). */
  get sizes(): ReadonlyMap<string, number> {
    return this.placedSizes;
  }

  /**
   * Puts `src` (a stored page) at out-relative `file`: a hard link, or a copy where links are not possible.
   * `srcId` (its inode, device and size, when the caller has just stat'ed it) saves a stat.
   */
  link(file: string, src: string, srcId?: { ino: number; dev: number; size: number }): void {
    this.ensureDirOf(file);
    const dest = path.join(this.tmp, file);
    const b = srcId ?? fs.statSync(src);
    this.placedSizes.set(file, b.size);
    if (this.leftDirs.delete(file)) fs.rmSync(dest, { recursive: true, force: true });
    if (this.leftFiles.delete(file)) {
      // A recycled page that already is this stored page stays; anything else is replaced.
      const a = fs.lstatSync(dest, { throwIfNoEntry: false });
      if (a && a.ino === b.ino && a.dev === b.dev) return void this.keptStats.set(file, a);
      if (a && a.nlink === 1 && a.isFile()) this.stale.setAside(dest);
      else if (a) fs.unlinkSync(dest);
    }
    linkOrCopy(src, dest);
  }

  /**
   * Copies public/ into the output (content files written later win). Each copy gets its source's mtime, so a
   * recycled copy with the source's size and mtime is the same file and stays: a build of a site with 8,000
   * pictures copied them all again, 1.2 s of every build with one body changed.
   */
  private async copyPublic(publicDir: string): Promise<void> {
    if (!fs.existsSync(publicDir)) return;
    for (const f of await fg('**/*', { cwd: publicDir, dot: false, onlyFiles: true })) {
      const src = fs.statSync(path.join(publicDir, f));
      this.placedSizes.set(f, src.size);
      if (this.leftFiles.has(f) && sameCopy(fs.lstatSync(path.join(this.tmp, f), { throwIfNoEntry: false }), src)) {
        this.leftFiles.delete(f);
        this.ensureDirOf(f);
        continue;
      }
      const dest = this.claim(f);
      fs.copyFileSync(path.join(publicDir, f), dest);
      fs.utimesSync(dest, src.atimeMs / 1000, src.mtimeMs / 1000);
    }
  }

  /** Deletes what the recycled temp folder had and this build did not place, so the output is exactly this build. */
  private sweep(): void {
    for (const f of this.leftFiles) fs.rmSync(path.join(this.tmp, f), { recursive: true, force: true });
    // Deepest first: a folder is only removed after what was in it.
    for (const d of [...this.leftDirs].sort((a, b) => b.length - a.length)) fs.rmSync(path.join(this.tmp, d), { recursive: true, force: true });
    this.leftFiles.clear();
    this.leftDirs.clear();
  }

  /**
   * Replaces out/ with the temp folder using two back-to-back renames; recoverOutput repairs a kill between them.
   * The replaced out/ goes to the trash for the next build to recycle, even when none of its pages is stored any
   * more (every page rendered again): its folders spare the next build as many mkdir calls, and a deletion in the
   * background would compete with it for the disk (two registry changes in a row on docs-4000: 6.13 s against
   * 7.30 s, in turns). It holds its own copy of those pages' bytes until then. With `stamp`, returns the stamps of
   * every file placed and its folders, taken just before the swap (a rename keeps them), or when a kept page was
   * checked (a change since only makes the next build run in full): what out/ is once this build's.
   */
  async commit(stamp = false): Promise<Stamp[] | undefined> {
    if (!this.listed) throw new Error('OutputDir: commit() before ready()');
    try {
      this.sweep();
      const stamps = stamp ? placedStamps(this.tmp, this.placedSizes.keys(), this.keptStats) : undefined;
      await withSwapLock(this.outDir, () => this.swap());
      this.stale.drop();
      return stamps;
    } catch (e) {
      this.abort();
      throw writeError(this.outDir, e);
    }
  }

  /** The two renames (under the swap lock). */
  private swap(): void {
    const had = fs.existsSync(this.outDir);
    const old = had ? this.setAside() : undefined;
    try {
      fs.renameSync(this.tmp, this.outDir);
    } catch (e) {
      if (old) fs.renameSync(old.path, this.outDir);
      throw e;
    }
    // out/ is this build's now: what follows only tidies up or helps the next build, and may not fail it.
    try {
      if (old && !old.trash) dropReplacedOutput(old.path, this.outDir, this.placedSizes.size);
      // Nothing went to the trash (no out/ before, as after a cold build): the next build gets this one's folders
      // to recycle all the same, made by another process outside the project (0.24 s of the first changed build at
      // 4,000 pages).
      if (!old?.trash && this.trashDir) {
        const folders = [...this.dirs].filter((d) => d !== '.').sort((a, b) => a.length - b.length);
        foldersInBackground(this.outDir, this.trashDir, folders);
      }
    } catch {
      // A trash that cannot be written (a read-only .cache/): the next build starts from empty folders.
    }
  }

  /** A new trash entry's path (names sort by time, newest last). */
  private trashName(): string {
    return path.join(this.trashDir!, `${trashPrefix(this.outDir)}${String(Date.now()).padStart(15, '0')}-${process.pid}`);
  }

  /** Moves out/ into the trash, or next to itself when the trash is elsewhere (another file system). */
  private setAside(): { path: string; trash: boolean } {
    if (this.trashDir) {
      const to = this.trashName();
      try {
        fs.mkdirSync(this.trashDir, { recursive: true });
        fs.renameSync(this.outDir, to);
        return { path: to, trash: true };
      } catch {
        // EXDEV and friends: fall back to a sibling folder, deleted right away.
      }
    }
    const old = path.join(path.dirname(this.outDir), `.${path.basename(this.outDir)}.old-${process.pid}`);
    fs.renameSync(this.outDir, old);
    return { path: old, trash: false };
  }

  /** Drops the temp folder; out/ stays as it was. */
  abort(): void {
    this.stale.drop();
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}
