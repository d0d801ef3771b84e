/**
 * Deleting what a build replaced without waiting for it, and without touching the project once the build has
 * exited: a script that deletes the project right after a build must neither meet "Directory not empty" nor a file
 * gone under it (Python 3.11's `shutil.rmtree` fails on one). Where this user's private temp folder is on the same
 * file system, what is to go is moved there first (private-temp.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isRunning } from '../cache/running-process.js';
import { runDetached } from './detached.js';
import { CLAIM_SCRIPT, claimOf, DELETING, FOLDERS, newEntry, privateTempDir, privateTempNear } from './private-temp.js';

/** An entry no process claimed in this long never had one. */
const UNCLAIMED_MS = 60_000;

/** Deletes `paths` in a detached process: from the private temp folder, or in place where they cannot move there. */
export function removeInBackground(paths: readonly string[]): void {
  if (!paths.length) return;
  const { moved, stayed } = movedOut(paths);
  deleteDetached(moved, stayed);
}

/**
 * Deletes the folder `dir`, named `<name>-<pid>` after the build that made it, in a detached process. Where it
 * cannot leave the project, this build renames it after that process's pid at once: until it is gone,
 * recoverOutput sees a running process's folder and leaves it alone, instead of deleting the same thousands of
 * files on the next build's own time (a one-body build right after one that had moved 3,999 pages aside spent 250
 * ms there); and the rename is this build's, so nothing new appears beside out/ once it has exited.
 */
export function removeAsOwnInBackground(dir: string): void {
  const { moved, stayed } = movedOut([dir]);
  if (moved) return deleteDetached(moved, []);
  const script = [
    'const fs = require("fs"), own = process.argv[1].replace(/-\\d+$/, "-" + process.pid);',
    'const pause = new Int32Array(new SharedArrayBuffer(4));',
    'for (let i = 0; i < 100 && !fs.existsSync(own); i++) Atomics.wait(pause, 0, 0, 20);',
    'try { fs.rmSync(own, { recursive: true, force: true }); } catch {}',
  ].join('\n');
  const pid = runDetached(script, stayed);
  try {
    if (pid) fs.renameSync(dir, dir.replace(/-\d+$/, `-${pid}`));
  } catch {
    // Left for the next build's recovery.
  }
}

/**
 * Deletes what this user's helper processes left in the private temp folder when they were killed (as CI runners
 * end a job's leftover processes): deletions and next-build folders whose process is gone, or that none claimed.
 */
export function deleteLeftovers(): void {
  const dir = privateTempDir(false);
  if (!dir) return;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  const left = names.filter((name) => {
    const pid = claimOf(name, DELETING) ?? claimOf(name.replace(/^(folders-)[0-9a-f]{12}-/, '$1'), FOLDERS);
    if (pid === undefined) return false;
    if (pid) return !isRunning(pid);
    try {
      return Date.now() - fs.lstatSync(path.join(dir, name)).mtimeMs > UNCLAIMED_MS;
    } catch {
      return false;
    }
  });
  if (left.length) removeInBackground(left.map((name) => path.join(dir, name)));
}

/** `paths` moved into a new entry of the private temp folder (`moved`), and those that could not be (`stayed`). */
function movedOut(paths: readonly string[]): { moved?: string; stayed: string[] } {
  const dir = privateTempNear(path.dirname(paths[0]!));
  if (!dir) return { stayed: [...paths] };
  let into: string;
  try {
    into = newEntry(dir, DELETING);
  } catch {
    return { stayed: [...paths] };
  }
  const stayed = paths.filter((p, i) => {
    try {
      fs.renameSync(p, path.join(into, String(i)));
      return false;
    } catch {
      return true;
    }
  });
  if (stayed.length < paths.length) return { moved: into, stayed };
  fs.rmSync(into, { recursive: true, force: true });
  return { stayed };
}

/** Deletes in a detached process the private entry `moved` (claimed under its pid first) and `inPlace`, each on its own. */
function deleteDetached(moved: string | undefined, inPlace: readonly string[]): void {
  const script = [
    'const fs = require("fs");',
    CLAIM_SCRIPT,
    'const [given, ...inPlace] = process.argv.slice(1);',
    'let own = "";',
    'if (given) try { fs.renameSync(given, claim(given)); own = claim(given); } catch {}',
    'for (const p of [own, ...inPlace]) if (p) try { fs.rmSync(p, { recursive: true, force: true }); } catch {}',
  ].join('\n');
  // Should it not start, a later build's deleteLeftovers takes the entry once UNCLAIMED_MS have passed.
  runDetached(script, [moved ?? '', ...inPlace]);
}
