/**
 * Page keys (store/page-key.ts, other-pages.ts) name only what a page shows: a tutorial page its own registry
 * entry, and of the others what the sidebar and the search index show; the site's settings. Every page is
 * rendered before and after each kind of edit a maintainer makes; a page whose HTML changed must have a new key
 * (else a warm build would keep it stale), and an edit of what one page shows (a title) must leave the other
 * pages' keys as they were.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { islandNames } from '../../src/generator/bundle/site-bundle.js';
import { loadContent, type Content } from '../../src/generator/content/load-content.js';
import { buildRoutes } from '../../src/generator/content/routes.js';
import { siteDataOf } from '../../src/generator/render/site-data.js';
import { layoutKey, tutorialPageKey } from '../../src/generator/store/page-key.js';
import { otherPageKeys } from '../../src/generator/store/other-pages.js';
import { renderPage } from '../../src/site/render-page.js';
import { tutorialById } from '../../src/site/tutorial-by-id.js';
import type { AssetManifest, Body, SiteData, Tutorial } from '../../src/site/types.js';
import { CATEGORY_FULL_LIMIT } from '../../src/site/components/sidebar-window.js';
import { SIDEBAR_FULL_LIMIT } from '../../src/site/components/sidebar-groups.js';
import { REPO } from '../helpers/project.js';

const assets: AssetManifest = { css: '/assets/site.css', islands: Object.fromEntries(islandNames().map((n) => [n, { src: `/assets/${n}.js`, imports: ['/assets/react.js'] }])), pageScript: 'void 0', terminalCss: '' };
const body = (id: string): Body => ({ rendered: { html: `<p>Body of ${id}.</p>`, islands: [], eager: [] }, words: 3, faq: [] });

let content: Content;
beforeAll(async () => {
  content = (await loadContent(REPO)).content!;
});

/** A tutorial without a body (its page is rendered among the other pages), and one without a publish date. */
const [NO_BODY, NO_DATE] = ['t5', 't7'];

/** The site data of `tutorials`, each with a body but NO_BODY, on the real site's settings (a build date of `date`). */
function dataOf(tutorials: Tutorial[], date = '2026-11-28'): SiteData {
  const pages = new Map([...content.pages.values()].map((doc) => [doc.file, { hast: { type: 'root' as const, children: [] }, words: 0 }]));
  const data = siteDataOf({ ...content, tutorials, bodies: new Map() }, pages, {}, assets);
  return { ...data, buildDate: date, bodies: Object.fromEntries(tutorials.filter((t) => t.id !== NO_BODY).map((t) => [t.id, body(t.id)])) };
}

/** A page as rendered, with its key. */
interface Page { html: string; key: string; tutorial: boolean }

/** Each page's HTML and key: tutorial pages by their tutorial's id, the others (landing, static, 404...) by file. */
function pagesOf(data: SiteData): Map<string, Page> {
  const { routes } = buildRoutes(data.tutorials, Object.keys(data.pages));
  const [renderer, versions] = ['/x/render-1.mjs', 'v1'];
  const layout = layoutKey(data, renderer, versions);
  const otherKey = otherPageKeys(data, renderer, versions);
  const out = new Map<string, Page>();
  for (const route of routes) {
    const t = route.kind === 'tutorial' ? tutorialById(data.tutorials, route.ref)! : undefined;
    // As the build keys them: a tutorial with a body in the page stage, the other pages (and a tutorial without one) after.
    const body = t && data.bodies[t.id];
    const key = t && body ? tutorialPageKey(layout, route, t, 'md', data.buildDate, body) : otherKey(route);
    out.set(t?.id ?? route.file, { html: renderPage(route, data), key, tutorial: !!t });
  }
  return out;
}

/** A registry past SIDEBAR_FULL_LIMIT: an intro, a category longer than CATEGORY_FULL_LIMIT (listed as a window), and short ones. */
function bigRegistry(): Tutorial[] {
  const entry = (i: number, category: string): Tutorial => ({ id: `t${i}`, slug: `t${i}`, name: `Tutorial ${i}`, title: `Title ${i}`, description: `About ${i}`, category, difficulty: 'Beginner', keywords: [`kw${i}`], teaches: [], isIntro: i === 0, ...(`t${i}` !== NO_DATE && { publishDate: '2026-01-02' }) });
  return Array.from({ length: CATEGORY_FULL_LIMIT + 20 }, (_, i) => entry(i, i === 0 ? 'Start' : i <= CATEGORY_FULL_LIMIT + 5 ? 'Long' : `Short ${i % 3}`));
}

