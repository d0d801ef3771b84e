/**
 * Folders made where new inodes are cheap. On ext4 without a journal, each new inode skips every inode of its
 * block group freed in the last minute (five while their block is not yet written), reading each one: right after
 * `rm -rf .cache out` of a 4,000-page site, 3,000 folders made beside the deleted ones took 352 µs each, against
 * 30 µs each in another block group. ext4 places the folders made in a folder marked as the top of a tree
 * (`chattr +T`) in a block group of their own (its Orlov allocator), and a folder keeps its place when it is renamed:
 * what is then made in it goes near it. So a build makes its output and cache folders in this user's private temp
 * folder, so marked, and renames them into the project. Elsewhere (no ext4, no `chattr`, a temp folder on another
 * file system) the folder is made where it is, as before.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newEntry, privateTempNear } from './private-temp.js';

/** The entries a folder is made in before it is renamed into place start with this. */
export const SPREAD = 'spread-';

/**
 * Makes folder `target` (its parent must exist) where its inode is cheap to make and so are those made in it;
 * `dir`: the folder it is made in first (this user's private temp folder when it is on target's file system).
 */
export function makeSpreadFolder(target: string, dir = privateTempNear(path.dirname(target))): void {
  if (dir && markedTop(dir)) {
    let entry: string | undefined;
    let made = false;
    try {
      // The entry is placed on its own (and private: mode 700); the folder made in it, near it, with the mode
      // any folder gets here.
      entry = newEntry(dir, SPREAD);
      fs.mkdirSync(path.join(entry, 'f'));
      fs.renameSync(path.join(entry, 'f'), target);
      made = true;
    } catch {
      // Made where it is, below.
    }
    try {
      if (entry) fs.rmSync(entry, { recursive: true, force: true });
    } catch {
      // An empty folder left in the private temp folder.
    }
    if (made) return;
  }
  fs.mkdirSync(target);
}

/** The folders this process marked as the top of a tree, and whether the file system took the mark. */
const marked = new Map<string, boolean>();

/** Whether `dir` is marked as the top of a tree (`chattr +T`, about 2 ms: once a process). */
function markedTop(dir: string): boolean {
  let done = marked.get(dir);
  if (done === undefined) {
    done = process.platform === 'linux' && spawnSync('chattr', ['+T', dir], { stdio: 'ignore', timeout: 2000 }).status === 0;
    marked.set(dir, done);
  }
  return done;
}
