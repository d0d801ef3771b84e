/**
 * Stage 3 driver: Markdown for the static pages, and for every tutorial body in `check` and `dev` (a build
 * renders those in its page stage), through the on-disk cache and worker threads.
 */
import { contentHash } from '../content/input-index.js';
import { problem, ReactsiteError, type Problem } from '../problems/problem.js';
import type { Content } from '../content/load-content.js';
import type { SourceDoc } from '../content/read-docs.js';
import { MarkdownCache } from '../markdown/markdown-cache.js';
import { CODE_THEMES } from '../highlight/code-themes.js';
import type { MarkdownJob, MarkdownResult } from '../markdown/render-markdown.js';
import type { LazyMarkdown } from '../markdown/thread-markdown.js';
import type { PagePool } from './page-pool.js';
import type { BuildOptions } from '../build-options.js';
import { projectCacheDir, toolVersions } from '../cache/cache-keys.js';

/** The Markdown cache of a project (under <root>/.cache/reactsite/md). */
export function markdownCacheOf(opts: BuildOptions): MarkdownCache {
  return new MarkdownCache(markdownCacheDir(opts), toolVersions(), opts.cache);
}

/** Where the Markdown cache of a project lives. */
export function markdownCacheDir(opts: Pick<BuildOptions, 'root'>): string {
  return projectCacheDir(opts.root, 'md');
}

/**
 * What one source document's Markdown result is made from besides the tools: its text's hash, and the options
 * that change its output (where it is, the sizes of the images it names).
 */
export function markdownInputs(doc: SourceDoc, allowRawHtml: boolean): { source: string; options: string } {
  const sizes = doc.imageSizes ? JSON.stringify(doc.imageSizes) : '';
  return { source: (doc as { contentHash?: string }).contentHash ?? contentHash(doc.content), options: `${allowRawHtml}:${doc.bodyLine}:${doc.file}:${CODE_THEMES.light}/${CODE_THEMES.dark}:${sizes}` };
}

/** The cache key of one source document: its markdownInputs with the tools' versions. */
export function markdownKey(cache: MarkdownCache, doc: SourceDoc, allowRawHtml: boolean): string {
  const { source, options } = markdownInputs(doc, allowRawHtml);
  return cache.key(source, options);
}

/**
 * Where bodies are rendered: `markdown` on this thread, spread over `pool`'s workers too when there are many
 * (see PagePool.markdown); without a pool, on this thread only.
 */
export interface MarkdownThreads { markdown: LazyMarkdown; pool?: PagePool; blocksDir?: string; /** Only on the pool's workers (see PagePool.markdown). */ workersOnly?: boolean }

/** Renders every job on this thread, one at a time (rendering concurrently in one thread gains nothing). */
async function renderHere<K>(markdown: LazyMarkdown, jobs: readonly MarkdownJob[], keep: (r: MarkdownResult, i: number) => K | Error): Promise<(K | Error)[]> {
  const out: (K | Error)[] = [];
  for (const [i, j] of jobs.entries()) {
    const r = await renderOne(markdown, j);
    out.push(r instanceof Error ? r : keep(r, i));
  }
  return out;
}

/** Renders one job on this thread; an error is returned, not thrown. */
function renderOne(markdown: LazyMarkdown, job: MarkdownJob): Promise<MarkdownResult | Error> {
  return markdown().then((m) => m.render(job.source, job.options)).catch((e: Error) => e);
}

/**
 * Renders (or reads from cache) every body and page of `content`; keyed by source file. `reduce` turns each
 * result, as it arrives, into what the caller keeps of it (`check` keeps no trees); the cache keeps it whole.
 */
export async function renderBodies<K = MarkdownResult>(content: Content, opts: BuildOptions, threads: MarkdownThreads, reduce?: (file: string, md: MarkdownResult) => K): Promise<Map<string, K>> {
  const cache = markdownCacheOf(opts);
  const allowRawHtml = content.site.allowRawHtml;
  const docs: SourceDoc[] = [...content.bodies.values(), ...[...content.pages.values()].map((p) => ({ ...p, content: p.content.replaceAll('{email}', content.site.email) }))];
  const kept = (file: string, md: MarkdownResult): K => (reduce ? reduce(file, md) : (md as unknown as K));
  const out = new Map<string, K>();
  const todo: { doc: SourceDoc; key: string }[] = [];
  for (const doc of docs) {
    const key = markdownKey(cache, doc, allowRawHtml);
    const hit = cache.get(key);
    if (hit) out.set(doc.file, kept(doc.file, hit));
    else todo.push({ doc, key });
  }
  const keep = (r: MarkdownResult, i: number): K | Error => {
    const { doc, key } = todo[i]!;
    cache.set(key, r);
    try {
      return kept(doc.file, r);
    } catch (e) {
      return e as Error;
    }
  };
  const jobs: MarkdownJob[] = todo.map(({ doc }) => ({ source: doc.content, options: { file: doc.file, bodyLine: doc.bodyLine, allowRawHtml, ...(doc.imageSizes && { imageSizes: doc.imageSizes }) } }));
  const results = threads.pool ? await threads.pool.markdown(jobs, (job) => threads.markdown().then((m) => m.render(job.source, job.options)), threads.blocksDir, keep, { workersOnly: threads.workersOnly }) : await renderHere(threads.markdown, jobs, keep);
  const problems: Problem[] = [];
  results.forEach((r, i) => {
    const { doc } = todo[i]!;
    if (r instanceof Error) return void problems.push(problem(`Markdown could not be rendered: ${r.message}`, { file: doc.file, hint: 'check the code fences and tables of this file' }));
    out.set(doc.file, r);
  });
  if (problems.length) throw new ReactsiteError(problems);
  return out;
}
