/** Folder making shared by the main thread and page workers. */
import fs from 'node:fs';

/** Makes folder `dir` (whose parent exists); one that is already there is fine. */
export function mkdirExisting(dir: string): void {
  try {
    fs.mkdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}
