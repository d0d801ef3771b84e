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

/** How many worker threads a build starts: one per core besides the main thread; REACTSITE_WORKERS=0 for none. */
export function workerCount(env = process.env): number {
  if (env.REACTSITE_WORKERS === '0' || !pageWorkerFile()) return 0;
  return Math.max(env.REACTSITE_WORKERS === 'force' || env.REACTSITE_WORKERS === 'highlight' ? 1 : 0, os.availableParallelism() - 1);
}

/**
 * What the workers will most likely do, guessed from the number of bodies before the content is loaded: from
 * MIN_PAGES_FOR_PAGE_WORKERS they render whole pages (and warm up Markdown first, Shiki only if there is code),
 * below it they likely highlight (Shiki first).
 */
export function likelyMode(root: string, env = process.env): PoolMode {
  if (env.REACTSITE_WORKERS === 'force') return 'pages';
  try {
    const bodies = fs.readdirSync(path.join(root, 'content', 'tutorials')).filter((f) => f.endsWith('.md')).length;
    return bodies >= MIN_PAGES_FOR_PAGE_WORKERS ? 'pages' : 'highlight';
  } catch {
    return 'highlight';
  }
}

