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
import { toolVersions } from './paths.js';

/** Below this many tutorial bodies a build renders in-process: starting workers would cost more than it saves. */
export const MIN_BODIES_FOR_WORKERS = 12;

/** Whether this build renders its tutorial pages on workers (compiled CLI, enough bodies, a renderer file). */
export function usePageWorkers(content: Content, rendererFile: string | undefined): boolean {
  return !!rendererFile && !!pageWorkerFile() && content.bodies.size >= MIN_BODIES_FOR_WORKERS && process.env.REACTSITE_WORKERS !== '0';
}

/** What the stage produced. */
export interface PageStageResult { html: Map<string, string>; facts: Map<string, HtmlFacts>; markdown: Map<string, MarkdownSummary>; problems: Problem[]; cached: number }

/** Renders every tutorial route that has a body; `data` carries no bodies (each worker adds its page's own). */
export async function renderTutorialPages(o: { opts: BuildOptions; content: Content; routes: readonly Route[]; data: SiteData; rendererFile: string }): Promise<PageStageResult> {
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
  const init = { rendererFile: o.rendererFile, data: o.data, cacheDir: markdownCacheDir(o.opts), versions, cacheEnabled: o.opts.cache };
  const results = await renderPages(pageWorkerFile()!, init, jobs);
  results.forEach((r, i) => {
    const job = jobs[i]!;
    if (r instanceof Error) return void out.problems.push(problem(`rendering ${job.route.path} failed: ${r.message}`, { file: job.doc.file, hint: 'check this body; if it renders alone, the component it names has the bug' }));
    take(job.route, job.doc.file, r);
    pageCache.set(keys[i]!, r);
  });
  return out;
}
