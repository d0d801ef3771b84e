/**
 * The one worker pool: renders tutorial pages and Markdown bodies on every core. Worker threads start with the
 * build and warm up (Markdown, Shiki, the common grammar rules) while the main thread loads content and bundles.
 * Then either every thread takes whole pages from one queue ("pages"), or the main thread renders every page and
 * hands all its code highlighting to the warm workers ("highlight"), keeping several pages in progress so it
 * parses the next while the code of earlier ones is highlighted. Only page meta comes back; the HTML is placed by
 * whoever made it. `check` and `dev` give it Markdown bodies the same way (every thread takes them from one queue).
 *
 * Home-made rather than tinypool or piscina: those hand a task to whichever worker is idle, while this pool
 * broadcasts the warm-up plan to every worker and sends each highlight request to the worker that forecast it.
 */
import { Worker } from 'node:worker_threads';
import type { CodeBlock } from '../highlight/highlight-code.js';
import type { BlockRuns } from '../highlight/line-runs.js';
import { blockKey } from '../highlight/fenced-code.js';
import type { MarkdownJob, MarkdownResult } from '../markdown/render-markdown.js';
import type { PageJob } from '../render/page-job.js';
import type { StoredPage } from '../store/page-store.js';
import { MIN_BODIES_FOR_WORKERS, pageWorkerFile, type PoolMode } from './pool-plan.js';
import type { BatchReply, HighlightReply, WorkerInit } from './pool-messages.js';
import { pageReader } from './string-table.js';
import { spreadJobs, type PoolReplies } from './spread-jobs.js';

/**
 * How many jobs of each kind each side did, how many code blocks the workers highlighted for the main thread, and
 * whether the workers were started with the build (`early`) rather than when work for them was found.
 */
export interface PoolStats { pages: { main: number; workers: number }; markdown: { main: number; workers: number }; highlighted: number; early: boolean; /** Pages whose Markdown a worker rendered ahead (see PagePool.ahead). */ ahead: number; /** How often started workers were stopped to give back their memory (see rest). */ rested: number }

/**
 * A worker keeps little between pages (its live heap stays near 40 MB on any site); a young generation of 48 MB
 * was measured as fast as a larger one (docs-1000 cold: ratio 1.00). bin/reactsite's semi-space flag, set before
 * any worker starts, raises it all the same: a GC trace of docs-1000 shows a worker's scavenges freeing about
 * 58 MB each. A 32 MB semi-space took docs-4000 cold (--no-cache) from 615 to 520 MiB of peak memory, for 9 %
 * more CPU time (wall ratio 1.17, 2 pairs in turns).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 48 };

/**
 * Most bodies a worker renders ahead (see PagePool.ahead): the main thread's load bounds it anyway (rendering
 * ahead stops at the first batch; plain-4000: 300-380 prose bodies), this bounds the memory their trees hold. At
 * 256 a prose site's worker ran out and idled through the end of the load: plain-4000 cold 0.975 times as long at
 * 1,024 (3 pairs in turns).
 */
export const AHEAD_BODIES = 1024;

/** Worker threads that warm up from the moment they are started, then do what they are given. */
export class PagePool {
  private workers: Worker[] = [];
  private readonly onBatch = new Map<Worker, (m: BatchReply) => void>();
  private readonly highlights = new Map<number, { resolve: (runs: BlockRuns[]) => void; reject: (e: Error) => void }>();
  private nextHighlight = 0;
  private readonly prefetched = new Map<string, number>();
  private failure: Error | undefined;
  /** What a run's jobs hear of the workers (see spread-jobs.ts). */
  private readonly replies: PoolReplies = {
    failure: () => this.failure,
    listen: (w, onReply) => {
      if (onReply) this.onBatch.set(w, onReply);
      else this.onBatch.delete(w);
    },
    ahead: (n) => {
      this.stats.ahead += n;
    },
  };
  /** Runs take turns: a worker serves one run's batches at a time. */
  private turn: Promise<unknown> = Promise.resolve();
  /** What each side did so far (REACTSITE_TIMINGS prints it; tests check that workers took part). */
  readonly stats: PoolStats = { pages: { main: 0, workers: 0 }, markdown: { main: 0, workers: 0 }, highlighted: 0, early: false, ahead: 0, rested: 0 };

  private constructor(
    private readonly count: number,
    eager: boolean,
    private readonly likely: PoolMode,
    /** Whether this build has no page store (every body is parsed, so workers warm up for Markdown and Shiki). */
    readonly cold: boolean,
  ) {
    if (eager) this.spawn();
    this.stats.early = this.started;
  }

