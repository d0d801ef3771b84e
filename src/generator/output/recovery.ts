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
  const leftovers = fs.readdirSync(parent).filter((f) => ['tmp', 'old', 'stale'].some((kind) => f.startsWith(`.${name}.${kind}-`)) && !isRunning(pidOf(f)));
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

/**
 * Deletes `paths` in a detached child process that outlives this one (nothing waits for it), after moving them out
 * of the project where the system's temp folder allows (movedOutOfProject).
 */
export function removeInBackground(paths: string[]): void {
  if (paths.length) deleteInBackground(paths.map((p) => movedOutOfProject(p) ?? p));
}

/**
 * Deletes the folder `dir`, named `<name>-<pid>` after the build that made it, in a detached child process, after
 * moving it out of the project (movedOutOfProject). Where it cannot be moved, this build renames it after the
 * child's pid at once: until it is gone, recoverOutput sees a running process's folder and leaves it alone,
 * instead of deleting the same thousands of files on the next build's own time (a one-body build right after one
 * that had moved 3,999 pages aside spent 250 ms there). Either way the rename is this build's, so nothing new
 * appears beside out/ once the build is over (a script deleting the project then met "Directory not empty").
 */
export function removeAsOwnInBackground(dir: string): void {
  const moved = movedOutOfProject(dir);
  if (moved) return deleteInBackground([moved]);
  try {
    const script = [
      'const fs = require("fs"), own = process.argv[1].replace(/-\\d+$/, "-" + process.pid);',
      'const pause = new Int32Array(new SharedArrayBuffer(4));',
      'for (let i = 0; i < 100 && !fs.existsSync(own); i++) Atomics.wait(pause, 0, 0, 20);',
      'fs.rmSync(own, { recursive: true, force: true });',
    ].join('\n');
    const child = spawn(process.execPath, ['-e', script, dir], { detached: true, stdio: 'ignore' });
    child.unref();
    if (child.pid) fs.renameSync(dir, dir.replace(/-\d+$/, `-${child.pid}`));
  } catch {
    // Left for the next build's recovery.
  }
}

let movedCount = 0;

/**
 * `dir` renamed into the system's temp folder, where that is on its file system (one rename), or undefined. Its
 * deletion there, after this build has ended, then changes nothing in the project: a script that deletes the
 * project meanwhile neither meets a file gone under it (Python's `shutil.rmtree` before 3.13 fails on one) nor races.
 */
function movedOutOfProject(dir: string): string | undefined {
  try {
    const tmp = os.tmpdir();
    if (fs.statSync(tmp).dev !== fs.statSync(path.dirname(dir)).dev) return undefined;
    const to = path.join(tmp, `reactsite-deleting-${process.pid}-${Date.now()}-${++movedCount}`);
    fs.renameSync(dir, to);
    return to;
  } catch {
    return undefined;
  }
}

/** Deletes `paths` in a detached child process. */
function deleteInBackground(paths: string[]): void {
  try {
    const script = 'for (const p of process.argv.slice(1)) require("fs").rmSync(p, { recursive: true, force: true })';
    spawn(process.execPath, ['-e', script, ...paths], { detached: true, stdio: 'ignore' }).unref();
  } catch {
    // Left for the next build to try again.
  }
}
