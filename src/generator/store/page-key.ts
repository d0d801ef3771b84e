/** Page keys: a hash of everything a finished tutorial page is made from (see page-store.ts for what they name). */
import { hash } from 'node:crypto';
import path from 'node:path';
import type { Body, Route, SiteData, Tutorial } from '../../site/types.js';

const FORMAT = 6;

/**
 * Hash of what every page shares (site, registry, ads, assets, static page titles, dev origin). Of the build
 * date only the year is in it, for the footer: a new day must not render every page again. The site's other
 * pages are keyed by it (see other-pages.ts); tutorial pages by the narrower tutorialSharedKeys.
 */
export function sharedKey(data: SiteData, rendererFile: string, versions: string): string {
  // Asked for by the tutorial pages and the other pages of a build: the registry's JSON is made and hashed once.
  let keys = sharedKeys.get(data);
  if (!keys) sharedKeys.set(data, (keys = new Map()));
  const at = `${versions}\0${rendererFile}`;
  let key = keys.get(at);
  if (key === undefined) {
    const { bodies: _b, pages, buildDate, ...rest } = data;
    key = hash('sha256', `${FORMAT}\0${versions}\0${path.basename(rendererFile)}\0${buildDate.slice(0, 4)}\0${JSON.stringify(rest)}\0${JSON.stringify(pageTitles(pages))}`, 'hex');
    keys.set(at, key);
  }
  return key;
}

/** Each site data's shared keys (a build makes its data once and never changes it). */
const sharedKeys = new WeakMap<SiteData, Map<string, string>>();

function pageTitles(pages: SiteData['pages']): string[][] {
  return Object.values(pages).map((p) => [p.name, p.title]);
}

/**
 * Registry fields only a tutorial's own page shows (its title, badges, byline and metadata) and, through their
 * routes, its neighbours' previous and next links. Every other field shows on other pages too: in the sidebar
 * (name, description, category, order), in its search text or the search index's URL (keywords).
 */
const OWN_PAGE_FIELDS = ['title', 'difficulty', 'teaches', 'author', 'readTime', 'publishDate', 'prev', 'next'] as const;
const OWN_PAGE = new Set<string>(OWN_PAGE_FIELDS);

/**
 * The shared part of each tutorial page's key, by its tutorial: what that page shows of the site besides its body
 * and its route (whose previous and next links pageKey adds). That is sharedKey's data with, of the other
 * registry entries, only the fields other pages show: a title, a date or an author changed in the registry
 * renders the page that shows it and its neighbours, where the registry's whole hash rendered all 4,000 again.
 */
export function tutorialSharedKeys(data: SiteData, rendererFile: string, versions: string): (t: Tutorial | undefined) => string {
  const { bodies: _b, pages, buildDate, tutorials, ...rest } = data;
  const shared = tutorials.map((t) => {
    const shown: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(t)) if (!OWN_PAGE.has(field)) shown[field] = value;
    return shown;
  });
  const layout = hash('sha256', `${FORMAT}\0${versions}\0${path.basename(rendererFile)}\0${buildDate.slice(0, 4)}\0${JSON.stringify(rest)}\0${JSON.stringify(pageTitles(pages))}\0${JSON.stringify(shared)}`, 'hex');
  // The page's other fields are in the layout with every entry's; which entry is its own, its route tells.
  return (t) => `${layout}\0${t ? JSON.stringify(OWN_PAGE_FIELDS.map((field) => t[field] ?? null)) : ''}`;
}

/** What a tutorial page shows of its body's front matter, beside the Markdown (which the Markdown key names). */
export type BodyMatter = Pick<Body, 'faq' | 'updated'>;

/**
 * Key of one page: the shared key, its route (with prev/next), its body's Markdown key, what it shows of the
 * body's front matter (`matter`: its FAQ and updated date, which the Markdown key does not cover) and, for a
 * tutorial without a publish date, the build date its metadata falls back to.
 */
export function pageKey(shared: string, route: Route, mdKey: string, fallbackDate = '', matter?: BodyMatter): string {
  const shown = matter ? JSON.stringify([matter.faq, matter.updated ?? null]) : '';
  return hash('sha256', `${shared}\0${JSON.stringify(route)}\0${mdKey}\0${fallbackDate}\0${shown}`, 'hex');
}
