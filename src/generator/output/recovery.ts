/**
 * What keeps out/ whole across killed and concurrent builds: the trash of replaced out/ folders, recovery of a
 * swap cut short, the swap lock, and deletion in a detached background process.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isRunning } from '../cache/running-process.js';

/** Prefix of the trash entries of one out/ folder (its absolute path, hashed). */
export function trashPrefix(outDir: string): string {
  return `${createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 12)}-`;
}

/** The trash entries of `outDir`, oldest first (names end in a zero-padded time). */
export function trashEntries(trashDir: string | undefined, outDir: string): string[] {
  if (!trashDir || !fs.existsSync(trashDir)) return [];
  const prefix = trashPrefix(outDir);
  return fs.readdirSync(trashDir).filter((f) => f.startsWith(prefix)).sort();
}

/**
 * Puts back an out/ left aside by a build killed mid-swap (from the trash, or a sibling `.out.old-*`);
 * removes the temp and stale folders of killed builds. What belongs to a build still running is left alone.
 */
export function recoverOutput(outDir: string, trashDir?: string): void {
  const parent = path.dirname(outDir);
  const name = path.basename(outDir);
  if (!fs.existsSync(parent)) return;
  const pidOf = (f: string) => Number(f.split('-').pop());
  const leftovers = fs.readdirSync(parent).filter((f) => ['tmp', 'old', 'stale', 'folders'].some((kind) => f.startsWith(`.${name}.${kind}-`)) && !isRunning(pidOf(f)));
  const old = leftovers.filter((f) => f.startsWith(`.${name}.old-`)).sort().pop();
  // Only an out/ set aside by a swap that never finished: its killed build's temp folder is still there.
  const trashed = trashEntries(trashDir, outDir)
    .filter((f) => leftovers.includes(`.${name}.tmp-${pidOf(f)}`))
    .pop();
  if (!fs.existsSync(outDir) && trashed) fs.renameSync(path.join(trashDir!, trashed), outDir);
  else if (!fs.existsSync(outDir) && old) fs.renameSync(path.join(parent, old), outDir);
  for (const f of leftovers) if (fs.existsSync(path.join(parent, f))) fs.rmSync(path.join(parent, f), { recursive: true, force: true });
}

/**
 * Runs `f` while holding the swap lock of `outDir` (a file created exclusively next to it), so two builds of
 * one project never interleave their renames. A lock whose build is gone is taken over.
 */
