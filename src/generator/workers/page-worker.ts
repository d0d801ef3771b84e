/**
 * Worker-thread entry. It warms up at once for what the pool guessed it will do: on a small site, highlighting
 * (Shiki and its grammars loaded, the common JSX rules compiled on a sample), all a worker does in "highlight"
 * runs and what the main thread then waits for; on a large one, the page pipeline (Markdown, the page job). Once
 * the content is loaded the main thread says what will come, and the worker warms up the rest it needs (no
 * Shiki for a site without code). Then it renders and places batches of pages (see render/page-job.ts), or highlights.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { CodeBlock, CodeHighlighter } from '../highlight/highlight-code.js';
import type { BlockRuns } from '../highlight/line-runs.js';
import type { MarkdownPacks } from '../store/markdown-pack.js';
import type { MarkdownJob, MarkdownRenderer } from '../markdown/render-markdown.js';
import { blockCacheIn } from '../markdown/thread-markdown.js';
import type { bodyKeyOf, PageJob, pageTools, PageTools, runPageJob } from '../render/page-job.js';
import { blockKey } from '../highlight/fenced-code.js';
import type { Batch, BatchReply, HighlightReply, WorkerControl as Control, WorkerInit } from './pool-messages.js';
import type { PoolMode } from './pool-plan.js';
import { StringSender } from './string-table.js';
import type { SiteRenderer } from '../bundle/site-bundle.js';

interface Pipeline { runPageJob: typeof runPageJob; pageTools: typeof pageTools; bodyKeyOf: typeof bodyKeyOf; MarkdownPacks: typeof MarkdownPacks; markdown: MarkdownRenderer }
/** A page run's setup: its tools, its init, and the numbers of the strings its pages' facts sent so far. */
interface Ready { tools: PageTools; init: WorkerInit; run: typeof runPageJob; sent: StringSender }

/** What the pool guessed this worker will do (see likelyMode in pool-plan.ts): what it warms up for first. */
const likely = (workerData as { likely?: PoolMode } | null)?.likely ?? 'highlight';

let highlighter: Promise<CodeHighlighter> | undefined;
/** This thread's highlighter, loaded and warmed up once. */
const highlighting = () =>
  (highlighter ??= import('../highlight/highlight-code.js').then(async (m) => {
    const h = new m.CodeHighlighter();
    await h.warmUp().catch(() => undefined);
    return h;
  }));
let pipeline: Promise<Pipeline> | undefined;
/** The page pipeline and this thread's Markdown renderer, loaded and warmed up once (after Shiki, when the worker likely highlights). */
const pages = () =>
  (pipeline ??= (likely === 'pages' ? Promise.resolve() : highlighting()).then(async () => {
    const [md, job, packs] = await Promise.all([import('../markdown/render-markdown.js'), import('../render/page-job.js'), import('../store/markdown-pack.js')]);
    // Shiki is loaded on the first block that needs it, not before: a site without code never needs it.
    const markdown = new md.MarkdownRenderer(async (blocks) => (await highlighting()).highlight(blocks));
    await markdown.warmUp(false).catch(() => undefined);
    return { runPageJob: job.runPageJob, pageTools: job.pageTools, bodyKeyOf: job.bodyKeyOf, MarkdownPacks: packs.MarkdownPacks, markdown };
  }));
void (likely === 'pages' ? pages() : highlighting());

let ready: Promise<Ready> | undefined;

/** Code forecast by the main thread: highlighted while idle, one block at a time, each taken once when asked for. */
const forecast: CodeBlock[] = [];
const forecastDone = new Map<string, BlockRuns>();
const asked = new Set<string>();
let pumping = false;
async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  const h = await highlighting();
  for (let b = forecast.shift(); b; b = forecast.shift()) {
    const key = blockKey(b);
    if (asked.has(key) || forecastDone.has(key)) continue;
    const html = await h.highlightIfLoaded(b).catch(() => undefined);
    if (html !== undefined && !asked.has(key)) forecastDone.set(key, html);
    // Requests first: they are what the main thread waits for.
    await new Promise((r) => setImmediate(r));
  }
  pumping = false;
}

/** The runs of `blocks`: forecast ones as already made, the others now. */
async function highlightRequested(blocks: CodeBlock[]): Promise<BlockRuns[]> {
  const h = await highlighting();
  const out: BlockRuns[] = [];
  for (const b of blocks) {
    const key = blockKey(b);
    asked.add(key);
    const done = forecastDone.get(key);
    forecastDone.delete(key);
    out.push(done ?? (await h.highlight([b]))[0]!);
  }
  return out;
}

