/** Worker-thread entry: renders batches of Markdown bodies (the CPU-heavy stage) off the main thread. */
import { parentPort } from 'node:worker_threads';
import { renderMarkdown } from './markdown.js';
import type { MarkdownJob } from './markdown-pool.js';

parentPort?.on('message', async (msg: { id: number; jobs: MarkdownJob[] }) => {
  try {
    const results = [];
    for (const job of msg.jobs) results.push(await renderMarkdown(job.source, job.options));
    parentPort!.postMessage({ id: msg.id, results });
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: (e as Error).message });
  }
});
