/** How the work of a run is spread over the main thread and the workers, and how many workers there are. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How the pages of one run are spread: whole pages on every thread, main's highlighting on the workers, or main only. */
export type PoolMode = 'pages' | 'highlight' | 'main';

/** Below this many pages to render, the main thread renders them alone (handing work over would not pay off). */
export const MIN_PAGES_FOR_WORKERS = 8;
/** Below this many Markdown bodies to render, the main thread renders them alone: a worker's start-up (about a second) would not pay. */
export const MIN_BODIES_FOR_WORKERS = 150;
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

/**
 * The memory one more thread may take at a build's peak. docs-4000 cold (code in nine languages) peaked at 578 MiB
 * with one worker, 1,013 MiB with three and 1,506 MiB with five: 218-247 MiB a worker (its heap, and Oniguruma's
 * WebAssembly memory for the grammars it met).
 */
export const THREAD_MEMORY = 256 * 2 ** 20;
/** The memory the main thread may take at the same peak (578 MiB less one worker's share, rounded up). */
export const MAIN_MEMORY = 384 * 2 ** 20;

/** What a machine offers a run: its cores, and the memory the run may still take (bytes). */
export interface Machine { cores: number; memory: number }

/** This machine: the cores the process may use, and the memory available (within its cgroup's limit, if any). */
export function thisMachine(): Machine {
  const limit = process.constrainedMemory?.() ?? 0;
  // Node gives 2^64 (or 0) when no limit is set.
  const inLimit = limit > 0 && limit < Number.MAX_SAFE_INTEGER ? limit - process.memoryUsage.rss() : Infinity;
  return { cores: os.availableParallelism(), memory: Math.min(os.freemem(), inLimit) };
}

/**
 * The threads a run renders on, the main one included: `asked` (--threads), else one per core, as many as the
 * memory allows (MAIN_MEMORY, then THREAD_MEMORY a thread), at least one: `--threads 100` by mistake must not run
 * the machine out of memory. `byMemory`: fewer than wanted, for memory.
 */
export function threadPlan(asked: number | undefined, machine: Machine): { threads: number; byMemory: boolean } {
  const wanted = asked ?? machine.cores;
  const fits = 1 + Math.max(0, Math.floor((machine.memory - MAIN_MEMORY) / THREAD_MEMORY));
  return { threads: Math.max(1, Math.min(wanted, fits)), byMemory: fits < wanted };
}

/**
 * The most threads `dev` renders on unless --threads asks for more. Its background pass renders every page on the
 * main thread, with the workers parsing the Markdown ahead: on docs-4000 the main thread took 19-20 s of CPU with
 * three workers (which parsed all but 99 bodies), and the workers 27 s between them. Past two workers the pass
 * waits on the main thread, and each more worker only holds memory while the pass runs (dev peaked at 845 MB with
 * one worker, 1,269 MB with three).
 */
export const DEV_THREADS = 3;

/** The threads `dev` asks threadPlan for: `asked` (--threads), else one per core up to DEV_THREADS. */
export function devThreads(asked: number | undefined, cores: number): number {
  return asked ?? Math.min(cores, DEV_THREADS);
}

/** The line a run prints when memory, not the cores or --threads, set its threads (undefined otherwise). */
export function threadNote(asked: number | undefined, machine: Machine): string | undefined {
  const plan = threadPlan(asked, machine);
  if (!plan.byMemory) return undefined;
  const mb = (bytes: number) => Math.floor(bytes / 2 ** 20);
  const of = asked === undefined ? `${machine.cores} cores` : `the ${asked} threads asked for`;
  return `rendering on ${plan.threads} of ${of}: ${mb(machine.memory)} MB of memory available, and each thread may take up to ${mb(THREAD_MEMORY)} MB (--threads N sets the number)`;
}

/**
 * How many worker threads a run starts: threadPlan's threads besides the main one. REACTSITE_WORKERS (for tests):
 * 0 for none; force or highlight for at least one, and that mode.
 */
export function workerCount(threads?: number, env = process.env, machine = thisMachine()): number {
  if (env.REACTSITE_WORKERS === '0' || !pageWorkerFile()) return 0;
  return Math.max(env.REACTSITE_WORKERS === 'force' || env.REACTSITE_WORKERS === 'highlight' ? 1 : 0, threadPlan(threads, machine).threads - 1);
}

/** The tutorial bodies of project `root` (file names), listed from their folder before the content is loaded ([] without one). */
export function bodyFiles(root: string): string[] {
  try {
    return fs.readdirSync(path.join(root, 'content', 'tutorials')).filter((f) => f.endsWith('.md'));
  } catch {
    return [];
  }
}

/** How many tutorial bodies project `root` has (see bodyFiles). */
export function bodyCount(root: string): number {
  return bodyFiles(root).length;
}

/** How many bytes the tutorial bodies `files` (bodyFiles) of project `root` hold, from their files' sizes. */
export function bodyBytes(root: string, files = bodyFiles(root)): number {
  const dir = path.join(root, 'content', 'tutorials');
  let bytes = 0;
  for (const f of files) bytes += fs.statSync(path.join(dir, f), { throwIfNoEntry: false })?.size ?? 0;
  return bytes;
}

/**
 * What the workers will most likely do, guessed from the number of bodies (bodyCount) before the content is
 * loaded: from MIN_PAGES_FOR_PAGE_WORKERS they render whole pages (and warm up Markdown first, Shiki only if there
 * is code), below it they likely highlight (Shiki first).
 */
export function likelyMode(bodies: number, env = process.env): PoolMode {
  if (env.REACTSITE_WORKERS === 'force') return 'pages';
  return bodies >= MIN_PAGES_FOR_PAGE_WORKERS ? 'pages' : 'highlight';
}
