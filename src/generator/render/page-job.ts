/** One tutorial page: its body HTML and Markdown facts from its pack, or rendered from its source and packed; then page HTML -> link facts -> a file. */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Faq, PagePieces, Route, SiteData } from '../../site/types.js';
import { toPlainFacts } from '../verify/html-facts.js';
import { PieceFacts } from '../verify/piece-facts.js';
import { PieceBytes } from '../output/piece-bytes.js';
import { checkJsonLd } from '../verify/integrity.js';
import type { MarkdownPacks, PackedPage, PackRef } from '../store/markdown-pack.js';
import type { MarkdownRenderer } from '../markdown/render-markdown.js';
import { storePageFile, type PageMeta, type StoredPage } from '../store/page-store.js';
import type { SiteRenderer } from '../bundle/site-bundle.js';
import { renderRoutePieces } from './render-route.js';
import { mkdirExisting, writeFileAnew } from '../output/folders.js';
import { readBodySource, type BodySource } from '../content/read-docs.js';
import type { ImageSizeTable } from '../content/image-refs.js';

/**
 * A tutorial page to render: its route, its page key, its body source, the Markdown key of that source, where
 * a previous build packed the Markdown result of that key, if one did, and whether the page's folder is still
 * to be made (by the job, see OutputDir.claimForJob).
 */
export interface PageJob { route: Route; key: string; mdKey: string; mkdir?: boolean; packed?: PackRef; doc: { id: string; file: string; content?: string; source?: BodySource; bodyLine: number; faq: Faq[]; updated?: string; fences?: number; imageSizes?: ImageSizeTable } }

/** Where finished pages go: the build's temp out/ folder and, when caching, the page store, the Markdown packs and the block cache. */
export interface PageTarget { outTmp: string; storeDir?: string; packDir?: string; blocksDir?: string }

/**
 * What a thread renders pages with: the site renderer, the shared page data, its Markdown renderer and packs, the
 * key of body HTML, and what it keeps of the strings its pages share (their facts and bytes, see pageTools).
 */
export interface PageTools { renderer: SiteRenderer; data: SiteData; markdown: MarkdownRenderer; packs: MarkdownPacks | undefined; /** See bodyKeyOf. */ bodyKey: string; facts: PieceFacts; bytes: PieceBytes }

/** A thread's tools for one build: `base` with fresh keepers of shared facts and bytes (facts' strings into `pool`, if given). */
export function pageTools(base: Omit<PageTools, 'facts' | 'bytes'>, pool?: Map<string, string>): PageTools {
  return { ...base, facts: new PieceFacts(pool), bytes: new PieceBytes() };
}

/**
 * What a body's HTML depends on besides its Markdown: the site's components (the server bundle), the base and the
 * island chunks. A packed body rendered under the same key is used as it is.
 */
export function bodyKeyOf(rendererFile: string, data: Pick<SiteData, 'base' | 'assets'>): string {
  return createHash('sha256').update(`${path.basename(rendererFile)}\0${data.base}\0${JSON.stringify(data.assets.islands)}`).digest('base64url');
}

/**
 * Renders `job`; `data` carries no bodies (the page's own is added here). The body's HTML and its Markdown facts
 * come from its pack when the job names one that holds them under `bodyKey`; what is made anew is packed into `packs`.
 */
export async function renderPageJob(job: PageJob, { renderer, data, markdown, packs, bodyKey, facts: shared }: PageTools): Promise<{ pieces: PagePieces; meta: PageMeta; packed?: PackRef; fromPack: boolean }> {
  const { doc, route } = job;
  const hit = job.packed && packs?.get(job.packed, bodyKey);
  let packed = hit ? job.packed : undefined;
  let kept: PackedPage;
  if (hit) kept = hit;
  else {
    const md = await markdown.render(doc.content ?? readBodySource(doc.source!, doc.file), { file: doc.file, bodyLine: doc.bodyLine, allowRawHtml: data.site.allowRawHtml, imageSizes: doc.imageSizes });
    kept = { md, rendered: renderer.renderBody(md.hast, data, route.path) };
    packed = packs?.put(job.mdKey, md, { key: bodyKey, rendered: kept.rendered });
  }
  const { md, rendered } = kept;
  const page = renderRoutePieces(renderer, route, { ...data, bodies: { [doc.id]: { rendered, words: md.words, faq: doc.faq, updated: doc.updated } } }, doc.file);
  if ('error' in page) throw page.error;
  const { pieces } = page;
  const facts = shared.of(pieces);
  // JSON-LD is checked here, once, and only its problems are kept (they are stored with the page).
  facts.jsonLdProblems = facts.jsonLd.flatMap((block) => checkJsonLd(block, route.path, doc.file));
  facts.jsonLd = [];
  // The facts hold copies, not views into the page's HTML (see PieceFacts.of); the Markdown's facts are copied too,
  // so that no page keeps its tree alive.
  return { pieces, packed, fromPack: !!hit, meta: { facts: toPlainFacts(facts), md: structuredClone({ words: md.words, links: md.links, warnings: md.warnings }) } };
}

/** Puts a finished page in place: written into out/, and hard-linked from there into the store when caching. */
export function placePage(job: PageJob, html: string | readonly Uint8Array[], target: PageTarget): { size: number; mtimeMs: number } {
  // The main thread claimed this path; a recycled page may still be there (see writeFileAnew).
  const dest = path.join(target.outTmp, job.route.file);
  if (job.mkdir) mkdirExisting(path.dirname(dest));
  const written = writeFileAnew(dest, html);
  return target.storeDir ? storePageFile(target.storeDir, job.key, dest, written) : { size: written.size, mtimeMs: written.mtimeMs };
}

/** Renders and places one page; what the build keeps of it is its meta, never its HTML. */
export async function runPageJob(job: PageJob, tools: PageTools, target: PageTarget): Promise<RenderedPage> {
  const { pieces, meta, packed, fromPack } = await renderPageJob(job, tools);
  return { ...meta, ...placePage(job, tools.bytes.of(pieces), target), ...(packed && { packed }), ...(fromPack && { fromPack }) };
}

/** A page placed by a job: what the store records, and whether its Markdown result came from a pack (a count). */
export type RenderedPage = StoredPage & { fromPack?: true };
