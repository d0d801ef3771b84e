/** On-disk cache of finished tutorial pages, keyed by everything a page is made from; corrupt entries are ignored. */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Route, SiteData } from '../site/types.js';
import { JsonCache } from './json-cache.js';
import type { PageResult } from './page-pool.js';

const FORMAT = 2;

/** Hash of what every page shares (site, registry, ads, assets, static page titles, date, dev origin). */
export function sharedKey(data: SiteData, rendererFile: string, versions: string): string {
  const { bodies: _b, pages, ...rest } = data;
  const pageTitles = Object.values(pages).map((p) => [p.name, p.title]);
  return createHash('sha256').update(`${FORMAT}\0${versions}\0${path.basename(rendererFile)}\0${JSON.stringify(rest)}\0${JSON.stringify(pageTitles)}`).digest('hex');
}

function isPage(v: unknown): v is PageResult {
  const p = v as PageResult | undefined;
  return typeof p?.html === 'string' && Array.isArray(p.facts?.urls) && Array.isArray(p.facts?.ids) && typeof p.md?.words === 'number' && Array.isArray(p.md.links) && Array.isArray(p.md.warnings);
}

/** A page cache under `dir` (normally `<root>/.cache/reactsite/pages`); `enabled: false` makes it a no-op. */
export class PageCache extends JsonCache<PageResult> {
  constructor(dir: string, enabled: boolean) {
    super(dir, enabled, isPage);
  }

  /** Key of one page: the shared key, its route (with prev/next) and its body's Markdown key. */
  key(shared: string, route: Route, mdKey: string): string {
    return createHash('sha256').update(`${shared}\0${JSON.stringify(route)}\0${mdKey}`).digest('hex');
  }
}
