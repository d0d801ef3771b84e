/** Page keys: a hash of everything a finished tutorial page is made from (see page-store.ts for what they name). */
import { hash } from 'node:crypto';
import path from 'node:path';
import type { Body, Route, SiteData } from '../../site/types.js';

const FORMAT = 5;

/**
 * Hash of what every page shares (site, registry, ads, assets, static page titles, dev origin). Of the build
 * date only the year is in it, for the footer: a new day must not render every page again.
 */
export function sharedKey(data: SiteData, rendererFile: string, versions: string): string {
  // Asked for by the tutorial pages and the other pages of a build: the registry's JSON is made and hashed once.
  let keys = sharedKeys.get(data);
  if (!keys) sharedKeys.set(data, (keys = new Map()));
  const at = `${versions}\0${rendererFile}`;
  let key = keys.get(at);
  if (key === undefined) {
    const { bodies: _b, pages, buildDate, ...rest } = data;
    const pageTitles = Object.values(pages).map((p) => [p.name, p.title]);
    key = hash('sha256', `${FORMAT}\0${versions}\0${path.basename(rendererFile)}\0${buildDate.slice(0, 4)}\0${JSON.stringify(rest)}\0${JSON.stringify(pageTitles)}`, 'hex');
    keys.set(at, key);
  }
  return key;
}

/** Each site data's shared keys (a build makes its data once and never changes it). */
const sharedKeys = new WeakMap<SiteData, Map<string, string>>();

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
