/** Worker-thread entry: renders batches of Markdown bodies (the CPU-heavy stage) off the main thread. */
import { parentPort } from 'node:worker_threads';
import { renderMarkdown, type MarkdownResult } from '../markdown/render-markdown.js';
import type { MarkdownJob } from './markdown-pool.js';

parentPort?.on('message', async (msg: { id: number; jobs: MarkdownJob[] }) => {
  const results: (MarkdownResult | { error: string })[] = [];
  for (const job of msg.jobs) results.push(await renderMarkdown(job.source, job.options).catch((e: Error) => ({ error: e.message })));
  parentPort!.postMessage({ id: msg.id, results });
});
