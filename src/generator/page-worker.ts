/** Worker-thread entry: renders batches of tutorial pages (see page-job.ts) off the main thread. */
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type { SiteData } from '../site/types.js';
import { MarkdownCache } from './markdown-cache.js';
import { renderPageJob } from './page-job.js';
import type { PageJob, PageResult, WorkerInit } from './page-pool.js';
import type { SiteRenderer } from './site-bundle.js';

let renderer: SiteRenderer;
let data: SiteData;
let cache: MarkdownCache;

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
      results.push(await renderPageJob(job, renderer, data, cache));
    } catch (e) {
      results.push({ error: (e as Error).message });
    }
  }
  parentPort!.postMessage({ id: msg.id, results });
});
