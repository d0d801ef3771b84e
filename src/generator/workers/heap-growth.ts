/** How far V8 lets the heaps of a large build grow past what they hold. */
import v8 from 'node:v8';

/** From this many pages to render, heap growth is held to HEAP_GROWING_PERCENT. */
export const LARGE_BUILD_PAGES = 1500;

/**
 * The old generation may grow to 1.8 times what survived the last full collection. V8 otherwise lets it reach
 * about 4 times when collecting is cheap, which on a 4,000-page build is garbage: peak 0.92 -> 0.65 GiB, for
 * about 5% more time. Below LARGE_BUILD_PAGES a build stays well under that memory and keeps V8's own growth
 * (there the same limit cost 6%). Not a cap: a larger site still gets all the memory it keeps. It applies to
 * every thread of the process, the page workers included, from their next collection.
 */
export function limitHeapGrowth(pagesToRender: number): void {
  if (pagesToRender >= LARGE_BUILD_PAGES) v8.setFlagsFromString('--heap-growing-percent=80');
}
