/** Renders tutorial pages on worker threads, one per core: the CPU-heavy part of a build, spread over both cores. */
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Faq, Route, SiteData } from '../site/types.js';
import type { PlainFacts } from './html-facts.js';
import type { MarkdownResult } from './markdown.js';

/** A tutorial page to render: its route, its body source and the Markdown cache key of that source. */
export interface PageJob { route: Route; mdKey: string; doc: { id: string; file: string; content: string; bodyLine: number; faq: Faq[]; updated?: string } }

/** What the Markdown stage learned about a body, without the tree (which stays in the worker). */
export type MarkdownSummary = Omit<MarkdownResult, 'hast'>;

/** A rendered page, its link facts and its Markdown summary. */
export interface PageResult { html: string; facts: PlainFacts; md: MarkdownSummary }

/** Sent once to each worker. */
export interface WorkerInit { rendererFile: string; data: SiteData; cacheDir: string; versions: string; cacheEnabled: boolean }

const BATCH = 8;

/** The compiled worker next to this module (dist/), or undefined when running from TypeScript sources. */
export function pageWorkerFile(): string | undefined {
  const file = fileURLToPath(new URL('./page-worker.js', import.meta.url));
  return fs.existsSync(file) ? file : undefined;
}

/** Renders every job on `threads` workers; results (or errors) come back in job order. */
export async function renderPages(file: string, init: WorkerInit, jobs: readonly PageJob[], threads = os.availableParallelism()): Promise<(PageResult | Error)[]> {
  const results: (PageResult | Error)[] = new Array(jobs.length);
  let next = 0;
  const count = Math.max(1, Math.min(threads, Math.ceil(jobs.length / BATCH)));
  const workers = Array.from({ length: count }, () => new Worker(file));
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= jobs.length) return resolve();
              const start = next;
              next = Math.min(jobs.length, next + BATCH);
              w.postMessage({ id: start, jobs: jobs.slice(start, next) });
            };
            w.on('message', (m: { ready?: boolean; id?: number; results?: (PageResult | { error: string })[] }) => {
              if (m.ready) return send();
              m.results!.forEach((r, i) => (results[m.id! + i] = 'error' in r ? new Error(r.error) : r));
              send();
            });
            w.on('error', reject);
            w.postMessage({ init });
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
