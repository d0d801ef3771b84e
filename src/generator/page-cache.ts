/** On-disk cache of finished tutorial pages, keyed by everything a page is made from; corrupt entries are ignored. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Route, SiteData } from '../site/types.js';
import type { PageResult } from './page-pool.js';

const FORMAT = 1;

/** Hash of what every page shares (site, registry, ads, assets, static page titles, date, dev origin). */
export function sharedKey(data: SiteData, rendererFile: string, versions: string): string {
  const { bodies: _b, pages, ...rest } = data;
  const pageTitles = Object.values(pages).map((p) => [p.name, p.title]);
  return createHash('sha256').update(`${FORMAT}\0${versions}\0${path.basename(rendererFile)}\0${JSON.stringify(rest)}\0${JSON.stringify(pageTitles)}`).digest('hex');
}

/** A page cache under `dir`; `enabled: false` makes it a no-op. */
export class PageCache {
  constructor(
    private readonly dir: string,
    private readonly enabled: boolean,
  ) {}

  /** Key of one page: the shared key, its route (with prev/next) and its body's Markdown key. */
  key(shared: string, route: Route, mdKey: string): string {
    return createHash('sha256').update(`${shared}\0${JSON.stringify(route)}\0${mdKey}`).digest('hex');
  }

  /** The cached page, or undefined when absent, unreadable or corrupt. */
  get(key: string): PageResult | undefined {
    if (!this.enabled) return undefined;
    try {
      const entry = JSON.parse(fs.readFileSync(this.file(key), 'utf8')) as { key?: string; page?: PageResult };
      const p = entry.page;
      if (entry.key !== key || typeof p?.html !== 'string' || !Array.isArray(p.facts?.urls) || !Array.isArray(p.facts?.ids) || typeof p.md?.words !== 'number' || !Array.isArray(p.md.links) || !Array.isArray(p.md.warnings)) return undefined;
      return p;
    } catch {
      return undefined;
    }
  }

  /** Stores a page atomically (temp file + rename). */
  set(key: string, page: PageResult): void {
    if (!this.enabled) return;
    const file = this.file(key);
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify({ key, page }));
      fs.renameSync(`${file}.${process.pid}.tmp`, file);
    } catch {
      // A cache that cannot be written only costs speed.
    }
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }
}
