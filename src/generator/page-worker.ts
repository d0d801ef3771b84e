/**
 * Worker-thread entry: warms up as soon as it starts (loads Markdown and Shiki, compiles the usual grammar
 * rules on a sample), then renders and places batches of tutorial pages (see page-job.ts) or highlights code
 * blocks for the main thread.
 */
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type { SiteData } from '../site/types.js';
import { MarkdownPacks } from './markdown-pack.js';
import { highlightBlocks, type CodeBlock } from './code-highlight.js';
import { warmUpMarkdown } from './markdown.js';
import { runPageJob, type PageJob } from './page-job.js';
import type { BatchReply, HighlightReply, WorkerInit } from './page-pool.js';
import type { SiteRenderer } from './site-bundle.js';

let ready: Promise<{ renderer: SiteRenderer; data: SiteData; packs: MarkdownPacks | undefined; init: WorkerInit }> | undefined;
const warm = warmUpMarkdown().catch(() => undefined);
// Batches are handled one after another, in the order they arrive.
let queue: Promise<unknown> = Promise.resolve();

parentPort?.on('message', (msg: { init?: WorkerInit; id?: number; jobs?: PageJob[]; hl?: { id: number; blocks: CodeBlock[] } }) => {
  if (msg.hl) {
    const { id, blocks } = msg.hl;
    void warm
      .then(() => highlightBlocks(blocks))
      .then(
        (html): HighlightReply => ({ hl: id, html }),
        (e: Error): HighlightReply => ({ hl: id, error: e.message }),
      )
      .then((reply) => parentPort!.postMessage(reply));
    return;
  }
  if (msg.init) {
    const init = msg.init;
    ready = warm.then(async () => ({ renderer: (await import(pathToFileURL(init.rendererFile).href)) as SiteRenderer, data: init.data, packs: init.target.packDir ? new MarkdownPacks(init.target.packDir) : undefined, init }));
    return;
  }
  queue = queue.then(async () => {
    const reply: BatchReply = { id: msg.id!, results: [] };
    let ctx: Awaited<NonNullable<typeof ready>>;
    try {
      ctx = await ready!;
    } catch (e) {
      for (const _ of msg.jobs ?? []) reply.results.push({ error: `the page worker could not start: ${(e as Error).message}` });
      return parentPort!.postMessage(reply);
    }
    const { renderer, data, packs, init } = ctx;
    for (const job of msg.jobs ?? []) {
      try {
        reply.results.push(await runPageJob(job, renderer, data, packs, init.target));
      } catch (e) {
        reply.results.push({ error: (e as Error).message });
      }
    }
    parentPort!.postMessage(reply);
  });
});
