/**
 * How the main thread and page workers place files in the temp out/: folders made, files opened anew or linked, a
 * recycled copy recognized.
 */
import fs from 'node:fs';
import { racyStat } from '../cache/file-stamps.js';

/** Makes folder `dir` (whose parent exists); one that is already there is fine. */
export function mkdirExisting(dir: string): void {
  try {
    fs.mkdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/** O_NOFOLLOW where the platform has it (not Windows): there a recycled file is never rewritten in place. */
const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;

/**
 * Opens the file already at `file` for rewriting in place if nothing else links to it: a regular file (not a
 * symlink) with one name. Returns undefined for anything else, which must not be written through.
 */
function openUnshared(file: string): number | undefined {
  if (!NO_FOLLOW) return undefined;
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDWR | NO_FOLLOW);
  } catch {
    return undefined;
  }
  try {
    const st = fs.fstatSync(fd);
    if (st.isFile() && st.nlink === 1) return fd;
  } catch {
    // Not to be rewritten, whatever it is.
  }
  fs.closeSync(fd);
  return undefined;
}

/**
 * Writes `data` as the whole content of `file` and returns its stats. A file already there (a recycled page) is
 * rewritten in place when no other name links to it, so the file system reuses its blocks: removing it and
 * writing a new file made ext4 free and allocate them again, and those removals waited on the journal while
 * pages were being written (1.2 s of each thread in a profile of a registry-change build on docs-4000). A file
 * with other links (the page store, someone's copy) or a symlink is removed first, never written through. `data`
 * is text, or bytes in parts (see output/piece-bytes.ts).
 */
export function writeFileAnew(file: string, data: string | readonly Uint8Array[]): fs.Stats {
  let fd: number;
  let inPlace = false;
  try {
    fd = fs.openSync(file, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const unshared = openUnshared(file);
    inPlace = unshared !== undefined;
    if (unshared === undefined) fs.rmSync(file, { force: true });
    fd = unshared ?? fs.openSync(file, 'wx');
  }
  try {
    const bytes = typeof data === 'string' ? fs.writeSync(fd, data, 0) : writeAll(fd, data);
    if (inPlace) fs.ftruncateSync(fd, bytes);
    return fs.fstatSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes `parts` in order from the start of the file `fd`, however many calls that takes; returns the bytes written. */
function writeAll(fd: number, parts: readonly Uint8Array[]): number {
  const total = parts.reduce((n, p) => n + p.byteLength, 0);
  let done = fs.writevSync(fd, parts as Uint8Array[], 0);
  // A regular file takes all at once; should a call write less, the rest goes from one joined buffer.
  if (done < total) {
    const all = Buffer.concat(parts, total);
    while (done < total) done += fs.writeSync(fd, all, done, total - done, done);
  }
  return done;
}

/** Hard-links `src` at `dest` (replacing a file there, e.g. one from public/), copying where links fail. */
export function linkOrCopy(src: string, dest: string): void {
  try {
    fs.linkSync(src, dest);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw e;
    if (code === 'EEXIST') {
      fs.rmSync(dest, { force: true });
      return linkOrCopy(src, dest);
    }
    fs.copyFileSync(src, dest);
  }
}

/**
 * Whether `copy` (a recycled file of out/) is the copy this build would make of `src`: a regular file of one name
 * with its size and, within the millisecond a copied mtime may round to, its mtime, made (its ctime) after `src`
 * last changed and past the racy margin: a same-size edit whose mtime was put back still changes the ctime.
 */
export function sameCopy(copy: fs.Stats | undefined, src: fs.Stats): boolean {
  return !!copy && copy.isFile() && copy.nlink === 1 && copy.size === src.size && Math.abs(copy.mtimeMs - src.mtimeMs) < 1 && !racyStat(src, copy.ctimeMs);
}
