/** Pure: the generated non-page files: sitemap.xml, robots.txt, _redirects, _headers and the search index. */
import type { Route, SiteConfig, SiteData } from '../../site/types.js';
import { absoluteUrl, withBase } from '../../site/seo/urls.js';
import { contentSecurityPolicy } from '../../site/document/csp.js';
import { notFoundScript, SPECULATION_RULES, THEME_SCRIPT } from '../../site/islands/inline-scripts.js';
import { searchIndexJson } from '../../site/widgets/search-index.js';
import { tutorialById } from '../../site/tutorial-by-id.js';
import type { Content } from '../content/load-content.js';

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** sitemap.xml listing each indexable page once, by canonical URL; `lastmod` where a date is known. */
export function sitemapXml(routes: readonly Route[], site: SiteConfig, base: string, lastmod: (r: Route) => string | undefined): string {
  const urls = routes
    .filter((r) => r.indexable)
    .map((r) => {
      const mod = lastmod(r);
      return `  <url><loc>${xml(absoluteUrl(site.url, base, r.path))}</loc>${mod ? `<lastmod>${xml(mod.slice(0, 10))}</lastmod>` : ''}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt allowing everything and pointing at the sitemap. */
export function robotsTxt(site: SiteConfig, base: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(site.url, base, '/sitemap.xml')}\n`;
}

/** Netlify/Cloudflare `_redirects`: the tutorial redirects, 404 under /tutorial/, everything else home. */
export function redirectsFile(routes: readonly Route[], base: string): string {
  const lines: string[] = [];
  for (const r of routes.filter((x) => x.kind === 'redirect')) {
    const from = withBase(base, r.path);
    const to = withBase(base, r.ref!);
    lines.push(`${from.replace(/\/$/, '')}  ${to}  301!`, `${from}  ${to}  301!`);
  }
  lines.push(`${withBase(base, '/tutorial/*')}  ${withBase(base, '/404.html')}  404`, `${withBase(base, '/*')}  ${base}  302`);
  return `${lines.join('\n')}\n`;
}

/** `_headers`: security headers for every path (the CSP is the union of every page's), long caching for hashed assets. */
export function headersFile(base: string, csp: string): string {
  return [
    `${withBase(base, '/*')}`,
    `  Content-Security-Policy: ${csp}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    `${withBase(base, '/assets/*')}`,
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n');
}

/** The out-relative names of the files generatedFiles makes for `data`: the search index only on large sites. */
export function generatedNames(data: Pick<SiteData, 'searchIndex'>): string[] {
  return [...(data.searchIndex ? [data.searchIndex.slice(1)] : []), 'sitemap.xml', 'robots.txt', '_redirects', '_headers'];
}

/** Whether out-relative `rel` is one of the files generatedFiles makes for `data` (dev makes them when asked for). */
export function isGeneratedFile(rel: string, data: Pick<SiteData, 'searchIndex'>): boolean {
  return generatedNames(data).includes(rel);
}

/**
 * One generated non-page file's text, made alone (dev asks for `_redirects` at every request, and the sitemap and
 * search index of 4,000 tutorials take about 12 ms); undefined when `rel` is not one. A tutorial's lastmod is its
 * body's `updated`, else its publish date.
 */
export function generatedFile(rel: string, routes: readonly Route[], data: SiteData, content: Pick<Content, 'bodies'>): string | undefined {
  const { site, base } = data;
  if (data.searchIndex && rel === data.searchIndex.slice(1)) return searchIndexJson(data.tutorials);
  if (rel === 'sitemap.xml') {
    return sitemapXml(routes, site, base, (r) => (r.kind === 'tutorial' ? (content.bodies.get(r.ref!)?.updated ?? tutorialById(data.tutorials, r.ref)?.publishDate) : undefined));
  }
  if (rel === 'robots.txt') return robotsTxt(site, base);
  if (rel === '_redirects') return redirectsFile(routes, base);
  if (rel === '_headers') return headersFile(base, contentSecurityPolicy([THEME_SCRIPT, data.assets.pageScript, notFoundScript(base), SPECULATION_RULES]));
  return undefined;
}

/** Every generated non-page file of the site (out-relative path, text), in generatedNames' order. */
export function generatedFiles(routes: readonly Route[], data: SiteData, content: Pick<Content, 'bodies'>): [string, string][] {
  return generatedNames(data).map((name) => [name, generatedFile(name, routes, data, content)!]);
}
