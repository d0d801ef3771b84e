/** Spreads Markdown rendering over worker threads (one per core); small batches stay on the main thread. */
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { MarkdownResult } from '../markdown/render-markdown.js';
import { runOnWorkers } from './worker-pool.js';

/** One body to render. */
export interface MarkdownJob { source: string; options: { file: string; bodyLine: number; allowRawHtml: boolean } }

/** Below this many uncached bodies the main thread renders them: a worker's start-up (about a second) would not pay (see page-stage.ts). */
export const MIN_JOBS_FOR_WORKERS = 150;
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
  const mode = process.env.REACTSITE_WORKERS; // '0': never; 'force': whatever the size (tests)
  if (!file || mode === '0' || (mode !== 'force' && (jobs.length < MIN_JOBS_FOR_WORKERS || threads < 2))) {
    // One at a time: rendering bodies concurrently in one thread would gain nothing (it is CPU-bound).
    const out: (MarkdownResult | Error)[] = [];
    // Loaded on first use: a build whose Markdown is all cached never loads the Markdown tool chain.
    const { renderMarkdown } = jobs.length ? await import('../markdown/render-markdown.js') : ({} as typeof import('../markdown/render-markdown.js'));
    for (const j of jobs) out.push(await renderMarkdown(j.source, j.options).catch((e: Error) => e));
    return out;
  }
  return runOnWorkers<MarkdownJob, MarkdownResult>(file, jobs, { batch: BATCH, threads });
}
