/** The data every page renders from, with the defaults `build`, `check` and `dev` share. */
import { createHash } from 'node:crypto';
import { isCompactSidebar } from '../../site/components/sidebar-groups.js';
import type { AssetManifest, Body, RenderedBody, SiteData, StaticPage, Tutorial } from '../../site/types.js';
import { normalizeBase } from '../../site/seo/urls.js';
import { searchIndexJson } from '../../site/widgets/search-index.js';
import { isSourceDate } from './source-date.js';
import type { Content } from '../content/load-content.js';
import type { MarkdownResult } from '../markdown/render-markdown.js';

/** What the page data needs of a body's Markdown: its tree, or for a page of `check` or a page job its HTML. */
export type BodyMarkdown = Pick<MarkdownResult, 'words'> & Partial<Pick<MarkdownResult, 'hast'>> & { rendered?: RenderedBody };

/** The date pages report when a tutorial has none: SOURCE_DATE_EPOCH if set, else today (UTC), as a day. */
export function buildDate(env = process.env): string {
  const epoch = env.SOURCE_DATE_EPOCH;
  // (The command line refuses a value that is no date.)
  if (epoch && isSourceDate(epoch)) return new Date(Number(epoch) * 1000).toISOString();
  // The day, not the instant: pages made today stay byte-identical (and cached) across today's builds.
  return new Date().toISOString().slice(0, 10);
}

/** The base path a site is served under: --base, else the path of the site URL (--site, else site.json "url"). */
export function defaultBase(siteUrl: string | undefined, base?: string): string {
  return base ?? normalizeBase(siteUrl ? new URL(siteUrl).pathname : '/');
}

/** The public origin (--site, else site.json "url") and the base path (see defaultBase). */
export function siteUrlAndBase(content: Pick<Content, 'site'>, opts: { site?: string; base?: string }): { siteUrl: string; base: string } {
  const siteUrl = opts.site ?? content.site.url;
  return { siteUrl, base: defaultBase(siteUrl, opts.base) };
}

/** Search index paths by registry: dev makes new site data at every edit, mostly with the same registry. */
const indexPaths = new WeakMap<readonly Tutorial[], string | undefined>();

/** Content-hashed path of the shared search index, for registries large enough to get the compact sidebar. */
export function searchIndexPath(tutorials: readonly Tutorial[]): string | undefined {
  if (!isCompactSidebar(tutorials)) return undefined;
  if (!indexPaths.has(tutorials)) indexPaths.set(tutorials, `/assets/search-${createHash('sha256').update(searchIndexJson(tutorials)).digest('hex').slice(0, 10)}.json`);
  return indexPaths.get(tutorials);
}

/** A tutorial body as pages see it: its Markdown plus the facts from its front matter. */
export function bodyOf(doc: Pick<Body, 'faq' | 'updated'>, md: BodyMarkdown): Body {
  return { hast: md.hast, ...(md.rendered && { rendered: md.rendered }), words: md.words, faq: doc.faq, updated: doc.updated };
}

/** A static page as pages see it. */
function pageOf(name: string, doc: Pick<StaticPage, 'title' | 'description'>, md: BodyMarkdown): StaticPage {
  return { name, title: doc.title, description: doc.description, body: { hast: md.hast, words: md.words, faq: [] } };
}

/**
 * The data every page renders from (built once and shared by reference). `markdown` is keyed by source file and
 * holds every static page and the tutorial bodies whose tree it keeps: those asked for so far in `dev`, none in a
 * build or `check` (each tutorial page brings its own, see render/page-job.ts and render/checked-pages.ts).
 */
export function siteDataOf(content: Content, markdown: ReadonlyMap<string, Partial<BodyMarkdown>>, opts: { site?: string; base?: string; dev?: SiteData['dev'] }, assets: AssetManifest): SiteData {
  const { siteUrl, base } = siteUrlAndBase(content, opts);
  const bodies: Record<string, Body> = {};
  for (const [id, doc] of content.bodies) {
    const md = markdown.get(doc.file);
    if (md?.hast) bodies[id] = bodyOf(doc, md as BodyMarkdown);
  }
  const pages: Record<string, StaticPage> = {};
  for (const [name, doc] of content.pages) pages[name] = pageOf(name, doc, markdown.get(doc.file) as BodyMarkdown);
  return { site: { ...content.site, url: siteUrl }, base, tutorials: content.tutorials, bodies, pages, ads: content.ads, assets, searchIndex: searchIndexPath(content.tutorials), buildDate: buildDate(), dev: opts.dev };
}
