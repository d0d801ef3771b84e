/** What the pool (page-pool.ts) and its workers (page-worker.ts) send each other. */
import type { SiteData } from '../../site/types.js';
import type { CodeBlock } from '../highlight/highlight-code.js';
import type { BlockRuns } from '../highlight/line-runs.js';
import type { MarkdownJob, MarkdownResult } from '../markdown/render-markdown.js';
import type { PageJob, PageTarget } from '../render/page-job.js';
import type { PoolMode } from './pool-plan.js';
import type { NewStrings, SentPage } from './string-table.js';

/** Sent once to each worker before its first page batch. */
export interface WorkerInit { rendererFile: string; data: SiteData; target: PageTarget }

/**
 * What a worker answers for one batch: a page's meta (or a Markdown result) or an error message per job, and the
 * strings it numbered for the first time in this batch's pages.
 */
export interface BatchReply { id: number; results: (SentPage | MarkdownResult | { error: string })[]; strings?: NewStrings; /** Pages of the batch whose Markdown the worker had rendered ahead. */ ahead?: number }

/** A batch sent to a worker: pages (after `init`) or Markdown bodies. */
export type Batch = { id: number; jobs: PageJob[] } | { id: number; md: MarkdownJob[]; blocksDir?: string };

/** What a worker answers for highlighting: the runs of each block, or an error. */
export interface HighlightReply { hl: number; runs?: BlockRuns[]; error?: string }

/**
 * The messages to a worker that are not batches: what to warm up for, code to forecast, bodies to render ahead, a
 * highlight request, the page setup.
 */
export interface WorkerControl { expect?: { mode: PoolMode; code: boolean }; prefetch?: CodeBlock[]; ahead?: { root: string; files: string[]; allowRawHtml: boolean }; init?: WorkerInit; hl?: { id: number; blocks: CodeBlock[] } }