/** Edits of the registry, by what they change; `own`: one page shows it (with its neighbours' links). */
const EDITS: { name: string; own?: boolean; edit: (ts: Tutorial[], at: number) => Tutorial[] }[] = [
  { name: 'a title', own: true, edit: (ts, at) => ts.map((t, i) => (i === at ? { ...t, title: `${t.title} (new)` } : t)) },
  { name: 'a difficulty, read time and author', own: true, edit: (ts, at) => ts.map((t, i) => (i === at ? { ...t, difficulty: 'Advanced', readTime: '9 min', author: 'Someone Else' } : t)) },
  { name: 'a publish date', own: true, edit: (ts, at) => ts.map((t, i) => (i === at ? { ...t, publishDate: '2026-03-04' } : t)) },
  { name: 'what it teaches', own: true, edit: (ts, at) => ts.map((t, i) => (i === at ? { ...t, teaches: ['state'] } : t)) },
  { name: "the intro's title", own: true, edit: (ts) => ts.map((t, i) => (i === 0 ? { ...t, title: `${t.title} (new)` } : t)) },
  { name: 'the title, author and date of an entry without a body', own: true, edit: (ts) => ts.map((t) => (t.id === NO_BODY ? { ...t, title: 'Bodiless', author: 'Nobody', publishDate: '2025-05-05' } : t)) },
  { name: 'a publish date removed', own: true, edit: (ts, at) => ts.map((t, i) => (i === at ? { ...t, publishDate: undefined } : t)) },
  { name: 'previous and next set by hand', edit: (ts, at) => ts.map((t, i) => (i === at ? { ...t, prev: 't2', next: 't3' } : t)) },
  { name: 'a name', edit: (ts, at) => ts.map((t, i) => (i === at ? { ...t, name: `${t.name} (new)` } : t)) },
  { name: 'a description', edit: (ts, at) => ts.map((t, i) => (i === at ? { ...t, description: `${t.description} (new)` } : t)) },
  { name: 'keywords', edit: (ts, at) => ts.map((t, i) => (i === at ? { ...t, keywords: ['other'] } : t)) },
  { name: 'a slug', edit: (ts, at) => ts.map((t, i) => (i === at ? { ...t, slug: `${t.slug}-moved` } : t)) },
  { name: 'a category', edit: (ts, at) => ts.map((t, i) => (i === at ? { ...t, category: 'Short 1' } : t)) },
  { name: 'the intro mark moved', edit: (ts, at) => ts.map((t, i) => (i === at || i === 0 ? { ...t, isIntro: i === at } : t)) },
  { name: 'the order of two entries', edit: (ts, at) => ts.map((t, i) => (i === at ? ts[at + 1]! : i === at + 1 ? ts[at]! : t)) },
  { name: 'an entry removed', edit: (ts, at) => ts.filter((_, i) => i !== at) },
  { name: 'an entry added', edit: (ts, at) => [...ts.slice(0, at), { ...ts[at]!, id: 'added', slug: 'added', name: 'Added' }, ...ts.slice(at)] },
];

/** Which pages present before and after an edit changed their HTML, and which their key. */
function compare(before: Map<string, Page>, after: Map<string, Page>) {
  const html: string[] = [];
  const key: string[] = [];
  for (const [id, a] of after) {
    const b = before.get(id);
    if (!b) continue;
    if (a.html !== b.html) html.push(id);
    if (a.key !== b.key) key.push(id);
  }
  return { html, key };
}

describe('page keys', () => {
  for (const [size, registry, at] of [
    ['a compact sidebar', bigRegistry, 80],
    ['a whole sidebar', () => bigRegistry().slice(0, 30), 12],
  ] as const) {
    it(`change for every page an edit changes, and for little else (${size})`, () => {
      const base = registry();
      expect(base.length > SIDEBAR_FULL_LIMIT).toBe(size === 'a compact sidebar');
      const before = pagesOf(dataOf(base));
      for (const { name, own, edit } of EDITS) {
        const { html, key } = compare(before, pagesOf(dataOf(edit(base, at))));
        expect(html.length, name).toBeGreaterThan(0);
        // A page shown differently has a new key: the build renders it again.
        expect(html.filter((id) => !key.includes(id)), `${name}: pages changed under the same key`).toEqual([]);
        // What one page shows renders that page and its neighbours (their previous and next links), no more.
        if (own) expect(key.length, `${name}: pages keyed anew`).toBeLessThanOrEqual(3);
      }
    }, 120_000);
  }

  it('change with the site settings, the ads and the year of the build; a tutorial page\'s with its day only if it shows it', () => {
    const base = bigRegistry().slice(0, 30);
    const before = pagesOf(dataOf(base));
    const edits: [string, (d: SiteData) => SiteData, boolean][] = [
      ['the site name', (d) => ({ ...d, site: { ...d.site, name: `${d.site.name} 2` } }), true],
      ['the ads', (d) => ({ ...d, ads: d.ads.slice(1) }), true],
      ['the year', (d) => ({ ...d, buildDate: '2027-01-01' }), true],
      ['the day', (d) => ({ ...d, buildDate: '2026-11-29' }), false],
    ];
    for (const [name, edit, all] of edits) {
      const after = pagesOf(edit(dataOf(base)));
      const { html, key } = compare(before, after);
      expect(html.filter((id) => !key.includes(id)), name).toEqual([]);
      // A new day re-keys only the tutorial page that shows it: the one without a publish date (its metadata's date).
      expect(key.filter((id) => after.get(id)!.tutorial && id !== NO_BODY).sort(), name).toEqual(all ? [...after.keys()].filter((id) => after.get(id)!.tutorial && id !== NO_BODY).sort() : [NO_DATE]);
    }
  });
});
