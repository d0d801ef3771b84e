/**
 * Build stage for tutorial pages: each page unchanged since a previous build is hard-linked from the page store
 * into the new out/; the others are rendered on every core and placed as they finish. The build keeps only their
 * link facts and Markdown summaries, never their HTML, so its memory does not grow with the site.
 */
import type { Route, SiteData } from '../../site/types.js';
import type { Problem } from '../problems/problem.js';
import { renderFailure } from '../render/render-route.js';
import { fromPlainFacts, interned, type HtmlFacts } from '../verify/html-facts.js';
import type { Content } from '../content/load-content.js';
import { fenceLines, readBodySource, type BodySource } from '../content/read-docs.js';
import { markdownCacheOf, markdownInputs } from './render-bodies.js';
import { MarkdownPacks } from '../store/markdown-pack.js';
import { highlightedCode } from '../highlight/fenced-code.js';
import type { BuildOptions } from '../build-options.js';
import { layoutKey, tutorialPageKey } from '../store/page-key.js';
import { tutorialById } from '../../site/tutorial-by-id.js';
import { bodyKeyOf, type PageJob, type RenderedPage } from '../render/page-job.js';
import type { PagePool } from './page-pool.js';
import { poolMode } from './pool-plan.js';
import { limitHeapGrowth } from './heap-growth.js';
import { PageStore, type PageMeta } from '../store/page-store.js';
import { projectCacheDir, toolVersions } from '../cache/cache-keys.js';
import { recordSharedInputs } from '../store/shared-inputs.js';
import type { SiteRenderer } from '../bundle/site-bundle.js';
import type { OutputDir } from '../output/output-dir.js';
import { blockCacheIn, type LazyMarkdown } from '../markdown/thread-markdown.js';
import { withKeptLinks } from '../markdown/kept-links.js';
import type { ProgressSink } from '../report/progress.js';

/** What the stage produced; of the pages rendered, `packed` took their Markdown result from a pack. */
export interface PageStageResult { facts: Map<string, HtmlFacts>; markdown: Map<string, PageMeta['md']>; problems: Problem[]; rendered: number; reused: number; packed: number; /** Each placed page's key, by its file. */ keys: Map<string, string>; /** Resolves once the stored pages this build replaced are deleted (see PageStore.save); never rejects. */ stored: Promise<void> }

/** The page store of a project (under <root>/.cache/reactsite/pages). */
export function pageStoreDir(opts: Pick<BuildOptions, 'root'>): string {
  return projectCacheDir(opts.root, 'pages');
}

