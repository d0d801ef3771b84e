/** One tutorial page from its body source: Markdown (through the cache) -> hast -> HTML -> link facts. */
import type { Route, SiteData } from '../site/types.js';
import { htmlFacts, toPlainFacts } from './html-facts.js';
import type { MarkdownCache } from './markdown-cache.js';
import { renderMarkdown } from './markdown.js';
import type { PageJob, PageResult } from './page-pool.js';
import type { SiteRenderer } from './site-bundle.js';

/** Renders `job` with `renderer`; `data` carries no bodies (the page's own is added here). */
export async function renderPageJob(job: PageJob, renderer: SiteRenderer, data: SiteData, cache: MarkdownCache): Promise<PageResult> {
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
