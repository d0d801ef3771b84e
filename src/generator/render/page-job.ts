/** One tutorial page from its body source: Markdown (through the cache) -> hast -> HTML -> link facts -> a file. */
import fs from 'node:fs';
import path from 'node:path';
import type { Faq, Route, SiteData } from '../../site/types.js';
import { htmlFacts, toPlainFacts } from '../verify/html-facts.js';
import { checkJsonLd } from '../verify/integrity.js';
import type { MarkdownPacks, PackRef } from '../cache/markdown-pack.js';
import type { MarkdownRenderer } from '../markdown/render-markdown.js';
import { storePageFile, type PageMeta, type StoredPage } from '../cache/page-store.js';
import type { SiteRenderer } from '../bundle/site-bundle.js';
import { renderRoute } from './render-route.js';
import { bodyOf } from './site-data.js';
import { mkdirExisting } from '../output/folders.js';
import { readBodySource, type BodySource } from '../content/read-docs.js';

/**
 * A tutorial page to render: its route, its page key, its body source, the Markdown key of that source, where
 * a previous build packed the Markdown result of that key, if one did, and whether the page's folder is still
 * to be made (by the job, see OutputDir.claimForJob).
 */
export interface PageJob { route: Route; key: string; mdKey: string; mkdir?: boolean; packed?: PackRef; doc: { id: string; file: string; content?: string; source?: BodySource; bodyLine: number; faq: Faq[]; updated?: string; fences?: number } }

/** Where finished pages go: the build's temp out/ folder and, when caching, the page store, the Markdown packs and the block cache. */
export interface PageTarget { outTmp: string; storeDir?: string; packDir?: string; blocksDir?: string }

/** What a thread renders pages with: the site renderer, the shared page data, its Markdown renderer and packs. */
export interface PageTools { renderer: SiteRenderer; data: SiteData; markdown: MarkdownRenderer; packs: MarkdownPacks | undefined }

/**
 * Renders `job`; `data` carries no bodies (the page's own is added here). The Markdown result comes from its
 * pack when the job names one that still holds it; a new one is packed into `packs`.
 */
export async function renderPageJob(job: PageJob, { renderer, data, markdown, packs }: PageTools): Promise<{ html: string; meta: PageMeta; packed?: PackRef }> {
  const { doc, route } = job;
  let md = job.packed && packs?.get(job.packed);
  let packed = md ? job.packed : undefined;
  if (!md) {
    md = await markdown.render(doc.content ?? readBodySource(doc.source!, doc.file), { file: doc.file, bodyLine: doc.bodyLine, allowRawHtml: data.site.allowRawHtml });
    packed = packs?.put(job.mdKey, md);
  }
  const rendered = renderRoute(renderer, route, { ...data, bodies: { [doc.id]: bodyOf(doc, md) } }, doc.file);
  if ('error' in rendered) throw rendered.error;
  const html = rendered.html;
  const facts = htmlFacts(html);
  // JSON-LD is checked here, once, and only its problems are kept (they are stored with the page).
  facts.jsonLdProblems = facts.jsonLd.flatMap((block) => checkJsonLd(block, route.path, doc.file));
  facts.jsonLd = [];
  // A copy, not slices: the facts' strings are views into the page's HTML, and would keep every page's HTML alive.
  return { html, packed, meta: structuredClone({ facts: toPlainFacts(facts), md: { words: md.words, links: md.links, warnings: md.warnings } }) };
}

/** Puts a finished page in place: written into out/, and hard-linked from there into the store when caching. */
export function placePage(job: PageJob, html: string, target: PageTarget): { size: number; mtimeMs: number } {
  // The main thread claimed this path (nothing recycled is there any more); "wx" never writes through a link.
  const dest = path.join(target.outTmp, job.route.file);
  if (job.mkdir) mkdirExisting(path.dirname(dest));
  const fd = openNew(dest);
  let written: fs.Stats;
  try {
    fs.writeSync(fd, html);
    written = fs.fstatSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return target.storeDir ? storePageFile(target.storeDir, job.key, dest, written) : { size: -1, mtimeMs: -1 };
}

/** Opens `file` to write a new inode: an existing file there is removed first, never overwritten in place. */
function openNew(file: string): number {
  try {
    return fs.openSync(file, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    fs.rmSync(file, { force: true });
    return fs.openSync(file, 'wx');
  }
}

/** Renders and places one page; what the build keeps of it is its meta, never its HTML. */
export async function runPageJob(job: PageJob, tools: PageTools, target: PageTarget): Promise<StoredPage> {
  const { html, meta, packed } = await renderPageJob(job, tools);
  return { ...meta, ...placePage(job, html, target), ...(packed && { packed }) };
}
