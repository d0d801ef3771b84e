/** Worker-thread entry: turns tutorial bodies into finished pages (Markdown -> hast -> HTML -> link facts). */
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type { Route, SiteData } from '../site/types.js';
import { htmlFacts, toPlainFacts } from './html-facts.js';
import { MarkdownCache } from './markdown-cache.js';
import { renderMarkdown } from './markdown.js';
import type { PageJob, PageResult, WorkerInit } from './page-pool.js';
import type { SiteRenderer } from './site-bundle.js';

let renderer: SiteRenderer;
let data: SiteData;
let cache: MarkdownCache;

async function renderJob(job: PageJob): Promise<PageResult> {
  const { doc, route } = job;
  let md = cache.get(job.mdKey);
  if (!md) {
    md = await renderMarkdown(doc.content, { file: doc.file, bodyLine: doc.bodyLine, allowRawHtml: data.site.allowRawHtml });
    cache.set(job.mdKey, md);
  }
  const body = { hast: md.hast, words: md.words, faq: doc.faq, updated: doc.updated };
  const html = renderer.renderPage(route as Route, { ...data, bodies: { [doc.id]: body } });
  return { html, facts: toPlainFacts(htmlFacts(html)), md: { words: md.words, code: md.code, links: md.links, warnings: md.warnings } };
}

parentPort?.on('message', async (msg: { init?: WorkerInit; id?: number; jobs?: PageJob[] }) => {
  if (msg.init) {
    renderer = (await import(pathToFileURL(msg.init.rendererFile).href)) as SiteRenderer;
    data = msg.init.data;
    cache = new MarkdownCache(msg.init.cacheDir, msg.init.versions, msg.init.cacheEnabled);
    return void parentPort!.postMessage({ ready: true });
  }
  const results: (PageResult | { error: string })[] = [];
  for (const job of msg.jobs ?? []) {
    try {
      results.push(await renderJob(job));
    } catch (e) {
      results.push({ error: (e as Error).message });
    }
  }
  parentPort!.postMessage({ id: msg.id, results });
});
