/**
 * Renders tutorial pages on every core. Worker threads start with the build and warm up (Markdown, Shiki, the
 * common grammar rules) while the main thread loads content and bundles. Then either every thread takes whole
 * pages from one queue ("pages"), or the main thread renders every page and hands all its code highlighting to
 * the warm workers ("highlight"), keeping several pages in progress so it parses the next while the code of
 * earlier ones is highlighted. Only page meta comes back; the HTML is placed by whoever made it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SiteData } from '../../site/types.js';
import type { CodeBlock } from '../highlight/highlight-code.js';
import { blockKey } from '../highlight/fenced-code.js';
import type { PageJob, PageTarget } from '../render/page-job.js';
import type { BuildOptions } from '../cli/options.js';
import { hasPageStore, type StoredPage } from '../cache/page-store.js';
import { projectCacheDir } from '../bundle/package-paths.js';

/** Sent once to each worker before its first page batch. */
export interface WorkerInit { rendererFile: string; data: SiteData; target: PageTarget }

/** What a worker answers for one batch: a page's meta or an error message per job. */
export interface BatchReply { id: number; results: (StoredPage | { error: string })[] }

/** What a worker answers for highlighting: inner HTML per block, or an error. */
export interface HighlightReply { hl: number; html?: string[]; error?: string }

/** How the pages of one run are spread: whole pages on every thread, main's highlighting on the workers, or main only. */
export type PoolMode = 'pages' | 'highlight' | 'main';

/** Below this many pages to render, the main thread renders them alone (handing work over would not pay off). */
export const MIN_PAGES_FOR_WORKERS = 8;
/**
 * From this many pages to render, every thread renders whole pages. Below it, sites with code (a fenced block
 * a page or more) have the main thread render every page and hand all highlighting to the warm workers: each
 * thread's warm-up (about 2 s of JIT, Shiki and grammar compilation) is then paid once per kind of work, and
 * two threads contend less (measured faster at 43, 200 and 1,000 code pages on 2 cores; plain sites gain
 * nothing from it, their workers render pages).
 */
export const MIN_PAGES_FOR_PAGE_WORKERS = 400;

/**
 * How to spread `jobs` pages holding about `codeBlocks` fenced blocks over the main thread and `workers`
 * workers (REACTSITE_WORKERS=force|highlight picks a mode for tests).
 */
export function poolMode(jobs: number, workers: number, codeBlocks: number, env = process.env): PoolMode {
  if (!workers) return 'main';
  if (env.REACTSITE_WORKERS === 'force') return 'pages';
  if (env.REACTSITE_WORKERS === 'highlight') return 'highlight';
  if (jobs < MIN_PAGES_FOR_WORKERS) return 'main';
  return jobs < MIN_PAGES_FOR_PAGE_WORKERS && codeBlocks >= jobs ? 'highlight' : 'pages';
}

/** The compiled worker next to this module (dist/), or undefined when running from TypeScript sources. */
export function pageWorkerFile(): string | undefined {
  const file = fileURLToPath(new URL('./page-worker.js', import.meta.url));
  return fs.existsSync(file) ? file : undefined;
}

/** How many worker threads a build starts: one per core besides the main thread; REACTSITE_WORKERS=0 for none. */
export function workerCount(env = process.env): number {
  if (env.REACTSITE_WORKERS === '0' || !pageWorkerFile()) return 0;
  return Math.max(env.REACTSITE_WORKERS === 'force' || env.REACTSITE_WORKERS === 'highlight' ? 1 : 0, os.availableParallelism() - 1);
}

/**
 * The page workers of a `build`: started now when pages will likely be rendered (no page store yet), so they
 * warm up while the main thread loads the pipeline and the content and bundles; otherwise started only if the
 * page stage finds pages to render (on a warm build their warm-up would only compete for the cores).
 */
export function startPagePool(opts: Pick<BuildOptions, 'root' | 'cache'>): PagePool {
  return PagePool.start(workerCount(), !(opts.cache && hasPageStore(projectCacheDir(opts.root, 'pages'))), likelyMode(opts.root));
}

/**
 * What the workers will most likely do, guessed from the number of bodies before the content is loaded: from
 * MIN_PAGES_FOR_PAGE_WORKERS they render whole pages (and warm up Markdown first, Shiki only if there is code),
 * below it they likely highlight (Shiki first).
 */
function likelyMode(root: string, env = process.env): PoolMode {
  if (env.REACTSITE_WORKERS === 'force') return 'pages';
  try {
    const bodies = fs.readdirSync(path.join(root, 'content', 'tutorials')).filter((f) => f.endsWith('.md')).length;
    return bodies >= MIN_PAGES_FOR_PAGE_WORKERS ? 'pages' : 'highlight';
  } catch {
    return 'highlight';
  }
}

/** Worker threads that warm up from the moment they are started, then do what they are given. */
export class PagePool {
  private workers: Worker[] = [];
  private readonly onBatch = new Map<Worker, (m: BatchReply) => void>();
  private readonly highlights = new Map<number, { resolve: (html: string[]) => void; reject: (e: Error) => void }>();
  private nextHighlight = 0;
  private readonly prefetched = new Map<string, number>();
  private failure: Error | undefined;

  private constructor(
    private readonly count: number,
    eager: boolean,
    private readonly likely: PoolMode,
  ) {
    if (eager) this.spawn();
  }

