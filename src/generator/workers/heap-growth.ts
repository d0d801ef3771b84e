/** How far V8 lets the heaps of a large build grow past what they hold. */
import v8 from 'node:v8';

/** From this many pages to render, heap growth is held (see limitHeapGrowth). */
export const LARGE_BUILD_PAGES = 1500;

/**
 * The old generation may grow to 1.5 times what survived the last full collection. V8 otherwise lets it reach
 * about 4 times when collecting is cheap, which on a 4,000-page build is garbage: peak of the process 0.92 ->
 * 0.65 GiB at 1.8 times (docs-4000, --no-cache, runs in turns), for about 5% more time; 1.5 times then took the
 * bench's docs-4000 cold build (with its cache) from 687 to 647 MiB at no measurable cost (wall ratio 0.99, runs
 * in turns), code-4000 from 608 to 578 MiB for 3.6% more time. Below LARGE_BUILD_PAGES a build stays well
 * under that memory and keeps V8's own growth (there the same limit cost 6%). Not a cap: a larger site still gets
 * all the memory it keeps. A process-wide V8 flag, read when a heap sets its next limit (GC traces show it
 * on the main thread; the workers keep a small heap anyway, see page-pool.ts): so a build sets it before it loads
 * the content (see startPagePool), or a collection during the load may let the main heap reach 4 times what it held.
 */
export function limitHeapGrowth(pagesToRender: number): void {
  if (pagesToRender >= LARGE_BUILD_PAGES) v8.setFlagsFromString('--heap-growing-percent=50');
}
