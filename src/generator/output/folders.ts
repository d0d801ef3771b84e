/** How the main thread and page workers place files in the temp out/: folders made, files opened anew or linked. */
import fs from 'node:fs';

/** Makes folder `dir` (whose parent exists); one that is already there is fine. */
export function mkdirExisting(dir: string): void {
  try {
    fs.mkdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/**
 * Opens `file` to write a new inode: a file already there (a recycled page, maybe hard-linked into the page
 * store) is removed first, never written through.
 */
export function openNew(file: string): number {
  try {
    return fs.openSync(file, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    fs.rmSync(file, { force: true });
    return fs.openSync(file, 'wx');
  }
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
