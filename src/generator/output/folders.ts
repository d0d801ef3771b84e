/** What the main thread and page workers share to place files in the temp out/: folders made, files opened anew. */
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
