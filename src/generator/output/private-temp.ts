/**
 * This user's folder in the system's temp folder, where a build leaves what runs after it has exited (the next
 * build's folders, deletions): nothing of it is inside the project, and only this user can enter it, so no one else
 * can plant an entry there. Each entry is made `<kind>_<random>` by a build, then renamed `<kind><pid>` by the
 * process that works on it, which tells a later build whether that process is still running.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Entries of a build's deletions start with this. */
export const DELETING = 'deleting-';

/** Entries of the folders made for a next build start with this, then the out/ folder's hash. */
export const FOLDERS = 'folders-';

/** This user's folder (made if `make`), or undefined when it is missing or someone else could enter it. */
export function privateTempDir(make = true): string | undefined {
  const uid = process.getuid?.();
  const dir = path.join(os.tmpdir(), `reactsite-${uid ?? 'user'}`);
  try {
    if (make) fs.mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
  }
  try {
    const st = fs.lstatSync(dir);
    // Where there are users and modes (not on Windows, whose temp folder is the user's own).
    if (!st.isDirectory() || (uid !== undefined && (st.uid !== uid || (st.mode & 0o077) !== 0))) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/** privateTempDir, when a rename can move a folder between it and the folder `near` (one file system); else undefined. */
export function privateTempNear(near: string): string | undefined {
  const dir = privateTempDir();
  try {
    return dir && fs.statSync(dir).dev === fs.statSync(near).dev ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** A new entry `<kind>_<random>` of the private folder `dir`, made by this build for a process to claim. */
export function newEntry(dir: string, kind: string): string {
  return fs.mkdtempSync(path.join(dir, `${kind}_`));
}

/**
 * The process an entry named `<kind><pid>` was claimed by, 0 for one not claimed yet (`<kind>_<random>`), or
 * undefined for a name of another kind.
 */
export function claimOf(name: string, kind: string): number | undefined {
  if (!name.startsWith(kind)) return undefined;
  const rest = name.slice(kind.length);
  if (rest.startsWith('_')) return 0;
  return /^\d+$/.test(rest) ? Number(rest) : undefined;
}

/** Script text (for a helper process) that renames the entry at `given` (`<kind>_<random>`) after its own pid. */
export const CLAIM_SCRIPT = 'const claim = (given) => given.replace(/_[A-Za-z0-9]+$/, String(process.pid));';
