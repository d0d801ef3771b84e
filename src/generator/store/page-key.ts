/** Page keys: a hash of everything a finished tutorial page is made from (see page-store.ts for what they name). */
import { hash } from 'node:crypto';
import path from 'node:path';
import type { Body, Route, SiteData, Tutorial } from '../../site/types.js';

const FORMAT = 6;

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
 * Hash of what every page may show of the site besides its own body and route: the site settings, the ads, the
 * assets, the static pages' titles, the dev origin, the year of the build date (the footer: a new day must not
 * render every page again) and, of each registry entry, the fields other pages than its own show. A title, a date
 * or an author changed in the registry renders only the page that shows it (see tutorialSharedKey) and its
 * neighbours, where the registry's whole hash rendered all 4,000 again.
 */
export function layoutKey(data: SiteData, rendererFile: string, versions: string): string {
  // Asked for by the tutorial pages and the other pages of a build: made and hashed once.
  let keys = layoutKeys.get(data);
  if (!keys) layoutKeys.set(data, (keys = new Map()));
  const at = `${versions}\0${rendererFile}`;
  let key = keys.get(at);
  if (key === undefined) {
    const { bodies: _b, pages, buildDate, tutorials, ...rest } = data;
    const shown = tutorials.map((t) => {
      const fields: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(t)) if (!OWN_PAGE.has(field)) fields[field] = value;
      return fields;
    });
    key = hash('sha256', `${FORMAT}\0${versions}\0${path.basename(rendererFile)}\0${buildDate.slice(0, 4)}\0${JSON.stringify(rest)}\0${JSON.stringify(pageTitles(pages))}\0${JSON.stringify(shown)}`, 'hex');
    keys.set(at, key);
  }
  return key;
}

/** Each site data's layout keys (a build makes its data once and never changes it). */
const layoutKeys = new WeakMap<SiteData, Map<string, string>>();

/**
 * The shared part of a tutorial page's key: the layout key and its own entry's own-page fields (its other fields
 * are in the layout key with every entry's; which entry is its own, its route tells).
 */
export function tutorialSharedKey(layout: string, t: Tutorial | undefined): string {
  return `${layout}\0${t ? JSON.stringify(OWN_PAGE_FIELDS.map((field) => t[field] ?? null)) : ''}`;
}

/**
 * Key of the page of a tutorial (`t`, its registry entry) on `route`: the layout key, its own entry's fields, its
 * body's Markdown as `markdown` names it and its front matter (`matter`), and, without a publish date, the build
 * date its metadata falls back to.
 */
export function tutorialPageKey(layout: string, route: Route, t: Tutorial | undefined, markdown: string, buildDate: string, matter: BodyMatter): string {
  return pageKey(tutorialSharedKey(layout, t), route, markdown, t?.publishDate ? '' : buildDate, matter);
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
