/** Watches dev's source folders with chokidar and hands over debounced batches of changed paths. */
import fs from 'node:fs';
import path from 'node:path';
import chokidar from 'chokidar';
import { isScratchFile } from './dev-changes.js';

/** A running watcher. */
export interface SourceWatcher { ready: Promise<void>; close(): Promise<void> }

/** Options: quiet period before a batch is handed over, and how long after it a file is checked again. */
export interface WatchOptions { debounceMs?: number; settleMs?: number; onError?: (e: Error) => void }

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
 * that changed after it was read (a slow or two-step save) is handed over once more.
 */
export function watchSources(dirs: string[], onBatch: (paths: string[]) => void, o: WatchOptions = {}): SourceWatcher {
  const debounceMs = o.debounceMs ?? 12;
  const settleMs = o.settleMs ?? 120;
  let pending = new Set<string>();
  let seen = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let settleTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const flush = () => {
    timer = undefined;
    if (closed || !pending.size) return;
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
