import { describe, expect, it } from 'vitest';
import { isCompactSidebar, SIDEBAR_FULL_LIMIT, sidebarPieces } from '../../src/site/components/SidebarList.js';
import { CATEGORY_FULL_LIMIT, CATEGORY_WINDOW, categoryWindow } from '../../src/site/components/sidebar-window.js';
import { piecesText } from '../../src/site/document/page-pieces.js';
import { searchIndex, searchIndexJson, type IndexEntry } from '../../src/site/widgets/search-index.js';
import type { Tutorial } from '../../src/site/types.js';

const many = (n: number, categories = 40): Tutorial[] =>
  Array.from({ length: n }, (_, i) => ({ id: `t${i}`, slug: `t${i}`, name: `Tutorial ${i}`, title: `T${i}`, description: `About ${i}`, category: `Cat ${i % categories}`, difficulty: 'Beginner', keywords: [`kw${i}`], teaches: [], isIntro: i === 0 }));

/** The sidebar list of the page of `slug`, as the page has it. */
const sidebarListHtml = (ts: Tutorial[], base: string, slug?: string) => piecesText(sidebarPieces(ts, base, slug));
const slugsIn = (html: string) => [...html.matchAll(/data-slug="([^"]+)"/g)].map((m) => m[1]);

describe('sidebar at scale', () => {
  it('lists everything for a small site, marking the current entry', () => {
    const ts = many(43);
    expect(isCompactSidebar(ts)).toBe(false);
    const html = piecesText(sidebarPieces(ts, '/', 't5'));
    expect((html.match(/class="side-link/g) ?? []).length).toBe(42);
    expect(html).toContain('class="side-link is-current" aria-current="page" href="/tutorial/t5/"');
    expect((html.match(/<li data-search="/g) ?? []).length).toBe(42);
  });
  it('lists only the current category past the limit, so page weight stays flat as the site grows', () => {
    const small = sidebarListHtml(many(1000), '/', 't5').length;
    const big = sidebarListHtml(many(4000), '/', 't5').length;
    expect(isCompactSidebar(many(SIDEBAR_FULL_LIMIT + 1))).toBe(true);
    expect((sidebarListHtml(many(4000), '/', 't5').match(/class="side-link/g) ?? []).length).toBe(100);
    expect(big).toBeLessThan(small * 4);
    expect(sidebarListHtml(many(4000), '/', 't5')).toContain('<a href="/tutorial/t6/">Cat 6</a>');
    // Search reads the shared index there, so entries carry no search text of their own.
    expect(sidebarListHtml(many(4000), '/', 't5')).not.toContain('data-search');
  });
  it('lists a long category as a window around the current entry, with links past it', () => {
    // t0 is the intro (left out): Cat & Co holds t1..t1000, in registry order.
    const ts = many(1001, 1).map((t) => ({ ...t, category: 'Cat & Co' }));
    const mid = sidebarListHtml(ts, '/', 't500');
    expect(slugsIn(mid)).toEqual(Array.from({ length: 2 * CATEGORY_WINDOW + 1 }, (_, i) => `t${450 + i}`));
    expect(mid).toContain('class="side-link is-current" aria-current="page" href="/tutorial/t500/"');
    expect(mid).toContain('<li class="side-more"><a href="/tutorial/t449/"><span aria-hidden="true">↑ </span>449 more in Cat &amp; Co</a></li>');
    expect(mid).toContain('<li class="side-more"><a href="/tutorial/t551/"><span aria-hidden="true">↓ </span>450 more in Cat &amp; Co</a></li>');
    expect(mid.split('<li').length).toBe(mid.split('</li>').length);
    expect(mid).toMatch(/<ul><li class="side-more">.*<\/li><\/ul><\/div>$/s);
    const first = sidebarListHtml(ts, '/', 't1');
    expect(slugsIn(first)).toEqual(Array.from({ length: 2 * CATEGORY_WINDOW + 1 }, (_, i) => `t${1 + i}`));
    expect(first).not.toContain('↑');
    expect(first).toContain('899 more in');
    const last = sidebarListHtml(ts, '/', 't1000');
    expect(slugsIn(last).at(-1)).toBe('t1000');
    expect(last).toContain('<a href="/tutorial/t899/"><span aria-hidden="true">↑ </span>899 more in');
    expect(last).not.toContain('↓');
    // Under a base, the links past the window get it as every other link does.
    expect(sidebarListHtml(ts, '/docs/', 't500')).toContain('<li class="side-more"><a href="/docs/tutorial/t449/">');
    // The intro's page lists the category's first window, nothing marked.
    expect(slugsIn(sidebarListHtml(ts, '/', 't0'))).toEqual(slugsIn(first));
    expect(sidebarListHtml(ts, '/', 't0')).not.toContain('aria-current');
    // A category at the limit is listed whole.
    const whole = many(CATEGORY_FULL_LIMIT + 1, 1);
    expect(slugsIn(sidebarListHtml(whole, '/', 't3'))).toHaveLength(CATEGORY_FULL_LIMIT);
  });
  it('windows a long category by its size, whatever the current entry', () => {
    expect(categoryWindow(CATEGORY_FULL_LIMIT, 120)).toEqual({ lo: 0, hi: CATEGORY_FULL_LIMIT - 1 });
    expect(categoryWindow(1000, 0)).toEqual({ lo: 0, hi: 2 * CATEGORY_WINDOW });
    expect(categoryWindow(1000, -1)).toEqual({ lo: 0, hi: 2 * CATEGORY_WINDOW });
    expect(categoryWindow(1000, 500)).toEqual({ lo: 500 - CATEGORY_WINDOW, hi: 500 + CATEGORY_WINDOW });
    expect(categoryWindow(1000, 999)).toEqual({ lo: 999 - 2 * CATEGORY_WINDOW, hi: 999 });
  });
  it('searches the shared index by name, category and keywords, case-insensitively, without intro entries', () => {
    const { items } = JSON.parse(searchIndexJson(many(300))) as { items: IndexEntry[] };
    expect(items).toHaveLength(299);
    expect(searchIndex(items, 'KW42').map((e) => e[0])).toEqual(['t42']);
    expect(searchIndex(items, 'cat 7', 5)).toHaveLength(5);
    expect(searchIndex(items, 'nothing-like-this')).toEqual([]);
  });
});
