/**
 * Where the reader is: the blocks of text at the top of the window, and how far down it each starts. An update
 * that adds or removes blocks above them makes the morph rewrite every block after the change (it pairs
 * elements by position), which throws off the browser's scroll anchoring; putting the same text back at the same
 * height keeps the reader on the line they were reading.
 */

/** Blocks that hold the page's reading text, in document order. */
const BLOCKS = 'main :is(p, h1, h2, h3, h4, h5, h6, li, pre, blockquote, tr, dt, dd, summary, figcaption)';
/** How many blocks from the top of the window are remembered (the first may be the one that was edited). */
const REMEMBERED = 8;

/** A block at the top of the window: its text, its index among the blocks, and its top relative to the window. */
interface PlacedBlock { text: string; index: number; top: number }

/** The reader's place: up to eight blocks from the top of the window down; empty at the top of the page. */
export function readingPlace(): PlacedBlock[] {
  if (window.scrollY <= 0) return [];
  const blocks = [...document.querySelectorAll(BLOCKS)];
  const first = blocks.findIndex((b) => b.getBoundingClientRect().bottom > 0);
  if (first < 0) return [];
  return blocks.slice(first, first + REMEMBERED).map((b, i) => ({ text: b.textContent ?? '', index: first + i, top: b.getBoundingClientRect().top }));
}

/**
 * Scrolls so that the first remembered block still on the page (same text; the one nearest its old index if
 * several match) is where it was in the window; does nothing when none is left.
 */
export function keepReadingPlace(place: readonly PlacedBlock[]): void {
  if (!place.length) return;
  const blocks = [...document.querySelectorAll(BLOCKS)];
  for (const p of place) {
    let best: Element | undefined;
    let distance = Infinity;
    blocks.forEach((b, i) => {
      if (b.textContent === p.text && Math.abs(i - p.index) < distance) [best, distance] = [b, Math.abs(i - p.index)];
    });
    if (!best) continue;
    const shift = (best as Element).getBoundingClientRect().top - p.top;
    if (Math.abs(shift) >= 1) window.scrollBy(0, shift);
    return;
  }
}
