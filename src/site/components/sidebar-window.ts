/**
 * Pure: the window of a long category that a page's sidebar lists. A category of more than CATEGORY_FULL_LIMIT
 * tutorials is listed as the CATEGORY_WINDOW entries before and after the current one, with a link above and
 * below to the nearest entry left out: real documentation has categories of 800 and more, whose whole list made
 * every page of them 250 kB (30-70 kB gzip, over the 40 kB budget), and cost each page's build as much again.
 */
import { escapeHtml } from '../document/escape.js';
import { withBase } from '../seo/urls.js';

/** Categories up to this many tutorials are listed whole. */
export const CATEGORY_FULL_LIMIT = 150;
/** How many entries a long category lists on each side of the current one. */
export const CATEGORY_WINDOW = 50;

/** The entries `lo` to `hi` (inclusive) of a category of `count`, around entry `at` (the first window when -1). */
export function categoryWindow(count: number, at: number): { lo: number; hi: number } {
  if (count <= CATEGORY_FULL_LIMIT) return { lo: 0, hi: count - 1 };
  const size = 2 * CATEGORY_WINDOW + 1;
  const lo = Math.min(Math.max(0, at - CATEGORY_WINDOW), count - size);
  return { lo, hi: lo + size - 1 };
}

/** Where each entry of an open category starts (`<li`) and ends (after `</li>`) in `html`, given where its links are. */
export function entryBounds(html: string, links: readonly number[]): { start: number[]; end: number[] } {
  const start = links.map((link) => html.lastIndexOf('<li', link));
  const end = links.map((link) => html.indexOf('</li>', link) + '</li>'.length);
  return { start, end };
}

/**
 * The list entry that links past the window to `slug`, the nearest tutorial left out `above` or below it;
 * `count` tutorials of `category` are left out on that side.
 */
export function moreEntry(base: string, slug: string, count: number, category: string, above: boolean): string {
  const href = escapeHtml(withBase(base, `/tutorial/${slug}/`));
  return `<li class="side-more"><a href="${href}"><span aria-hidden="true">${above ? '↑' : '↓'} </span>${count} more in ${escapeHtml(category)}</a></li>`;
}