  /** Starts the workers (once). */
  private spawn(): void {
    const file = pageWorkerFile();
    if (this.workers.length || !file) return;
    this.workers = Array.from({ length: this.count }, () => new Worker(file, { workerData: { likely: this.likely }, resourceLimits: WORKER_LIMITS }));
    for (const w of this.workers) {
      w.on('message', (m: BatchReply | HighlightReply) => {
        if ('hl' in m) {
          const p = this.highlights.get(m.hl);
          this.highlights.delete(m.hl);
          if (m.runs) p?.resolve(m.runs);
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
  static start(count: number, eager: boolean, likely: PoolMode = 'highlight', cold = eager): PagePool {
    return new PagePool(count, eager, likely, cold);
  }

  /** Whether worker threads are running (started early for a build that will render, or by a first batch). */
  get started(): boolean {
    return this.workers.length > 0;
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

  /**
   * Tells the workers of a cold build that will render whole pages which bodies they will likely get first (the
   * last of the page order, see spread), as soon as the main thread has listed them: they render those bodies'
   * Markdown while the main thread still loads the content, and hand the results over when the pages come.
   */
  ahead(root: string, files: readonly string[], allowRawHtml: boolean): void {
    if (!this.workers.length || !this.cold || this.likely !== 'pages') return;
    const shares = this.workers.map((): string[] => []);
    // From the end, in batches of eight, as the workers take them (spread); at most AHEAD_BODIES each.
    [...files].reverse().forEach((f, i) => shares[Math.floor(i / 8) % shares.length]!.push(f));
    shares.forEach((share, i) => share.length && this.workers[i]!.postMessage({ ahead: { root, files: share.slice(0, AHEAD_BODIES), allowRawHtml } }));
  }

  /** Highlights `blocks` on a worker (the one given them by prefetch, else round robin); resolves to their runs. */
  readonly highlight = (blocks: CodeBlock[]): Promise<BlockRuns[]> => {
    this.spawn();
    if (this.failure || !this.workers.length) return Promise.reject(this.failure ?? new Error('no page worker to highlight on'));
    const id = this.nextHighlight++;
    const w = this.workers[(blocks.length ? this.prefetched.get(blockKey(blocks[0]!)) : undefined) ?? id % this.workers.length]!;
    this.stats.highlighted += blocks.length;
    return new Promise((resolve, reject) => {
      this.highlights.set(id, { resolve, reject });
      w.postMessage({ hl: { id, blocks } });
    });
  };

  /**
   * Runs page `jobs`; results (or errors) come back in job order. `onMain` renders one job on the main thread (in
   * "highlight" mode the caller routes its highlighting to highlight(), and up to six of its jobs are in progress).
   */
  run(jobs: readonly PageJob[], init: WorkerInit, onMain: (job: PageJob) => Promise<StoredPage>, mode: PoolMode, o: { onDone?: (n: number) => void; keep?: (page: StoredPage) => StoredPage; /** Where the strings of workers' facts are interned (see string-table.ts). */ strings?: Map<string, string> } = {}): Promise<(StoredPage | Error)[]> {
    if (mode !== 'main') this.spawn();
    // In "highlight" runs the workers take no pages: a page in progress would hold up the highlighting the main
    // thread waits for (measured slower at 43, 200 and 1,000 code pages).
    const workers = mode === 'pages' ? this.workers : [];
    const lanes = mode === 'highlight' && this.workers.length ? 6 : 1;
    const strings = o.strings ?? new Map<string, string>();
    // Each worker numbers its strings afresh for each run (its init starts a new table): one reader each.
    return this.inTurn(() => spreadJobs(jobs, this.replies, { workers, lanes, init, stats: this.stats.pages, onDone: o.onDone, keep: o.keep, reader: () => pageReader(strings), batch: (id, part) => ({ id, jobs: part as PageJob[] }) }, onMain));
  }

  /**
   * Renders Markdown `jobs` (from MIN_BODIES_FOR_WORKERS of them, or with REACTSITE_WORKERS=force, on the
   * workers too, with the block cache in `blocksDir`); results (or errors) in job order. `onMain` renders one on
   * the main thread; `keep` turns each result, as it arrives, into what is kept of it (job `i`'s), or an error.
   * `workersOnly` (dev's background pass, see DevSite.renderRest): any number of jobs on the workers alone, the
   * main thread only when there are none.
   */
  markdown<K = MarkdownResult>(jobs: readonly MarkdownJob[], onMain: (job: MarkdownJob) => Promise<MarkdownResult>, blocksDir?: string, keep?: (r: MarkdownResult, i: number) => K | Error, o: { workersOnly?: boolean } = {}): Promise<(K | Error)[]> {
    const onWorkers = jobs.length > 0 && (o.workersOnly || process.env.REACTSITE_WORKERS === 'force' || jobs.length >= MIN_BODIES_FOR_WORKERS);
    if (onWorkers) this.spawn();
    const workers = onWorkers ? this.workers : [];
    const lanes = o.workersOnly && workers.length ? 0 : 1;
    // Alone on the workers (dev's background pass), two results a batch: a save waits while this thread takes one.
    const most = o.workersOnly ? 2 : 8;
    return this.inTurn(() => spreadJobs(jobs, this.replies, { workers, lanes, most, stats: this.stats.markdown, keep, batch: (id, part) => ({ id, md: part as MarkdownJob[], blocksDir }) }, onMain));
  }

  private inTurn<T>(f: () => Promise<T>): Promise<T> {
    const run = this.turn.then(f, f);
    this.turn = run.catch(() => undefined);
    return run;
  }

  /**
   * Stops the workers once the runs already asked for are done, and gives back their memory; a later run that
   * needs them starts them again (dev, after its background pass: each worker holds 140-240 MB on a large site).
   */
  rest(): Promise<void> {
    return this.inTurn(async () => {
      const workers = this.workers;
      this.workers = [];
      if (workers.length) this.stats.rested++;
      for (const w of workers) w.removeAllListeners('exit');
      await Promise.all(workers.map((w) => w.terminate()));
    });
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    for (const w of this.workers) w.removeAllListeners('exit');
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
