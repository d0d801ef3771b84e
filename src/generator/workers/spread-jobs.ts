/**
 * How one run's jobs are shared between the main thread and a pool's workers (see page-pool.ts): the main thread
 * takes them one at a time from the front, each worker batches from the back, until they meet.
 */
import type { Worker } from 'node:worker_threads';
import type { Batch, BatchReply, WorkerInit } from './pool-messages.js';
import type { ResultReader } from './string-table.js';

/** What a run needs of its pool: the failure that stopped it, if any, a worker's replies routed to the run, and where pages rendered ahead are counted. */
export interface PoolReplies {
  failure(): Error | undefined;
  /** Routes worker `w`'s batch replies to `onReply` (undefined: no longer). */
  listen(w: Worker, onReply: ((m: BatchReply) => void) | undefined): void;
  ahead(pages: number): void;
}

/**
 * Spreads `jobs` over `workers` (batches of up to `most`, default 8, two in flight each, so a worker never waits
 * for its next batch) and `lanes` loops on the main thread; results (or errors) in job order. The main thread
 * takes jobs from the front, the workers from the back (what they rendered ahead, see PagePool.ahead), until they meet.
 */
export async function spreadJobs<J, R, K = R>(jobs: readonly J[], replies: PoolReplies, o: { workers: Worker[]; lanes: number; most?: number; init?: WorkerInit; stats: { main: number; workers: number }; onDone?: (n: number) => void; keep?: (r: R, i: number) => K | Error; reader?: () => ResultReader<R>; batch: (id: number, part: readonly J[]) => Batch }, onMain: (job: J) => Promise<R>): Promise<(K | Error)[]> {
  const results: (K | Error)[] = new Array(jobs.length);
  const asSent = (): ResultReader<R> => ({ add() {}, result: (r) => r as R });
  const keep = o.keep ?? ((r: R) => r as unknown as K);
  let next = 0;
  let end = jobs.length;
  const threads = o.workers.length + Math.min(o.lanes, 1);
  const size = (max: number) => Math.max(1, Math.min(max, Math.ceil((end - next) / (threads * 4))));
  const take = (max: number): [number, number] => {
    const start = next;
    next = Math.min(end, next + size(max));
    return [start, next];
  };
  const takeLast = (max: number): [number, number] => {
    const last = end;
    end = Math.max(next, end - size(max));
    return [end, last];
  };
  const onWorker = (w: Worker) =>
    new Promise<void>((resolve, reject) => {
      let inFlight = 0;
      const reader = (o.reader ?? asSent)();
      const stopped = (code: number) => fail(new Error(`a page worker stopped (exit code ${code})`));
      const settle = () => {
        w.off('error', fail);
        w.off('exit', stopped);
      };
      function fail(e: Error) {
        settle();
        reject(e);
      }
      const send = () => {
        const failure = replies.failure();
        if (failure) return fail(failure);
        while (inFlight < 2 && next < end) {
          const [start, stop] = takeLast(o.most ?? 8);
          inFlight++;
          w.postMessage(o.batch(start, jobs.slice(start, stop)));
        }
        if (inFlight === 0) {
          settle();
          resolve();
        }
      };
      replies.listen(w, (m) => {
        inFlight--;
        o.stats.workers += m.results.length;
        replies.ahead(m.ahead ?? 0);
        o.onDone?.(m.results.length);
        if (m.strings) reader.add(m.strings);
        m.results.forEach((r, i) => (results[m.id + i] = r !== null && typeof r === 'object' && 'error' in r ? new Error(r.error) : keep(reader.result(r), m.id + i)));
        send();
      });
      w.on('error', fail);
      w.on('exit', stopped);
      if (o.init) w.postMessage({ init: o.init });
      send();
    });
  const lane = async () => {
    while (next < end) {
      const [i] = take(1);
      results[i] = await onMain(jobs[i]!).then((r) => keep(r, i), (e: Error) => e);
      o.stats.main++;
      o.onDone?.(1);
      // Let worker replies in, so they get their next batch while this thread keeps rendering.
      await new Promise((r) => setImmediate(r));
    }
  };
  try {
    await Promise.all([...o.workers.map(onWorker), ...Array.from({ length: o.lanes }, lane)]);
  } finally {
    for (const w of o.workers) replies.listen(w, undefined);
  }
  return results;
}