  /** Starts the workers (once). */
  private spawn(): void {
    const file = pageWorkerFile();
    if (this.workers.length || !file) return;
    this.workers = Array.from({ length: this.count }, () => new Worker(file, { workerData: { likely: this.likely } }));
    for (const w of this.workers) {
      w.on('message', (m: BatchReply | HighlightReply) => {
        if ('hl' in m) {
          const p = this.highlights.get(m.hl);
          this.highlights.delete(m.hl);
          if (m.html) p?.resolve(m.html);
          else p?.reject(new Error(m.error ?? 'highlighting failed'));
        } else this.onBatch.get(w)?.(m);
      });
      // A worker that fails must not take the process down: what waits on it fails instead.
      w.on('error', (e) => this.fail(e));
      w.on('exit', (code) => this.fail(new Error(`a page worker stopped (exit code ${code})`)));
    }
  }

  private fail(e: Error): void {
    this.failure ??= e;
    for (const p of this.highlights.values()) p.reject(e);
    this.highlights.clear();
  }

  /**
   * A pool of `count` workers, started now when `eager` (a build that will likely render many pages), else on
   * first use: on a warm build their warm-up would only compete with the main thread for the cores. `likely` is
   * what they will most likely do (what they warm up for first).
   */
  static start(count: number, eager: boolean, likely: PoolMode = 'highlight'): PagePool {
    return new PagePool(count, eager, likely);
  }

  /** Number of worker threads (started or not). */
  get size(): number {
    return this.count;
  }

  /**
   * Tells started workers what the build will likely send (known once the content is loaded): whole pages, or
   * only code to highlight, and whether there is code at all. They warm up for what is coming.
   */
  expect(mode: PoolMode, code: boolean): void {
    for (const w of this.workers) w.postMessage({ expect: { mode, code } });
  }

  /**
   * Gives the workers code the build will likely ask them to highlight (per document, round robin), to start
   * on while idle; highlight() then sends a request to the worker holding its first block.
   */
  prefetch(docs: CodeBlock[][]): void {
    if (!this.workers.length) return;
    const shares = this.workers.map((): CodeBlock[] => []);
    docs.forEach((blocks, i) => {
      const at = i % shares.length;
      shares[at]!.push(...blocks);
      for (const b of blocks) this.prefetched.set(blockKey(b), at);
    });
    shares.forEach((blocks, i) => blocks.length && this.workers[i]!.postMessage({ prefetch: blocks }));
  }

  /** Highlights `blocks` on a worker (the one given them by prefetch, else round robin); resolves to their inner HTML. */
  highlight(blocks: CodeBlock[]): Promise<string[]> {
    this.spawn();
    if (this.failure || !this.workers.length) return Promise.reject(this.failure ?? new Error('no page worker to highlight on'));
    const id = this.nextHighlight++;
    const w = this.workers[(blocks.length ? this.prefetched.get(blockKey(blocks[0]!)) : undefined) ?? id % this.workers.length]!;
    return new Promise((resolve, reject) => {
      this.highlights.set(id, { resolve, reject });
      w.postMessage({ hl: { id, blocks } });
    });
  }

  /**
   * Runs `jobs`; results (or errors) come back in job order. `onMain` renders one job on the main thread (in
   * "highlight" mode the caller routes its highlighting to highlight(), and up to six of its jobs are in progress).
   */
  async run(jobs: readonly PageJob[], init: WorkerInit, onMain: (job: PageJob) => Promise<StoredPage>, mode: PoolMode): Promise<(StoredPage | Error)[]> {
    const results: (StoredPage | Error)[] = new Array(jobs.length);
    let next = 0;
    if (mode !== 'main') this.spawn();
    // In "highlight" runs the workers take no pages: a page in progress would hold up the highlighting the main
    // thread waits for (measured slower at 43, 200 and 1,000 code pages).
    const workers = mode === 'pages' ? this.workers : [];
    const threads = workers.length + 1;
    const mainLanes = mode === 'highlight' && this.workers.length ? 6 : 1;
    const take = (max: number): [number, number] => {
      const n = Math.max(1, Math.min(max, Math.ceil((jobs.length - next) / (threads * 4))));
      const start = next;
      next = Math.min(jobs.length, next + n);
      return [start, next];
    };
    const onWorkers = workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          let inFlight = 0;
          const send = () => {
            if (this.failure) return reject(this.failure);
            // Up to two batches of up to eight pages in flight, so a worker never waits for its next batch.
            while (inFlight < 2 && next < jobs.length) {
              const [start, end] = take(8);
              inFlight++;
              w.postMessage({ id: start, jobs: jobs.slice(start, end) });
            }
            if (inFlight === 0) resolve();
          };
          this.onBatch.set(w, (m) => {
            inFlight--;
            m.results.forEach((r, i) => (results[m.id + i] = 'error' in r ? new Error(r.error) : r));
            send();
          });
          w.once('error', reject);
          w.once('exit', (code) => reject(new Error(`a page worker stopped (exit code ${code})`)));
          w.postMessage({ init });
          send();
        }),
    );
    const lane = async () => {
      while (next < jobs.length) {
        const [i] = take(1);
        results[i] = await onMain(jobs[i]!).catch((e: Error) => e);
        // Let worker replies in, so they get their next batch while this thread keeps rendering.
        await new Promise((r) => setImmediate(r));
      }
    };
    await Promise.all([...onWorkers, ...Array.from({ length: mainLanes }, lane)]);
    return results;
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    for (const w of this.workers) w.removeAllListeners('exit');
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
