/**
 * Recycled files a build replaces, moved aside instead of deleted while it runs: deleting a file frees its blocks,
 * and on a file system mounted with `discard` and no journal (this machine's ext4) each freeing waits on the disk
 * (about 120 µs a page against 13 µs for a rename; a body edited after a registry change replaced 4,000 such
 * pages). They go into one folder beside out/, named after the build's process, deleted by the build at its end
 * when it holds a few, else in the background (background-delete.ts: from this user's private temp folder where
 * that is on the same file system); recovery removes the folder of a killed build. A replaced out/ with no trash
 * to go to is deleted the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { removeAsOwnInBackground } from './background-delete.js';

/** Stale files a build deletes itself at its end (about 8 ms on this machine's disk); more go to the background. */
export const DELETE_HERE_UP_TO = 64;

/** The folder beside `outDir` where a build moves the recycled files it replaces, named after its process. */
export function staleFolder(outDir: string, pid = process.pid): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.stale-${pid}`);
}

/** One build's stale folder, made on its first file. */
export class StaleFiles {
  private readonly dir: string;
  private count = 0;

  constructor(outDir: string) {
    this.dir = staleFolder(outDir);
  }

  /** Moves `abs` (a file nothing else links to) into the folder; deletes it here after all when the move fails. */
  setAside(abs: string): void {
    try {
      if (this.count === 0) fs.mkdirSync(this.dir);
      fs.renameSync(abs, path.join(this.dir, String(this.count++)));
    } catch {
      fs.rmSync(abs, { force: true });
    }
  }

  /**
   * Deletes the folder, if one was made: here when it holds a few files (a build leaves no folder behind for a
   * small change), else in the background, by a process the next build's recovery leaves alone while it runs.
   */
  drop(): void {
    const count = this.count;
    this.count = 0;
    if (count > DELETE_HERE_UP_TO) removeAsOwnInBackground(this.dir);
    else if (count) {
      try {
        fs.rmSync(this.dir, { recursive: true, force: true });
      } catch {
        // Left for the next build's recovery: out/ is already this build's.
      }
    }
  }
}

/**
 * Deletes an out/ this build replaced and could not put in the trash (`--no-cache`, a cache that cannot be
 * written, a trash on another file system): here when this build placed few files, else renamed to a stale
 * folder and deleted in the background, so the build does not wait on its unlinks (plain-4000: 0.9 s).
 */
export function dropReplacedOutput(old: string, outDir: string, placed: number): void {
  if (placed > DELETE_HERE_UP_TO) {
    const stale = path.join(path.dirname(outDir), `.${path.basename(outDir)}.stale-old-${process.pid}`);
    try {
      fs.renameSync(old, stale);
      removeAsOwnInBackground(stale);
      return;
    } catch {
      // Deleted here after all.
    }
  }
  fs.rmSync(old, { recursive: true, force: true });
}
