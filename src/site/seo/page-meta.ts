/** Pure: the head metadata of every route (title, description, keywords, canonical, JSON-LD). */
import type { Route, SiteData } from '../types.js';
import { tutorialById } from '../tutorial-by-id.js';
import { breadcrumbs, faqJsonLd, graph, tutorialJsonLd, webPageJsonLd, websiteJsonLd, type UrlContext } from './json-ld.js';
import { metaDescription, metaKeywords, pageTitle } from './metadata.js';
import { absoluteUrl } from './urls.js';

/** What the <head> of a page says about it. */
export interface PageMeta {
  /** The document's `<title>` (at most 70 characters). */
  title: string;
  /** The title social cards show, when longer than `title` allows (a tutorial's whole title). */
  ogTitle?: string;
  description: string;
  keywords: string;
  canonical: string;
  ogType: 'website' | 'article';
  robots: string;
  jsonLd?: Record<string, unknown>;
  published?: string;
  author?: string;
}

/** Metadata of `route`; the same canonical URL is used by links, sitemap and JSON-LD. */
export function pageMeta(route: Route, data: SiteData): PageMeta {
  const { site, base } = data;
  const ctx: UrlContext = { site, base };
  const canonical = absoluteUrl(site.url, base, route.kind === 'not-found' ? '/' : route.path);
  const home: [string, string] = ['Home', '/'];
  const siteKeywords = ['react', 'react tutorial', 'react 19', 'javascript', 'web development'];
  const base_ = { canonical, ogType: 'website' as const, robots: 'index, follow, max-image-preview:large' };
  switch (route.kind) {
    case 'tutorial': {
      const t = tutorialById(data.tutorials, route.ref)!;
      const body = data.bodies[t.id];
      const published = t.publishDate ?? data.buildDate;
      const nodes = [
        tutorialJsonLd(ctx, t, { path: route.path, words: body?.words ?? 0, published, modified: body?.updated }),
        breadcrumbs(ctx, [home, ['React Tutorial', '/tutorial/'], [t.name, route.path]]),
      ];
      if (body?.faq.length) nodes.push(faqJsonLd(body.faq));
      return { ...base_, title: pageTitle(t.title, site.name), ogTitle: t.title, description: metaDescription(t.description), keywords: metaKeywords(t.keywords), ogType: 'article', jsonLd: graph(nodes), published, author: t.author ?? site.owner };
    }
    case 'static': {
      const page = data.pages[route.ref!]!;
      return { ...base_, title: pageTitle(page.title, site.name), description: metaDescription(page.description), keywords: metaKeywords(siteKeywords), jsonLd: graph([webPageJsonLd(ctx, { path: route.path, title: page.title, description: page.description }), breadcrumbs(ctx, [home, [page.title, route.path]])]) };
    }
    case 'template':
      return { ...base_, title: pageTitle('The React', site.name), description: metaDescription(site.description), keywords: metaKeywords(siteKeywords), jsonLd: graph([webPageJsonLd(ctx, { path: route.path, title: 'The React', description: site.description })]) };
    case 'not-found':
      return { ...base_, title: pageTitle('Page not found', site.name), description: metaDescription(site.description), keywords: metaKeywords(siteKeywords), robots: 'noindex, follow' };
    default:
      return { ...base_, title: pageTitle(`${site.name}: ${site.landing.headline}`), description: metaDescription(site.description), keywords: metaKeywords(siteKeywords), jsonLd: graph([websiteJsonLd(ctx)]) };
  }
}
