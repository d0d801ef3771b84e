/** JSON-LD structured data for each page type, as plain objects, and their safe serialization. */
import type { Faq, SiteConfig, Tutorial } from '../types.js';
import { metadataDifficulty, metaDescription, readDuration, teaches } from './metadata.js';
import { absoluteUrl } from './urls.js';

type Json = Record<string, unknown>;

/** Serializes JSON-LD for a <script> element: `<`, U+2028 and U+2029 are escaped so nothing can break out. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** URL builder bound to one build. */
export interface UrlContext { site: SiteConfig; base: string }

function abs(ctx: UrlContext, path: string) {
  return absoluteUrl(ctx.site.url, ctx.base, path);
}

function publisher(ctx: UrlContext): Json {
  const { site } = ctx;
  return { '@type': 'Organization', name: site.name, url: abs(ctx, '/'), logo: { '@type': 'ImageObject', url: abs(ctx, site.publisherLogo.src), width: site.publisherLogo.width, height: site.publisherLogo.height } };
}

function image(ctx: UrlContext): Json {
  const img = ctx.site.socialImage;
  return { '@type': 'ImageObject', url: abs(ctx, img.src), width: img.width, height: img.height };
}

/** BreadcrumbList from (name, path) pairs. */
export function breadcrumbs(ctx: UrlContext, trail: [string, string][]): Json {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: abs(ctx, path) })),
  };
}

/** Article + TechArticle + LearningResource for a tutorial page. */
export function tutorialJsonLd(ctx: UrlContext, t: Tutorial, o: { path: string; words: number; published: string; modified?: string }): Json {
  const url = abs(ctx, o.path);
  return {
    '@type': ['Article', 'TechArticle', 'LearningResource'],
    '@id': `${url}#article`,
    headline: t.title,
    name: t.title,
    description: metaDescription(t.description),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: { '@type': 'Person', name: t.author ?? ctx.site.owner, url: ctx.site.social.url },
    publisher: publisher(ctx),
    image: image(ctx),
    datePublished: o.published,
    dateModified: o.modified ?? o.published,
    inLanguage: ctx.site.language,
    keywords: t.keywords.slice(0, 15).join(', '),
    articleSection: t.category,
    teaches: teaches(t.teaches),
    educationalLevel: metadataDifficulty(t.difficulty),
    proficiencyLevel: metadataDifficulty(t.difficulty),
    learningResourceType: 'Tutorial',
    timeRequired: readDuration(o.words),
    wordCount: o.words,
    isAccessibleForFree: true,
  };
}

/** FAQPage for a body with a FAQ. */
export function faqJsonLd(faq: readonly Faq[]): Json {
  return {
    '@type': 'FAQPage',
    mainEntity: faq.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
  };
}

/** WebSite for the home page. */
export function websiteJsonLd(ctx: UrlContext): Json {
  return { '@type': 'WebSite', name: ctx.site.name, url: abs(ctx, '/'), description: metaDescription(ctx.site.description), inLanguage: ctx.site.language, publisher: publisher(ctx) };
}

/** WebPage for static pages and the template page. */
export function webPageJsonLd(ctx: UrlContext, o: { path: string; title: string; description: string }): Json {
  return { '@type': 'WebPage', name: o.title, url: abs(ctx, o.path), description: metaDescription(o.description), inLanguage: ctx.site.language, isPartOf: { '@type': 'WebSite', name: ctx.site.name, url: abs(ctx, '/') } };
}

/** Wraps several nodes in one @graph document. */
export function graph(nodes: Json[]): Json {
  return { '@context': 'https://schema.org', '@graph': nodes };
}
