/**
 * Files deleted on a helper thread while the build goes on. A registry-title build of 4,000 pages replaces every
 * stored page: deleting the old ones took 60-110 ms of its main thread, and with `fs.promises.rm` each of the
 * 4,000 completions came back to the main thread, into the integrity gate's time.
 */
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

/** Below this many files, a helper thread's start costs more than deleting them here. */
export const MIN_FILES_FOR_THREAD = 64;

/** The helper thread's program (CommonJS, as an eval worker runs it): deletes the files in `workerData`. */
const REMOVER = `
const { workerData: files } = require('node:worker_threads');
const fs = require('node:fs');
for (const f of files) {
  try {
    fs.rmSync(f, { force: true });
  } catch {}
}
`;

/** Deletes `files` (on a helper thread when there are many); resolves once they are gone or could not go, never rejects. */
export function removeFiles(files: readonly string[]): Promise<void> {
  if (files.length >= MIN_FILES_FOR_THREAD) {
    try {
      // Without the process's flags: a loader hook of the process (tsx, --import) has nothing to do here.
      const worker = new Worker(REMOVER, { eval: true, workerData: files, execArgv: [] });
      return new Promise((resolve) => {
        worker.once('error', () => resolve());
        worker.once('exit', () => resolve());
      });
    } catch {
      // No thread to be had (a permission model without workers, say): deleted here.
    }
  }
  for (const f of files) {
    try {
      fs.rmSync(f, { force: true });
    } catch {
      // Left behind: a later sweep may take it.
    }
  }
  return Promise.resolve();
}
