/**
 * Shared parts of a page (document/shared-part.tsx): the navigation bar, the footer, the hub's top and ads column
 * are rendered once and slotted into every page that shows them as one shared span; each page still records the
 * islands in them, and a part is rendered again when anything it is made of changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { islandNames } from '../../src/generator/bundle/site-bundle.js';
import { loadContent } from '../../src/generator/content/load-content.js';
import { buildRoutes } from '../../src/generator/content/routes.js';
import { siteDataOf } from '../../src/generator/render/site-data.js';
import { piecesText } from '../../src/site/document/page-pieces.js';
import { renderPage, renderPagePieces } from '../../src/site/render-page.js';
import type { AssetManifest, PagePieces, Route, SharedSpan, SiteData } from '../../src/site/types.js';
import { REPO } from '../helpers/project.js';

const assets: AssetManifest = { css: '/assets/site.css', islands: Object.fromEntries(islandNames().map((n) => [n, { src: `/assets/${n}.js`, imports: ['/assets/react.js'] }])), pageScript: 'void 0', terminalCss: '' };

let data: SiteData;
let tutorials: Route[];
let landing: Route;

beforeAll(async () => {
  const { content } = await loadContent(REPO);
  // Bodies do not matter here: every static page gets an empty one, tutorials none (their shells are the same).
  const empty = new Map([...content!.pages.values()].map((doc) => [doc.file, { hast: { type: 'root' as const, children: [] }, words: 0 }]));
  data = siteDataOf(content!, empty, {}, assets);
  const { routes } = buildRoutes(data.tutorials, Object.keys(data.pages));
  tutorials = routes.filter((r) => r.kind === 'tutorial');
  landing = routes.find((r) => r.kind === 'landing')!;
});

/** The shared span of `pieces` that holds `marker`. */
const spanWith = (pieces: PagePieces, marker: string) => pieces.find((p): p is SharedSpan => typeof p !== 'string' && p.shared.slice(p.from, p.to).includes(marker));

/** The chunks a page fetches once it has loaded (its loader's data-preload). */
const preloaded = (html: string) => /<script data-preload="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];

describe('shared parts of a page', () => {
  it('renders the bar, the footer, the hub top and the ads column once, and gives every page the same span of them and of the page script', () => {
    const [a, b] = [renderPagePieces(tutorials[0]!, data), renderPagePieces(tutorials[1]!, data)];
    for (const marker of ['<header class="navbar"', '<footer class="site-footer"', '<section class="hub-header"', '<div class="sidebar-top"', '<aside class="ads-column"']) {
      const span = spanWith(a, marker);
      expect(span, marker).toBeDefined();
      // The same object: rendered for the first page, taken as it is by the second.
      expect(spanWith(b, marker), marker).toBe(span);
    }
    // The page script too: one shared string, whose span each page takes.
    expect(a.some((p) => typeof p !== 'string' && p.shared === data.assets.pageScript && p.to === p.shared.length)).toBe(true);
    // Joined, the pieces are the page (each part in its place once).
    expect(piecesText(a)).toBe(renderPage(tutorials[0]!, data));
    expect(piecesText(a).split('<header class="navbar"')).toHaveLength(2);
  });

  it('records the islands of its shared parts on every page, not only the one that rendered them', () => {
    for (const route of [tutorials[2]!, tutorials[3]!, tutorials[2]!]) {
      const chunks = preloaded(renderPage(route, data));
      for (const island of ['NavMenu', 'ThemeToggle', 'DrawerButton', 'SidebarSearch', 'AdsPanel', 'PointerEffects']) expect(chunks, `${route.path} ${island}`).toContain(`/assets/${island}.js`);
    }
  });

  it('renders a part again when what it is made of changes', () => {
    const before = renderPage(tutorials[0]!, data);
    const renamed = { ...data, site: { ...data.site, name: 'Another Name' } };
    expect(renderPage(tutorials[0]!, renamed)).toContain('aria-label="Another Name home"');
    const fewer = { ...data, ads: data.ads.slice(1) };
    const ads = (html: string) => html.slice(html.indexOf('<aside class="ads-column"'), html.indexOf('</aside>', html.indexOf('<aside class="ads-column"')));
    expect(ads(renderPage(tutorials[0]!, fewer))).not.toBe(ads(before));
    const otherPages = { ...data, pages: Object.fromEntries(Object.entries(data.pages).slice(1)) };
    expect(renderPage(tutorials[0]!, otherPages).split('<li><a href="/').length).toBeLessThan(before.split('<li><a href="/').length);
    // The first data's parts are still its own.
    expect(renderPage(tutorials[0]!, data)).toBe(before);
  });

  it('slots its parts in under any base path, one with characters React escapes in an attribute included', () => {
    for (const base of ['/a&b/', "/it's/", '/"q"/']) {
      const at = { ...data, base };
      for (const route of [landing, tutorials[0]!]) {
        const html = renderPage(route, at);
        expect(html, `${base} ${route.path}`).not.toContain('data-reactsite-slot');
        for (const marker of ['<header class="navbar"', '<footer class="site-footer"']) expect(html.split(marker), `${base} ${route.path} ${marker}`).toHaveLength(2);
      }
      expect(renderPage(tutorials[0]!, at)).toContain('<aside class="ads-column"');
    }
  });

  it('gives each section its own bar: the landing page marks Home, a tutorial marks the tutorials', () => {
    const current = (html: string) => /<a href="([^"]*)" aria-current="page">/.exec(html.slice(html.indexOf('<header class="navbar"')))?.[1];
    expect(current(renderPage(tutorials[0]!, data))).toBe('/tutorial/');
    expect(current(renderPage(landing, data))).toBe('/');
    expect(current(renderPage(tutorials[1]!, data))).toBe('/tutorial/');
  });
});
