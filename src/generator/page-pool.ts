/** Renders tutorial pages on worker threads, one per core: the CPU-heavy part of a build, spread over both cores. */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Faq, Route, SiteData } from '../site/types.js';
import type { PlainFacts } from './html-facts.js';
import type { MarkdownResult } from './markdown.js';
import { runOnWorkers } from './worker-pool.js';

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

/** Renders every job on worker threads; results (or errors) come back in job order. */
export function renderPages(file: string, init: WorkerInit, jobs: readonly PageJob[]): Promise<(PageResult | Error)[]> {
  return runOnWorkers<PageJob, PageResult>(file, jobs, { batch: BATCH, init });
}
