/** Build stage for tutorial pages on worker threads, through the page cache: pages, their link facts and Markdown summaries. */
import path from 'node:path';
import type { Route, SiteData } from '../site/types.js';
import { problem, type Problem } from './errors.js';
import { fromPlainFacts, type HtmlFacts } from './html-facts.js';
import type { Content } from './load.js';
import { markdownCacheDir, markdownCacheOf, markdownKey } from './markdown-stage.js';
import type { BuildOptions } from './options.js';
import { PageCache, sharedKey } from './page-cache.js';
import { pageWorkerFile, renderPages, type MarkdownSummary, type PageJob, type PageResult } from './page-pool.js';
import { renderPageJob } from './page-job.js';
import { toolVersions } from './paths.js';
import type { SiteRenderer } from './site-bundle.js';

/**
 * Below this many pages to render, the main thread renders them: each worker pays about a second of start-up
 * (Shiki's WASM regex engine, grammar compilation, a cold JIT), which a small site never earns back
 * (measured on the 43-tutorial site: 4.75 s in-process against 6.3 s on two workers).
 */
export const MIN_JOBS_FOR_WORKERS = 150;

/** Whether this build can render tutorial pages through the page stage (it needs the renderer's file). */
export function usePageStage(rendererFile: string | undefined): boolean {
  return !!rendererFile;
}

/** What the stage produced. */
export interface PageStageResult { html: Map<string, string>; facts: Map<string, HtmlFacts>; markdown: Map<string, MarkdownSummary>; problems: Problem[]; cached: number }

/** Renders every tutorial route that has a body; `data` carries no bodies (each worker adds its page's own). */
export async function renderTutorialPages(o: { opts: BuildOptions; content: Content; routes: readonly Route[]; data: SiteData; rendererFile: string; renderer: SiteRenderer }): Promise<PageStageResult> {
  const versions = toolVersions();
  const mdCache = markdownCacheOf(o.opts);
  const pageCache = new PageCache(path.join(o.opts.root, '.cache', 'reactsite', 'pages'), o.opts.cache);
  const shared = sharedKey(o.data, o.rendererFile, versions);
  const out: PageStageResult = { html: new Map(), facts: new Map(), markdown: new Map(), problems: [], cached: 0 };
  const jobs: PageJob[] = [];
  const keys: string[] = [];
  const take = (route: Route, file: string, page: PageResult) => {
    out.html.set(route.file, page.html);
    out.facts.set(route.file, fromPlainFacts(page.facts));
    out.markdown.set(file, page.md);
  };
  for (const route of o.routes) {
    const doc = route.kind === 'tutorial' ? o.content.bodies.get(route.ref!) : undefined;
    if (!doc) continue;
    const mdKey = markdownKey(mdCache, doc, o.content.site.allowRawHtml);
    const key = pageCache.key(shared, route, mdKey);
    const hit = pageCache.get(key);
    if (hit) {
      take(route, doc.file, hit);
      out.cached++;
    } else {
      jobs.push({ route, mdKey, doc: { id: route.ref!, file: doc.file, content: doc.content, bodyLine: doc.bodyLine, faq: doc.faq, updated: doc.updated } });
      keys.push(key);
    }
  }
  if (!jobs.length) return out;
  const workerFile = pageWorkerFile();
  let results: (PageResult | Error)[];
  // REACTSITE_WORKERS=0 keeps everything on the main thread; =force uses workers whatever the size (tests).
  const mode = process.env.REACTSITE_WORKERS;
  if (workerFile && mode !== '0' && (mode === 'force' || jobs.length >= MIN_JOBS_FOR_WORKERS)) {
    const init = { rendererFile: o.rendererFile, data: o.data, cacheDir: markdownCacheDir(o.opts), versions, cacheEnabled: o.opts.cache };
    results = await renderPages(workerFile, init, jobs);
  } else {
    results = [];
    for (const job of jobs) results.push(await renderPageJob(job, o.renderer, o.data, mdCache).catch((e: Error) => e));
  }
  results.forEach((r, i) => {
    const job = jobs[i]!;
    if (r instanceof Error) return void out.problems.push(problem(`rendering ${job.route.path} failed: ${r.message}`, { file: job.doc.file, hint: 'check this body; if it renders alone, the component it names has the bug' }));
    take(job.route, job.doc.file, r);
    pageCache.set(keys[i]!, r);
  });
  return out;
}
