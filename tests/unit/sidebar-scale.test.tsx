import { describe, expect, it } from 'vitest';
import { isCompactSidebar, SIDEBAR_FULL_LIMIT, sidebarListHtml, sidebarPieces } from '../../src/site/components/SidebarList.js';
import { piecesText } from '../../src/site/document/page-pieces.js';
import { searchIndex, searchIndexJson, type IndexEntry } from '../../src/site/widgets/search-index.js';
import type { Tutorial } from '../../src/site/types.js';

const many = (n: number): Tutorial[] =>
  Array.from({ length: n }, (_, i) => ({ id: `t${i}`, slug: `t${i}`, name: `Tutorial ${i}`, title: `T${i}`, description: `About ${i}`, category: `Cat ${i % 40}`, difficulty: 'Beginner', keywords: [`kw${i}`], teaches: [], isIntro: i === 0 }));

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
  it('searches the shared index by name, category and keywords, case-insensitively, without intro entries', () => {
    const { items } = JSON.parse(searchIndexJson(many(300))) as { items: IndexEntry[] };
    expect(items).toHaveLength(299);
    expect(searchIndex(items, 'KW42').map((e) => e[0])).toEqual(['t42']);
    expect(searchIndex(items, 'cat 7', 5)).toHaveLength(5);
    expect(searchIndex(items, 'nothing-like-this')).toEqual([]);
  });
});
