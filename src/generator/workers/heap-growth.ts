/** How far V8 lets the heaps of a large build grow past what they hold. */
import v8 from 'node:v8';

/** From this many pages to render, heap growth is held (see limitHeapGrowth). */
export const LARGE_BUILD_PAGES = 1500;

/** Bodies up to this many bytes keep growth at 50 % (see growthPercent). */
export const LONG_BODIES_FROM = 90e6;
/** Bodies of this many bytes or more hold growth at 30 % (see growthPercent). */
export const LONG_BODIES_TO = 120e6;

/**
 * How far past what it kept a large build's heap may grow, in percent, for `bodyBytes` of Markdown: 50 up to
 * LONG_BODIES_FROM, then down in a line to 30 at LONG_BODIES_TO. 4,000 pages of 31 kB on average (119 MB) peaked
 * at 676k-703k KiB at 50 %, over the 700 MB budget in some runs, and at 636k-648k KiB at 30-31 % (4 pairs in turns;
 * wall 1.13 and 1.13 in one session, 0.98 and 0.99 in the next); 81 MB of long pages peak at 631k-660k KiB at 50 %
 * and keep it.
 */
export function growthPercent(bodyBytes: number): number {
  const t = Math.min(1, Math.max(0, (bodyBytes - LONG_BODIES_FROM) / (LONG_BODIES_TO - LONG_BODIES_FROM)));
  return Math.round(50 - 20 * t);
}

/** The growth this process set last (a process-wide flag: a later, larger build of a dev session only lowers it). */
let held: number | undefined;

/**
 * The old generation may grow to 1.5 times what survived the last full collection (less for very long content,
 * see growthPercent). V8 otherwise lets it reach about 4 times when collecting is cheap, which on a 4,000-page
 * build is garbage: peak of the process 0.92 -> 0.65 GiB at 1.8 times (docs-4000, --no-cache, runs in turns), for
 * about 5% more time; 1.5 times then took the bench's docs-4000 cold build (with its cache) from 687 to 647 MiB at no
 * measurable cost (wall ratio 0.99, runs in turns), code-4000 from 608 to 578 MiB for 3.6% more time. Below
 * LARGE_BUILD_PAGES a build stays well under that memory and keeps V8's own growth (there the same limit cost 6%).
 * Not a cap: a larger site still gets all the memory it keeps. A process-wide V8 flag, read when a heap sets its
 * next limit (GC traces show it on the main thread; the workers keep a small heap anyway, see page-pool.ts): so a
 * build sets it before it loads the content (see startPagePool), or a collection during the load may let the main
 * heap reach 4 times what it held.
 */
export function limitHeapGrowth(pagesToRender: number, bodyBytes = 0): void {
  if (pagesToRender < LARGE_BUILD_PAGES) return;
  const percent = growthPercent(bodyBytes);
  if (held !== undefined && held <= percent) return;
  held = percent;
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
