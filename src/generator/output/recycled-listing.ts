/**
 * The listing of a recycled temp folder (every file and folder in it, out-relative), made on a helper thread while
 * the build loads its content. Made on the main thread, 4,000 folders' reads took a changed warm build 56-87 ms with
 * the folders in the kernel's cache, and 580-690 ms when the recycled output had not been read for a while.
 */
import { Worker } from 'node:worker_threads';

/** What a folder holds, out-relative, `/`-separated. */
export interface Listing { files: string[]; dirs: string[] }

/**
 * The helper thread's program (CommonJS, as an eval worker runs it; plain JavaScript, so no compiler adds to it):
 * lists the tree under `workerData` and posts the listing or the error met.
 */
const LISTER = `
const { parentPort, workerData: root } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const files = [];
const dirs = [];
function walk(rel) {
  for (const e of fs.readdirSync(rel ? path.join(root, rel) : root, { withFileTypes: true })) {
    const sub = rel ? rel + '/' + e.name : e.name;
    if (e.isDirectory()) {
      dirs.push(sub);
      walk(sub);
    } else files.push(sub);
  }
}
try {
  walk('');
  parentPort.postMessage({ listing: { files, dirs } });
} catch (e) {
  parentPort.postMessage({ error: { message: String(e && e.message), code: e && e.code, syscall: e && e.syscall, path: e && e.path } });
}
`;

/** The listing of `root`, made on a new helper thread that ends with it; rejects with the error the listing met. */
export function listInBackground(root: string): Promise<Listing> {
  return new Promise((resolve, reject) => {
    // Without the process's flags: a loader hook of the process (tsx, --import) has nothing to do here.
    const worker = new Worker(LISTER, { eval: true, workerData: root, execArgv: [] });
    // The error as the listing met it (its code and path name a file-system failure, see writeError).
    worker.once('message', (m: { listing?: Listing; error?: { message: string } }) => (m.listing ? resolve(m.listing) : reject(Object.assign(new Error(m.error!.message), m.error))));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the listing of ${root} ended (exit code ${code}) before it was made`)));
  });
}
