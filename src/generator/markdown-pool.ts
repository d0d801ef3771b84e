/** Spreads Markdown rendering over worker threads (one per core); small batches stay on the main thread. */
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { renderMarkdown, type MarkdownResult } from './markdown.js';

/** One body to render. */
export interface MarkdownJob { source: string; options: { file: string; bodyLine: number; allowRawHtml: boolean } }

/** Below this many uncached bodies, starting workers costs more than it saves. */
export const MIN_JOBS_FOR_WORKERS = 12;
const BATCH = 8;

/** The compiled worker next to this module (dist/), or undefined when running from TypeScript sources. */
function workerFile(): string | undefined {
  const file = fileURLToPath(new URL('./markdown-worker.js', import.meta.url));
  return fs.existsSync(file) ? file : undefined;
}

/** Renders every job, in parallel on worker threads when worthwhile; results are in job order. */
export async function renderMany(jobs: readonly MarkdownJob[]): Promise<(MarkdownResult | Error)[]> {
  const file = workerFile();
  const threads = Math.min(os.availableParallelism(), Math.ceil(jobs.length / BATCH));
  if (!file || jobs.length < MIN_JOBS_FOR_WORKERS || threads < 2 || process.env.REACTSITE_WORKERS === '0') {
    // One at a time: rendering bodies concurrently in one thread would gain nothing (it is CPU-bound).
    const out: (MarkdownResult | Error)[] = [];
    for (const j of jobs) out.push(await renderMarkdown(j.source, j.options).catch((e: Error) => e));
    return out;
  }
  const results: (MarkdownResult | Error)[] = new Array(jobs.length);
  let next = 0;
  const workers = Array.from({ length: threads }, () => new Worker(file));
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            let start = 0;
            const send = () => {
              if (next >= jobs.length) return resolve();
              start = next;
              next = Math.min(jobs.length, next + BATCH);
              w.postMessage({ id: start, jobs: jobs.slice(start, next) });
            };
            w.on('message', (m: { id: number; results?: MarkdownResult[]; error?: string }) => {
              if (m.results) m.results.forEach((r, i) => (results[m.id + i] = r));
              else for (let i = m.id; i < Math.min(jobs.length, m.id + BATCH); i++) results[i] = new Error(m.error);
              send();
            });
            w.on('error', reject);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  // A batch that failed as a whole is retried one body at a time in-process, to name the failing file.
  for (let i = 0; i < jobs.length; i++) if (results[i] instanceof Error) results[i] = await renderMarkdown(jobs[i]!.source, jobs[i]!.options).catch((e: Error) => e);
  return results;
}
