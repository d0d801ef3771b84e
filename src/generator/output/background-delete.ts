/**
 * Deleting what a build replaced without waiting for it, and without touching the project once the build has
 * exited: a script that deletes the project right after a build must neither meet "Directory not empty" nor a file
 * gone under it (Python 3.11's `shutil.rmtree` fails on one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isRunning } from '../cache/running-process.js';
import { runDetached } from './detached.js';

/** The temp-folder entries of deletions start with this; the pid of the process deleting them follows once it runs. */
const DELETING = 'reactsite-deleting-';

/** An unclaimed deletion older than this had no process to delete it. */
const UNCLAIMED_MS = 60_000;

/**
 * Deletes `paths` in a detached process. Where the system's temp folder is on their file system they are moved
 * first into a new folder there, which only this user can enter (one rename each), and deleted from it.
 */
export function removeInBackground(paths: readonly string[]): void {
  if (!paths.length) return;
  const moved = movedOutOfProject(paths);
  deleteDetached(moved ?? paths);
}

/**
 * Deletes the folder `dir`, named `<name>-<pid>` after the build that made it, in a detached process. Where it
 * cannot leave the project, this build renames it after that process's pid at once: until it is gone,
 * recoverOutput sees a running process's folder and leaves it alone, instead of deleting the same thousands of
 * files on the next build's own time (a one-body build right after one that had moved 3,999 pages aside spent 250
 * ms there); and the rename is this build's, so nothing new appears beside out/ once it has exited.
 */
export function removeAsOwnInBackground(dir: string): void {
  const moved = movedOutOfProject([dir]);
  if (moved) return deleteDetached(moved);
  const script = [
    'const fs = require("fs"), own = process.argv[1].replace(/-\\d+$/, "-" + process.pid);',
    'const pause = new Int32Array(new SharedArrayBuffer(4));',
    'for (let i = 0; i < 100 && !fs.existsSync(own); i++) Atomics.wait(pause, 0, 0, 20);',
    'fs.rmSync(own, { recursive: true, force: true });',
  ].join('\n');
  const pid = runDetached(script, [dir]);
  try {
    if (pid) fs.renameSync(dir, dir.replace(/-\d+$/, `-${pid}`));
  } catch {
    // Left for the next build's recovery.
  }
}

/**
 * Deletes again, in the background, this user's deletions in the temp folder whose process is gone (killed, as CI
 * runners end their jobs' leftover processes), or that none ever claimed.
 */
export function resumeDeletions(): void {
  try {
    const tmp = os.tmpdir();
    const uid = process.getuid?.();
    const left = fs.readdirSync(tmp).filter((f) => {
      if (!f.startsWith(DELETING)) return false;
      const st = fs.lstatSync(path.join(tmp, f));
      if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) return false;
      const claimed = /^\d+-/.exec(f.slice(DELETING.length));
      return claimed ? !isRunning(Number.parseInt(claimed[0], 10)) : Date.now() - st.mtimeMs > UNCLAIMED_MS;
    });
    if (left.length) deleteDetached(left.map((f) => path.join(tmp, f)));
  } catch {
    // Tried again by the next build.
  }
}

/**
 * [a new folder of the temp folder holding `paths`, and those it could not move], when the temp folder is on their
 * file system; else undefined.
 */
function movedOutOfProject(paths: readonly string[]): string[] | undefined {
  try {
    const tmp = os.tmpdir();
    if (fs.statSync(tmp).dev !== fs.statSync(path.dirname(paths[0]!)).dev) return undefined;
    const into = fs.mkdtempSync(path.join(tmp, DELETING));
    const stayed = paths.filter((p, i) => {
      try {
        fs.renameSync(p, path.join(into, String(i)));
        return false;
      } catch {
        return true;
      }
    });
    return [into, ...stayed];
  } catch {
    return undefined;
  }
}

/**
 * Deletes `paths` in a detached process, which first renames each folder of the temp folder's deletions after its
 * own pid (resumeDeletions leaves a running process's deletion alone).
 */
function deleteDetached(paths: readonly string[]): void {
  const script = [
    'const fs = require("fs"), path = require("path");',
    `const prefix = ${JSON.stringify(DELETING)};`,
    'for (let p of process.argv.slice(1)) {',
    '  const base = path.basename(p);',
    '  if (base.startsWith(prefix)) {',
    '    const own = path.join(path.dirname(p), prefix + process.pid + "-" + base.slice(prefix.length).replace(/^\\d+-/, ""));',
    '    try { fs.renameSync(p, own); p = own; } catch { continue; }',
    '  }',
    '  fs.rmSync(p, { recursive: true, force: true });',
    '}',
  ].join('\n');
  runDetached(script, paths);
}