/** Places every tutorial route that has a body into `output`; `data` carries no bodies (each page adds its own). */
export async function buildTutorialPages(o: { opts: BuildOptions; content: Content; routes: readonly Route[]; data: SiteData; rendererFile: string; /** Loads the renderer (only when a page is rendered here). */ renderer: () => Promise<SiteRenderer>; output: OutputDir; pool: PagePool; markdown: LazyMarkdown; progress?: ProgressSink }): Promise<PageStageResult> {
  const versions = toolVersions();
  const mdCache = markdownCacheOf(o.opts);
  const store = o.opts.cache ? new PageStore(pageStoreDir(o.opts), versions) : undefined;
  const layout = layoutKey(o.data, o.rendererFile, versions);
  const out: PageStageResult = { facts: new Map(), markdown: new Map(), problems: [], rendered: 0, reused: 0, packed: 0, keys: new Map(), stored: Promise.resolve() };
  // One copy of each URL and id for all pages' facts: this thread's facts are read into it (see PieceFacts), the
  // workers' arrive in it (see string-table.ts), and each body's links are interned as it arrives (kept-links.ts).
  const strings = new Map<string, string>();
  const intern = <M extends PageMeta>(meta: M): M => ({ ...meta, md: withKeptLinks(meta.md, (href) => interned(href, strings)) });
  // Rendered pages are interned as they arrive (pool.run's keep); stored ones share the index's URL table already.
  const take = (route: Route, file: string, facts: HtmlFacts, md: PageMeta['md']) => {
    out.facts.set(route.file, facts);
    out.markdown.set(file, md);
  };
  const jobs: PageJob[] = [];
  /** Each job's fence languages (see workers/language-order.ts). */
  const langs: (string[] | undefined)[] = [];
  // The recycled output's listing and public/'s copy, done while the content loaded (see OutputDir.ready).
  await o.output.ready();
  for (const route of o.routes) {
    const doc = route.kind === 'tutorial' ? o.content.bodies.get(route.ref!) : undefined;
    if (!doc) continue;
    // The body's Markdown as its key names it, but for the tools' versions, which the layout key holds: a stored
    // page is found without hashing its Markdown key (made only for a page to render, to find its pack).
    const md = markdownInputs(doc, o.content.site.allowRawHtml);
    const key = tutorialPageKey(layout, route, tutorialById(o.data.tutorials, route.ref), mdCache.identity(md.source, md.options), o.data.buildDate, doc);
    out.keys.set(route.file, key);
    const hit = store?.get(key);
    if (hit && reuse(o.output, route.file, store!.file(key), hit.id)) {
      take(route, doc.file, hit.facts, hit.md);
      out.reused++;
      continue;
    }
    const mkdir = o.output.claimForJob(route.file);
    // A body read from its source is read by the thread that renders it, and only if no pack holds its result.
    const fields = { id: route.ref!, file: doc.file, bodyLine: doc.bodyLine, faq: doc.faq, updated: doc.updated, fences: doc.fences, ...(doc.imageSizes && { imageSizes: doc.imageSizes }) };
    const jobDoc = doc.source ? { ...fields, source: doc.source } : { ...fields, content: doc.content };
    const mdKey = mdCache.key(md.source, md.options);
    jobs.push({ route, key, mdKey, mkdir, packed: store?.packedMarkdown(mdKey), doc: jobDoc });
    langs.push(doc.langs);
  }
  o.progress?.stage('pages', out.reused + jobs.length);
  o.progress?.advance(out.reused);
  if (jobs.length) {
    const target = { outTmp: o.output.tmp, storeDir: store?.dir, packDir: store?.packDir, blocksDir: o.opts.cache ? projectCacheDir(o.opts.root, 'blocks') : undefined };
    const init = { rendererFile: o.rendererFile, data: o.data, target };
    store?.beginWrites();
    const packs = store && new MarkdownPacks(store.packDir);
    const [{ runPageJob, pageTools }, { MarkdownRenderer }] = await Promise.all([import('../render/page-job.js'), import('../markdown/render-markdown.js')]);
    const mode = poolMode(jobs.length, o.pool.size, codeBlocks(jobs.map((j) => j.doc)));
    limitHeapGrowth(jobs.length);
    // In "highlight" runs this thread's pages have their code highlighted by the warm workers.
    const markdown = mode === 'highlight' ? new MarkdownRenderer(o.pool.highlight) : await o.markdown();
    if (mode === 'highlight') markdown.blocks = blockCacheIn(target.blocksDir);
    const tools = pageTools({ renderer: await o.renderer(), data: o.data, markdown, packs, bodyKey: bodyKeyOf(o.rendererFile, o.data) }, strings);
    // Whole pages on every thread: pages of a language with its own highlighter are kept together (see
    // workers/language-order.ts); their results come back in route order all the same.
    const order = mode === 'pages' ? (await import('./language-order.js')).byLanguage(langs) : undefined;
    let results: Awaited<ReturnType<typeof o.pool.run>>;
    try {
      results = await o.pool.run(order ? order.map((i) => jobs[i]!) : jobs, init, (job: PageJob) => runPageJob(job, tools, target), mode, { onDone: o.progress?.advance.bind(o.progress), keep: intern, strings });
    } finally {
      packs?.close();
      // A build's workers have nothing left to do: their heaps and Oniguruma memory (about 300 MB on a 4,000-page
      // site) are given back before this thread turns every page's facts over and runs the gate.
      o.pool.rest().catch(() => undefined);
    }
    if (order) {
      const spread = results;
      results = new Array(spread.length);
      order.forEach((i, k) => (results[i] = spread[k]!));
    }
    results.forEach((r, i) => {
      const job = jobs[i]!;
      if (r instanceof Error) return void out.problems.push(renderFailure(job.route, job.doc.file, r));
      const { fromPack, ...page } = r as RenderedPage;
      o.output.placed(job.route.file, page.size);
      take(job.route, job.doc.file, fromPlainFacts(page.facts), page.md);
      store?.record(job.key, page);
      out.rendered++;
      if (fromPack) out.packed++;
    });
  }
  // Saved even when a later stage fails: the pages rendered now are valid for the next build.
  if (store) out.stored = store.save();
  if (store) recordSharedInputs(store.dir, o.opts.root);
  return out;
}

/** About how many fenced code blocks `docs` hold (fence lines / 2; counted when read, where it was). */
function codeBlocks(docs: Iterable<{ file: string; content?: string; fences?: number; source?: BodySource }>): number {
  let fences = 0;
  for (const d of docs) fences += d.fences ?? fenceLines(d.content ?? readBodySource(d.source!, d.file));
  return fences / 2;
}

/**
 * Tells started workers, as soon as the content is loaded, how a cold page stage will use them (every body
 * rendered): they warm up for whole pages, or start highlighting the code read from the bodies' fences.
 */
export function prepareWorkers(pool: PagePool, content: Content): void {
  // A warm build (a page store exists) has nothing to prepare, nor to scan the bodies for: its workers, if started,
  // render pages again from their packs, with neither Markdown nor Shiki.
  if (!pool.started || !pool.cold) return;
  const blocks = codeBlocks(content.bodies.values());
  const mode = poolMode(content.bodies.size, pool.size, blocks);
  pool.expect(mode, blocks > 0);
  if (mode === 'highlight') pool.prefetch([...content.bodies.values()].map((doc) => highlightedCode(doc.content)));
}

/** Links a stored page into the output; false when the stored file vanished meanwhile (it is rendered instead). */
function reuse(output: OutputDir, file: string, src: string, srcId: { ino: number; dev: number; size: number }): boolean {
  try {
    output.link(file, src, srcId);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}
