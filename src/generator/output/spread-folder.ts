/**
 * Folders made where new inodes are cheap. On ext4 without a journal, each new inode skips every inode of its
 * block group freed in the last minute (five while their block is not yet written), reading each one: right after
 * `rm -rf .cache out` of a 4,000-page site, 3,000 folders made beside the deleted ones took 352 µs each, against
 * 30 µs each in another block group. ext4 places the folders made in a folder marked as the top of a tree
 * (`chattr +T`) in a block group of their own (its Orlov allocator), and a folder keeps its place when it is renamed:
 * what is then made in it goes near it. So a build makes its output and cache folders in this user's private temp
 * folder, so marked, and renames them into the project. Elsewhere (no ext4, no `chattr`, a temp folder on another
 * file system) the folder is made where it is, as before.
 *
 * The block group ext4 picks for a new entry there is the one with the fewest folders among those with more free
 * inodes than average, starting from a hash of the entry's name: right after a deletion, often the group the
 * deleted folders were in (15 of 34 entries made right after deleting a 4,000-page build paid 272-706 µs an
 * inode). So each entry is probed (see skippedInodes) and another one tried while ext4 skips inodes in it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newEntry, privateTempNear } from './private-temp.js';

/** The entries a folder is made in before it is renamed into place start with this. */
export const SPREAD = 'spread-';

/**
 * Makes folder `target` (its parent must exist) where its inode is cheap to make and so are those made in it;
 * `dir`: the folder it is made in first (this user's private temp folder when it is on target's file system);
 * `probe`: how many inodes ext4 skipped in an entry there (tests give their own).
 */
export function makeSpreadFolder(target: string, dir = privateTempNear(path.dirname(target)), probe: Probe = skippedInodes): void {
  if (dir && markedTop(dir)) {
    let entry: string | undefined;
    let made = false;
    try {
      // The entry is placed on its own (and private: mode 700); the folder made in it, near it, with the mode
      // any folder gets here.
      entry = cheapEntry(dir, SPREAD, probe);
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

/** How many inode numbers a probe skipped in an entry (see skippedInodes). */
export type Probe = (entry: string) => number;

/** Entries tried at most for one folder (see cheapEntry). */
export const ENTRY_TRIES = 4;

/**
 * A new entry of `dir` (named `<kind>_<random>`) with an empty folder `folder` in it, in a block group where
 * inodes are cheap to make: of up to ENTRY_TRIES entries, the first where `probe` skipped no inode, else the one
 * where it skipped fewest. Entries are kept while others are tried (each holds folders there, which ext4 weighs
 * when it places the next), then the others are deleted.
 */
export function cheapEntry(dir: string, kind: string, probe: Probe = skippedInodes, folder = 'f'): string {
  const tried: { entry: string; skipped: number }[] = [];
  try {
    while (tried.length < ENTRY_TRIES && !tried.some((t) => t.skipped === 0)) {
      const entry = newEntry(dir, kind);
      tried.push({ entry, skipped: Number.POSITIVE_INFINITY });
      fs.mkdirSync(path.join(entry, folder));
      tried[tried.length - 1]!.skipped = probe(entry);
    }
  } catch (e) {
    for (const t of tried) fs.rmSync(t.entry, { recursive: true, force: true });
    throw e;
  }
  const best = tried.reduce((a, b) => (b.skipped < a.skipped ? b : a));
  for (const t of tried) if (t !== best) fs.rmSync(t.entry, { recursive: true, force: true });
  return best.entry;
}

/**
 * An entry of `dir` (`<kind>_<random>`) with an empty folder `folder` in it: placed by cheapEntry where `dir` takes
 * the top-of-tree mark (ext4), made as it comes elsewhere, where inode numbers tell nothing of the cost.
 */
export function placedEntry(dir: string, kind: string, folder: string): string {
  if (markedTop(dir)) return cheapEntry(dir, kind, skippedInodes, folder);
  const entry = newEntry(dir, kind);
  try {
    fs.mkdirSync(path.join(entry, folder));
  } catch (e) {
    fs.rmSync(entry, { recursive: true, force: true });
    throw e;
  }
  return entry;
}

/**
 * How many inode numbers ext4 skipped while a probe made eight folders with a file each in `entry` (in a folder of
 * its own, as pages are made, then deleted): it hands out a block group's free inodes in order, skipping each one
 * freed in the last minutes, so 0 where it had none to skip. Measured right after deleting a 4,000-page build, by
 * filling an entry with 1,000 folders with a file each: entries whose probe skipped some took 55-640 µs an inode
 * (most above 300), those whose probe skipped none 18-22 µs (one of ten: 72 µs; the probe sees only the group's
 * first free inodes).
 */
export function skippedInodes(entry: string): number {
  const probe = path.join(entry, 'probe');
  fs.mkdirSync(probe);
  const inodes: number[] = [];
  try {
    for (let i = 0; i < 8; i++) {
      const folder = path.join(probe, String(i));
      fs.mkdirSync(folder);
      const fd = fs.openSync(path.join(folder, 'p'), 'w');
      try {
        inodes.push(fs.statSync(folder).ino, fs.fstatSync(fd).ino);
      } finally {
        fs.closeSync(fd);
      }
    }
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
  return Math.max(...inodes) - Math.min(...inodes) + 1 - inodes.length;
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