export async function withSwapLock<T>(outDir: string, f: () => T): Promise<T> {
  const lock = path.join(path.dirname(outDir), `.${path.basename(outDir)}.swap-lock`);
  for (let waited = 0; ; waited += 20) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let holder = 0;
      try {
        holder = Number(fs.readFileSync(lock, 'utf8')) || 0;
      } catch {
        continue; // released meanwhile: try again at once
      }
      if ((holder && !isRunning(holder)) || waited > 30_000) fs.rmSync(lock, { force: true });
      else await new Promise((r) => setTimeout(r, 20));
    }
  }
  try {
    return f();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** Deletes `paths` in a detached child process that outlives this one (nothing waits for it). */
export function removeInBackground(paths: string[]): void {
  if (!paths.length) return;
  try {
    const script = 'for (const p of process.argv.slice(1)) require("fs").rmSync(p, { recursive: true, force: true })';
    spawn(process.execPath, ['-e', script, ...paths], { detached: true, stdio: 'ignore' }).unref();
  } catch {
    // Left for the next build to try again.
  }
}

/**
 * Deletes the folder `dir`, named `<name>-<pid>` after the build that made it, in a detached child process that
 * first renames it after its own pid: until it is gone, recoverOutput sees a running process's folder and leaves
 * it alone, instead of deleting the same thousands of files on the next build's own time (a one-body build right
 * after one that had moved 3,999 pages aside spent 250 ms there).
 */
export function removeAsOwnInBackground(dir: string): void {
  try {
    const script = 'const fs = require("fs"), p = process.argv[1], own = p.replace(/-\\d+$/, "-" + process.pid); let d = p; try { fs.renameSync(p, own); d = own; } catch {} fs.rmSync(d, { recursive: true, force: true });';
    spawn(process.execPath, ['-e', script, dir], { detached: true, stdio: 'ignore' }).unref();
  } catch {
    // Left for the next build's recovery.
  }
}

/**
 * Takes over, as the temp folder `into`, the folders a background process is still making for this build
 * (foldersInBackground): a build that starts right after a first one finds them half made, and makes only the
 * rest. False when there are none (or they just went to the trash: the caller looks there again).
 */
export function takeOverFolders(outDir: string, into: string): boolean {
  const parent = path.dirname(outDir);
  const making = fs.readdirSync(parent).find((f) => f.startsWith(`.${path.basename(outDir)}.folders-`));
  if (!making) return false;
  try {
    fs.renameSync(path.join(parent, making), into);
    return true;
  } catch {
    return false;
  }
}

/** What tells a trash folder from one made anew or changed since (an inode number is reused at once). */
function trashStamp(s: { ino: number; birthtimeMs: number; mtimeMs: number }): string {
  return `${s.ino}:${s.birthtimeMs}:${s.mtimeMs}`;
}

/** How long the folders for the next build wait after a build ends (see foldersInBackground). */
export const FOLDERS_AFTER_MS = 500;

/**
 * Makes the `folders` (out-relative, parents first) of the output just made in a detached child process that
 * outlives this one, and moves them into the trash as entry `trashEntry` once all are made: the next build
 * recycles them when this one left it no trash. They are made beside out/ (`.out.folders-<pid of the child>`),
 * not in the trash: `rm -rf .cache` right after a build must not race a process adding folders there (it failed
 * with "Directory not empty"). A build that starts while they are being made takes the folder over as its own
 * temp folder (takeOverFolders), and the child stops at its next folder. A failure anywhere, the cache deleted
 * meanwhile among them, drops the folders; a killed child's folder goes with the next build's recovery.
 *
 * The child runs at the lowest priority, starts FOLDERS_AFTER_MS after the build, and gives up (before it starts,
 * and between every 256 folders) once the trash folder is gone, made anew or changed (the cache deleted, as before
 * a cold build) or another build of this out/ is running (its temp folder is there: it started before these
 * folders, or took them over). Made and deleted unused, they cost cold builds run back to back the CPU they took
 * and 4,000 inodes this file system then skips when it makes new ones.
 */
export function foldersInBackground(outDir: string, trashEntry: string, folders: readonly string[]): void {
  try {
    const list = path.join(os.tmpdir(), `reactsite-folders-${process.pid}-${Date.now()}.json`);
    const trash = trashStamp(fs.statSync(path.dirname(trashEntry)));
    fs.writeFileSync(list, JSON.stringify({ parent: path.dirname(outDir), name: path.basename(outDir), trashEntry, trash, folders, wait: FOLDERS_AFTER_MS }));
    const script = [
      'const fs = require("fs"), os = require("os"), path = require("path");',
      'const j = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); fs.rmSync(process.argv[1]);',
      'try { os.setPriority(19); } catch {}',
      `const stamp = ${trashStamp.toString()};`,
      'const tmp = path.join(j.parent, "." + j.name + ".folders-" + process.pid);',
      'const quiet = () => {',
      '  let same = false; try { same = stamp(fs.statSync(path.dirname(j.trashEntry))) === j.trash; } catch {}',
      '  return same && !fs.readdirSync(j.parent).some((f) => f.startsWith("." + j.name + ".tmp-"));',
      '};',
      'setTimeout(() => {',
      '  if (!quiet()) return;',
      '  try {',
      '    fs.mkdirSync(tmp);',
      '    j.folders.forEach((d, i) => { if (i % 256 === 255 && !quiet()) throw new Error("given up"); fs.mkdirSync(path.join(tmp, d)); });',
      '    fs.renameSync(tmp, j.trashEntry);',
      '  } catch { fs.rmSync(tmp, { recursive: true, force: true }); }',
      '}, j.wait);',
    ].join('\n');
    spawn(process.execPath, ['-e', script, list], { detached: true, stdio: 'ignore' }).unref();
  } catch {
    // Only the next build's speed depends on it.
  }
}
