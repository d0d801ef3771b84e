/** Watches dev's source folders with chokidar and hands over debounced batches of changed paths. */
import fs from 'node:fs';
import path from 'node:path';
import chokidar from 'chokidar';
import { isScratchFile } from './change-plan.js';

/** A running watcher. */
export interface SourceWatcher { ready: Promise<void>; close(): Promise<void> }

/**
 * Options: quiet period before a batch is handed over, how long after it a file is checked again, and how long
 * a batch waits while one of its files is empty.
 */
export interface WatchOptions { debounceMs?: number; settleMs?: number; emptyWaitMs?: number; onError?: (e: Error) => void }

const isEmptyFile = (file: string): boolean => fs.statSync(file, { throwIfNoEntry: false })?.size === 0;

const signature = (file: string): string => {
  try {
    const s = fs.statSync(file);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  } catch {
    return 'missing';
  }
};

/**
 * Calls `onBatch` with the paths changed in each burst of events. chokidar reports the first event of a
 * write and drops the rest for 50 ms, so each batch's files are checked again `settleMs` later: a file
 * that changed after it was read (a slow or two-step save) is handed over once more. A batch with an empty
 * file waits up to `emptyWaitMs` for it to be written.
 */
export function watchSources(dirs: string[], onBatch: (paths: string[]) => void, o: WatchOptions = {}): SourceWatcher {
  const debounceMs = o.debounceMs ?? 12;
  const settleMs = o.settleMs ?? 120;
  const emptyWaitMs = o.emptyWaitMs ?? 150;
  let emptySince: number | undefined;
  let pending = new Set<string>();
  let seen = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let settleTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const flush = () => {
    timer = undefined;
    if (closed || !pending.size) return;
    // Editors that save in place empty the file first: one caught empty gets a moment to be written, so a
    // half-saved registry does not flash an error (an empty body is shown once the wait is over).
    if ([...pending].some(isEmptyFile)) {
      emptySince ??= Date.now();
      if (Date.now() - emptySince < emptyWaitMs) {
        timer = setTimeout(flush, 10);
        return;
      }
    }
    emptySince = undefined;
    const paths = [...pending];
    pending = new Set();
    for (const p of paths) seen.set(p, signature(p));
    clearTimeout(settleTimer);
    settleTimer = setTimeout(settle, settleMs);
    onBatch(paths);
  };
  const settle = () => {
    const again = [...seen].filter(([p, sig]) => signature(p) !== sig).map(([p]) => p);
    seen = new Map();
    if (again.length && !closed) {
      for (const p of again) pending.add(p);
      flush();
    }
  };
  const watcher = chokidar.watch(dirs, {
    ignoreInitial: true,
    ignored: (p: string) => isScratchFile(path.basename(p)) && !dirs.includes(p),
    awaitWriteFinish: false,
    atomic: true,
  });
  watcher.on('all', (_event, file) => {
    if (closed) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  });
  if (o.onError) watcher.on('error', (e) => o.onError!(e as Error));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(settleTimer);
      await watcher.close();
    },
  };
}