/** Set by the first batch: rendering bodies ahead stops (the pages themselves have come). */
let batchesCame = false;

/**
 * Renders the Markdown of bodies this worker will likely get first (see PagePool.ahead), one at a time between
 * messages, until the first batch comes; the page job then takes each result whose source and options match.
 */
async function renderAhead({ root, files, allowRawHtml }: { root: string; files: string[]; allowRawHtml: boolean }): Promise<void> {
  const [{ markdown }, { readBodyDoc }, { ImageSizes }] = await Promise.all([pages(), import('../content/read-docs.js'), import('../content/image-sizes.js')]);
  const sizes = new ImageSizes(root);
  for (const file of files) {
    if (batchesCame) return;
    const { doc } = await readBodyDoc(root, file, false, sizes);
    if (doc?.content !== undefined) await markdown.renderAhead(doc.content, { file: doc.file, bodyLine: doc.bodyLine, allowRawHtml, imageSizes: doc.imageSizes }).catch(() => undefined);
    await new Promise((r) => setImmediate(r));
  }
}

// Batches are handled one after another, in the order they arrive.
let queue: Promise<unknown> = Promise.resolve();

parentPort?.on('message', (message: Control | Batch) => {
  const msg = message as Control;
  if (msg.ahead) return void renderAhead(msg.ahead).catch(() => undefined);
  if (msg.prefetch) {
    forecast.push(...msg.prefetch);
    return void pump();
  }
  if (msg.expect) {
    // Whole pages: the pipeline first, then Shiki if the site has code. Highlighting only: Shiki is under way.
    const { mode, code } = msg.expect;
    if (mode === 'pages')
      void pages().then(() => {
        if (code) void highlighting();
      });
    return;
  }
  if (msg.hl) {
    const { id, blocks } = msg.hl;
    void highlightRequested(blocks)
      .then(
        (runs): HighlightReply => ({ hl: id, runs }),
        (e: Error): HighlightReply => ({ hl: id, error: e.message }),
      )
      .then((reply) => parentPort!.postMessage(reply));
    return;
  }
  if (msg.init) {
    const init = msg.init;
    ready = pages().then(async ({ runPageJob: run, pageTools, bodyKeyOf, MarkdownPacks: Packs, markdown }): Promise<Ready> => ({
      tools: pageTools({ renderer: (await import(pathToFileURL(init.rendererFile).href)) as SiteRenderer, data: init.data, markdown: withBlocks(markdown, init.target.blocksDir), packs: init.target.packDir ? new Packs(init.target.packDir) : undefined, bodyKey: bodyKeyOf(init.rendererFile, init.data) }),
      init,
      run,
      sent: new StringSender(),
    }));
    return;
  }
  const batch = message as Batch;
  batchesCame = true;
  queue = queue.then(() => runBatch(batch).then((reply) => parentPort!.postMessage(reply)));
});

/** Renders one batch of pages (placing them) or of Markdown bodies; a job that fails answers its error. */
async function runBatch(batch: Batch): Promise<BatchReply> {
  const reply: BatchReply = { id: batch.id, results: [] };
  const jobs: unknown[] = 'md' in batch ? batch.md : batch.jobs;
  let work: (job: never) => Promise<BatchReply['results'][number]>;
  let sent: StringSender | undefined;
  try {
    if ('md' in batch) {
      const markdown = withBlocks((await pages()).markdown, batch.blocksDir);
      work = (job: MarkdownJob) => markdown.render(job.source, job.options);
    } else {
      const r = await ready!;
      sent = r.sent;
      work = (job: PageJob) => r.run(job, r.tools, r.init.target).then((page) => ({ ...page, facts: r.sent.facts(page.facts) }));
    }
  } catch (e) {
    for (const _ of jobs) reply.results.push({ error: `the page worker could not start: ${(e as Error).message}` });
    return reply;
  }
  const early = pipeline && (await pipeline).markdown;
  const before = early?.earlyUsed ?? 0;
  for (const job of jobs) {
    try {
      reply.results.push(await work(job as never));
    } catch (e) {
      reply.results.push({ error: (e as Error).message });
    }
  }
  if (early) reply.ahead = early.earlyUsed - before;
  if (sent) reply.strings = sent.fresh();
  return reply;
}

/** This thread's renderer, with the block cache in `dir` (made once; none without a folder). */
function withBlocks(markdown: MarkdownRenderer, dir: string | undefined): MarkdownRenderer {
  if (dir && !markdown.blocks) markdown.blocks = blockCacheIn(dir);
  return markdown;
}
