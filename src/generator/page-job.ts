/** One tutorial page from its body source: Markdown (through the cache) -> hast -> HTML -> link facts -> a file. */
import fs from 'node:fs';
import path from 'node:path';
import type { Faq, Route, SiteData } from '../site/types.js';
import { htmlFacts, toPlainFacts } from './html-facts.js';
import { checkJsonLd } from './integrity.js';
import type { MarkdownCache } from './markdown-cache.js';
import { renderMarkdown } from './markdown.js';
import { storedPageFile, writeStoredPage, type PageMeta, type StoredPage } from './page-store.js';
import type { SiteRenderer } from './site-bundle.js';
import { linkOrCopy } from './write-output.js';

/** A tutorial page to render: its route, its page key, its body source and the Markdown cache key of that source. */
export interface PageJob { route: Route; key: string; mdKey: string; doc: { id: string; file: string; content: string; bodyLine: number; faq: Faq[]; updated?: string } }

/** Where finished pages go: the page store (when caching) and the build's temp out/ folder (whose page folders exist). */
export interface PageTarget { storeDir?: string; outTmp: string }

/** Renders `job` with `renderer`; `data` carries no bodies (the page's own is added here). */
export async function renderPageJob(job: PageJob, renderer: SiteRenderer, data: SiteData, cache: MarkdownCache): Promise<{ html: string; meta: PageMeta }> {
  const { doc, route } = job;
  let md = cache.get(job.mdKey);
  if (!md) {
    md = await renderMarkdown(doc.content, { file: doc.file, bodyLine: doc.bodyLine, allowRawHtml: data.site.allowRawHtml });
    cache.set(job.mdKey, md);
  }
  const body = { hast: md.hast, words: md.words, faq: doc.faq, updated: doc.updated };
  const html = renderer.renderPage(route as Route, { ...data, bodies: { [doc.id]: body } });
  const facts = htmlFacts(html);
  // JSON-LD is checked here, once, and only its problems are kept (they are stored with the page).
  facts.jsonLdProblems = facts.jsonLd.flatMap((block) => checkJsonLd(block, route.path, doc.file));
  facts.jsonLd = [];
  // A copy, not slices: regex matches are views into the page's HTML, and would keep every page's HTML alive.
  return { html, meta: structuredClone({ facts: toPlainFacts(facts), md: { words: md.words, links: md.links, warnings: md.warnings } }) };
}

/** Puts a finished page in place: into the store and hard-linked into out/, or written straight into out/. */
export function placePage(job: PageJob, html: string, target: PageTarget): { size: number; mtimeMs: number } {
  // The main thread claimed this path (nothing recycled is there any more).
  const dest = path.join(target.outTmp, job.route.file);
  if (!target.storeDir) {
    fs.writeFileSync(dest, html);
    return { size: -1, mtimeMs: -1 };
  }
  const stored = writeStoredPage(target.storeDir, job.key, html);
  try {
    linkOrCopy(storedPageFile(target.storeDir, job.key), dest);
  } catch (e) {
    // Another build of the same project pruned the stored file meanwhile: the page still goes out, unlinked.
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    fs.writeFileSync(dest, html);
  }
  return stored;
}

/** Renders and places one page; what the build keeps of it is its meta, never its HTML. */
export async function runPageJob(job: PageJob, renderer: SiteRenderer, data: SiteData, cache: MarkdownCache, target: PageTarget): Promise<StoredPage> {
  const { html, meta } = await renderPageJob(job, renderer, data, cache);
  return { ...meta, ...placePage(job, html, target) };
}
