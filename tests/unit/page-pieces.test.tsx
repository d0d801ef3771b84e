/**
 * Pages as pieces: the renderer's pieces join to the page it renders as text, and the facts and bytes the build
 * takes from them (a shared string read and encoded once) are those of the joined page, on every page of the real
 * site and of the same site with a compact sidebar of non-ASCII names, whole or a long category's window.
 */
import { describe, expect, it } from 'vitest';
import { CodeHighlighter } from '../../src/generator/highlight/highlight-code.js';
import { islandNames } from '../../src/generator/bundle/site-bundle.js';
import { loadContent } from '../../src/generator/content/load-content.js';
import { buildRoutes } from '../../src/generator/content/routes.js';
import { MarkdownRenderer } from '../../src/generator/markdown/render-markdown.js';
import { PieceBytes, utf8Length } from '../../src/generator/output/piece-bytes.js';
import { siteDataOf } from '../../src/generator/render/site-data.js';
import { allUrls, flatFacts, htmlFacts } from '../../src/generator/verify/html-facts.js';
import { PieceFacts } from '../../src/generator/verify/piece-facts.js';
import { isCompactSidebar } from '../../src/site/components/sidebar-groups.js';
import { piecesText } from '../../src/site/document/page-pieces.js';
import { renderPage, renderPagePieces } from '../../src/site/render-page.js';
import type { AssetManifest, PagePieces, SiteData, Tutorial } from '../../src/site/types.js';
import { REPO } from '../helpers/project.js';

const assets: AssetManifest = { css: '/assets/site.css', islands: Object.fromEntries(islandNames().map((n) => [n, { src: `/assets/${n}.js`, imports: ['/assets/react.js'] }])), pageScript: 'void 0', terminalCss: '' };

/** The real site's data, every body rendered. */
async function realSite(): Promise<SiteData> {
  const { content } = await loadContent(REPO);
  const markdown = new MarkdownRenderer(new CodeHighlighter().highlight);
  const md = new Map();
  for (const doc of [...content!.bodies.values(), ...content!.pages.values()]) md.set(doc.file, await markdown.render(doc.content, { file: doc.file, bodyLine: doc.bodyLine, allowRawHtml: false }));
  return siteDataOf(content!, md, {}, assets);
}

/**
 * `data` with `count` more tutorials in `categories` categories, named in accents, CJK and astral characters (a
 * compact sidebar, not ASCII).
 */
function compact(data: SiteData, count = 300, categories = 4): SiteData {
  const extra: Tutorial[] = Array.from({ length: count }, (_, i) => ({ id: `x${i}`, slug: `x-${i}`, name: `Étude ${i} 😀 第${i}章`, title: `Étude ${i}`, description: `Über 𝒳 ${'ß'.repeat(i % 7)} & <${i}>`, category: `Catégorie ${i % categories}`, difficulty: 'Beginner', keywords: [`k${i}`], teaches: [], isIntro: false }));
  return { ...data, tutorials: [...data.tutorials, ...extra] };
}

/**
 * Checks the pieces of every route of `data`; returns how many pieces were shared spans, and how many sidebar URL
 * lists (those of tutorial links) the pages share; the others are the shared parts' (see shared-part.tsx).
 */
function checkAll(data: SiteData, facts: PieceFacts, bytes: PieceBytes): { spans: number; lists: number } {
  const { routes } = buildRoutes(data.tutorials, Object.keys(data.pages));
  expect(routes.length).toBeGreaterThan(40);
  let spans = 0;
  const lists = new Set<readonly string[]>();
  for (const route of routes) {
    const pieces: PagePieces = renderPagePieces(route, data);
    const html = piecesText(pieces);
    expect(html, route.path).toBe(renderPage(route, data));
    const found = facts.of(pieces);
    expect(flatFacts(found), route.path).toEqual(htmlFacts(html));
    for (const list of found.shared ?? []) if (list.urls.some((url) => /^\/tutorial\/[^/]+\/$/.test(url))) lists.add(list.urls);
    expect(Buffer.concat(bytes.of(pieces)).equals(Buffer.from(html, 'utf8')), route.path).toBe(true);
    spans += pieces.filter((p) => typeof p !== 'string').length;
  }
  return { spans, lists: lists.size };
}

describe('pages as pieces', () => {
  it('join to the page, and give its facts and bytes, with the full sidebar and the compact one', async () => {
    const data = await realSite();
    expect(isCompactSidebar(data.tutorials)).toBe(false);
    const facts = new PieceFacts();
    const bytes = new PieceBytes();
    // Each hub page shares the sidebar's list, around its current entry, and its URLs are one list for all.
    const full = checkAll(data, facts, bytes);
    expect(full.spans).toBeGreaterThan(80);
    expect(full.lists).toBe(1);
    const big = compact(data);
    expect(isCompactSidebar(big.tutorials)).toBe(true);
    const byCategory = checkAll(big, facts, bytes);
    expect(byCategory.spans).toBeGreaterThan(600);
    // One list a category, and one for the hub pages of none (the 404 page).
    expect(byCategory.lists).toBe(new Set(big.tutorials.map((t) => t.category)).size + 1);
    // A category too long to list whole: each of its pages lists its own window of the category's shared list.
    const long = compact(data, 400, 1);
    const windows = checkAll(long, facts, bytes);
    expect(windows.spans).toBeGreaterThan(4 * 400);
    expect(windows.lists).toBe(new Set(long.tutorials.map((t) => t.category)).size);
  }, 60_000);

  it('refuse a span that cuts an attribute: its facts would be lost', () => {
    const shared = '<a href="/x/" id="y">x</a>';
    const page = (from: number, to: number): PagePieces => ['<html><head><title>T</title></head><body>', { shared, from, to }, '</body></html>'];
    const facts = new PieceFacts();
    expect(allUrls(facts.of(page(0, shared.length)))).toEqual(['/x/']);
    expect(() => facts.of(page(0, 8))).toThrow(/ends inside/);
    expect(() => facts.of(page(4, shared.length))).toThrow(/starts inside/);
  });

  it('encode any span of a shared string as Buffer.from would, astral characters and lone surrogates included', () => {
    const parts = ['a', 'é', '中', '😀', '\ud800', '\udc00', '<', '"'];
    let seed = 3;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const shared = Array.from({ length: 4000 }, () => parts[rand(parts.length)]).join('');
    const bytes = new PieceBytes();
    // Spans start and end between characters, never inside a pair.
    const cuts = Array.from({ length: 300 }, () => rand(shared.length + 1)).filter((i) => !((shared.charCodeAt(i) & 0xfc00) === 0xdc00 && (shared.charCodeAt(i - 1) & 0xfc00) === 0xd800));
    for (let i = 0; i + 1 < cuts.length; i += 2) {
      const [from, to] = [Math.min(cuts[i]!, cuts[i + 1]!), Math.max(cuts[i]!, cuts[i + 1]!)];
      const [got] = bytes.of([{ shared, from, to }]);
      expect(Buffer.from(got!).equals(Buffer.from(shared.slice(from, to), 'utf8')), `${from}-${to}`).toBe(true);
      expect(utf8Length(shared, from, to)).toBe(Buffer.byteLength(shared.slice(from, to)));
    }
  });
});
