/** Runs jobs on worker threads in batches, one worker per core; the CPU-heavy stages use it. */
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/** What a worker answers for one batch: a result or an error message per job. */
export interface BatchReply<R> { id: number; results: (R | { error: string })[] }

/**
 * Runs `jobs` on up to `threads` workers started from `file`. A worker gets `{ init }` first when given (and
 * answers `{ ready: true }`), then batches `{ id, jobs }`; results come back in job order.
 */
export async function runOnWorkers<J, R>(file: string, jobs: readonly J[], o: { batch: number; init?: unknown; threads?: number }): Promise<(R | Error)[]> {
  const results: (R | Error)[] = new Array(jobs.length);
  let next = 0;
  const count = Math.max(1, Math.min(o.threads ?? os.availableParallelism(), Math.ceil(jobs.length / o.batch)));
  const workers = Array.from({ length: count }, () => new Worker(file));
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= jobs.length) return resolve();
              const start = next;
              next = Math.min(jobs.length, next + o.batch);
              w.postMessage({ id: start, jobs: jobs.slice(start, next) });
            };
            w.on('message', (m: { ready?: boolean } & Partial<BatchReply<R>>) => {
              if (!m.ready) m.results!.forEach((r, i) => (results[m.id! + i] = r !== null && typeof r === 'object' && 'error' in r ? new Error((r as { error: string }).error) : (r as R)));
              send();
            });
            w.on('error', reject);
            if (o.init === undefined) send();
            else w.postMessage({ init: o.init });
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
