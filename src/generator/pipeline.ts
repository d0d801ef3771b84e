/**
 * The pipeline driver of `build` and `check`: load -> routes -> markdown -> bundle -> pages -> host files ->
 * integrity gate. Tutorial pages of a build stream into the caller's output folder as they are made; every other
 * file is returned for the caller to place. `dev` runs the same stages one at a time (see dev/dev-site.ts).
 */
import type { Route } from '../site/types.js';
import { BundleCache, bundleKey } from './bundle/bundle-cache.js';
import { OtherPages, otherPageKeys } from './store/other-pages.js';
import { bundleClient, bundleServer, loadRendererFile, type ClientBundle, type SiteRenderer } from './bundle/site-bundle.js';
import { shippedBundles } from './bundle/shipped-bundle.js';
import { projectCacheDir, toolVersions } from './cache/cache-keys.js';
import type { InputStats } from './cache/file-stamps.js';
import { InputIndex } from './content/input-index.js';
import type { BuildOptions } from './build-options.js';
import { loadContent, sourceFile, type Content } from './content/load-content.js';
import { buildRoutes } from './content/routes.js';
import type { MarkdownFacts } from './markdown/render-markdown.js';
import { renderBodies, type MarkdownThreads } from './workers/render-bodies.js';
import { lazyMarkdown } from './markdown/thread-markdown.js';
import type { OutputDir, OutputFiles } from './output/output-dir.js';
import { throwIfErrors, type Problem } from './problems/problem.js';
import { generatedFiles } from './render/host-files.js';
import { renderRoute } from './render/render-route.js';
import { siteDataOf, siteUrlAndBase } from './render/site-data.js';
import { buildTutorialPages, prepareWorkers } from './workers/tutorial-pages.js';
import { limitHeapGrowth } from './workers/heap-growth.js';
import { htmlFacts, ownFacts, type HtmlFacts } from './verify/html-facts.js';
import { integrityProblems, type GateMemo } from './verify/integrity-gate.js';
import { checkedBody, type CheckedBody } from './verify/checked-body.js';
import { checkedPageOf, type CheckedPages } from './render/checked-pages.js';
import type { PagePool } from './workers/page-pool.js';
import type { ProgressSink } from './report/progress.js';


/** What a run produced, for the sink and the report. `files` excludes the tutorial pages already placed in `output`. */
export interface BuildResult { content: Content; routes: Route[]; files: OutputFiles; warnings: Problem[]; timings: Record<string, number>; markdown: Map<string, MarkdownFacts>; pages: { rendered: number; reused: number; packed: number } }

/**
 * `check` turns missing bodies into errors and keeps only the facts of tutorial pages; `build` places tutorial
 * pages in `output` through the page store, rendered by the main thread and the workers of `pool` (its owner
 * closes it).
 */
export type RunOptions = ({ mode: 'check'; pool?: PagePool; inputStats?: undefined; siteKey?: undefined } | { mode: 'build'; output: OutputDir; pool: PagePool; inputStats?: InputStats; siteKey?: string }) & { progress?: ProgressSink };

/** Times stages into one record, telling `progress` as each begins. */
function stageTimer(timings: Record<string, number>, progress?: ProgressSink) {
  return async <T>(stage: string, f: () => Promise<T> | T): Promise<T> => {
    progress?.stage(stage);
    const t0 = performance.now();
    try {
      return await f();
    } finally {
      timings[stage] = (timings[stage] ?? 0) + performance.now() - t0;
    }
  };
}

/**
 * The browser bundle and the server renderer's file: the ones shipped with reactsite while the site sources are
 * as shipped, else from the project's bundle cache when they are unchanged since it was made, else bundled now;
 * the renderer itself (React and the site) is loaded when a page is to be rendered.
 */
async function bundles(opts: BuildOptions, key = bundleKey()): Promise<{ client: ClientBundle; rendererFile: string; renderer: () => Promise<SiteRenderer> }> {
  const cache = new BundleCache(projectCacheDir(opts.root, 'bundle'), key, opts.cache);
  const hit = shippedBundles(key).get() ?? cache.get();
  if (hit) {
    let loading: Promise<SiteRenderer> | undefined;
    return { client: hit.client, rendererFile: hit.rendererFile, renderer: () => (loading ??= loadRendererFile(hit.rendererFile)) };
  }
  const [client, renderer] = await Promise.all([bundleClient(), bundleServer()]);
  cache.set(client, renderer.file);
  return { client, rendererFile: renderer.file, renderer: () => Promise.resolve(renderer) };
}

/**
 * Content and routes, or a ReactsiteError with every problem; `check` counts a missing body as an error. A build
 * with its cache reads only the bodies whose size or mtime changed (the input index).
 */
async function loadSite(opts: BuildOptions, run: RunOptions): Promise<{ content: Content; routes: Route[] }> {
  const mode = run.mode;
  const index = mode === 'build' && opts.cache ? new InputIndex(projectCacheDir(opts.root, 'inputs'), toolVersions(), run.inputStats) : undefined;
  // A cold build's workers render the Markdown of the bodies they will get first while this thread loads.
  const listed = mode === 'build' ? (files: string[], raw: boolean) => run.pool.ahead(opts.root, files, raw) : undefined;
  const loaded = await loadContent(opts.root, { index, lean: mode === 'build', listed });
  index?.save();
  if (mode === 'check') for (const p of loaded.problems) if (p.severity === 'warning' && p.message.includes('has no body')) p.severity = 'error';
  throwIfErrors(loaded.problems);
  const content = loaded.content!;
  const { routes, problems } = buildRoutes(content.tutorials, [...content.pages.keys()]);
  throwIfErrors(problems);
  return { content, routes };
}

/**
 * `check`'s Markdown: the static pages first (every page's data holds them), then each tutorial body, whose page
 * is rendered as it arrives and kept as facts in `into` (see render/checked-pages.ts). Needs the bundles first,
 * which `check` then waits for before its Markdown.
 */
async function checkedMarkdown(content: Content, opts: BuildOptions, routes: readonly Route[], threads: MarkdownThreads, bundling: ReturnType<typeof bundles>, into: CheckedPages, strings: Map<string, string>): Promise<Map<string, CheckedBody>> {
  // Its main thread receives every body's tree from the workers: garbage a large site's heap would let pile up.
  limitHeapGrowth(content.bodies.size);
  const { client, renderer } = await bundling;
  const site = await renderer();
  const noBodies = { ...content, bodies: new Map() };
  // The static pages keep their trees (a handful), and are rendered with the other pages, as in a build.
  const pages = await renderBodies(noBodies, opts, threads, (_file, md) => ({ ...checkedBody(md), hast: md.hast }));
  // The data of a build's page jobs: the static pages, no bodies (each page adds its own).
  const data = siteDataOf(noBodies, pages, opts, client.manifest);
  const bodies = await renderBodies({ ...content, pages: new Map() }, opts, threads, checkedPageOf(site, data, content, routes, into, strings));
  return new Map<string, CheckedBody>([...pages, ...bodies]);
}

/** Runs the whole pipeline and returns the output files not yet placed; throws ReactsiteError on any error. */
export async function buildSite(opts: BuildOptions, run: RunOptions): Promise<BuildResult> {
  // The stored pages a build replaced are deleted while it goes on; it returns, or fails, once they are.
  const deleting: Promise<void>[] = [];
  try {
    return await runStages(opts, run, deleting);
  } finally {
    await Promise.all(deleting);
  }
}

/** buildSite's stages; what is still being deleted when they end goes into `deleting`. */
async function runStages(opts: BuildOptions, run: RunOptions, deleting: Promise<void>[]): Promise<BuildResult> {
  const timings: Record<string, number> = {};
  const time = stageTimer(timings, run.progress);
  const bundling = time('bundle', () => bundles(opts, run.siteKey));
  bundling.catch(() => undefined);
  const { content, routes } = await time('load', () => loadSite(opts, run));
  const build = run.mode === 'build' ? run : undefined;
  if (build) prepareWorkers(build.pool, content);
  // Before waiting for the bundles: esbuild runs in its own process meanwhile.
  const blocksDir = opts.cache ? projectCacheDir(opts.root, 'blocks') : undefined;
  const threads = { markdown: lazyMarkdown({ blocksDir }), pool: run.pool, blocksDir };
  // A build renders tutorial bodies in its page stage; `check` renders each body's page as it arrives. One copy
  // of each URL and id for all of `check`'s page facts.
  const strings = new Map<string, string>();
  const checked: CheckedPages = { facts: new Map(), failed: new Map() };
  const markdown: BuildResult['markdown'] = await time('markdown', () => (build ? renderBodies({ ...content, bodies: new Map() }, opts, threads) : checkedMarkdown(content, opts, routes, threads, bundling, checked, strings)));
  const { client, rendererFile, renderer } = await bundling;
  const data = siteDataOf(content, markdown, opts, client.manifest);
  const files: OutputFiles = new Map(client.files);
  const facts = new Map<string, HtmlFacts>(checked.facts);
  const pages = { rendered: 0, reused: 0, packed: 0 };
  let pageKeys: Map<string, string> | undefined;
  if (build) {
    const stage = await time('pages', () => buildTutorialPages({ opts, content, routes, data, renderer, rendererFile, output: build.output, pool: build.pool, markdown: threads.markdown, progress: run.progress }));
    deleting.push(stage.stored);
    throwIfErrors(stage.problems);
    for (const [f, md] of stage.markdown) markdown.set(f, md);
    for (const [f, x] of stage.facts) facts.set(f, x);
    Object.assign(pages, { rendered: stage.rendered, reused: stage.reused, packed: stage.packed });
    pageKeys = stage.keys;
  }
  const warnings = [...content.warnings, ...[...markdown.values()].flatMap((m) => m.warnings)];
  await time('render', async () => {
    const problems: Problem[] = [];
    // A build keeps the other pages for the next one (see store/other-pages.ts); `check` renders them all.
    const kept = new OtherPages(projectCacheDir(opts.root, 'other'), !!build && opts.cache);
    const keyOf = otherPageKeys(data, rendererFile, toolVersions());
    for (const route of routes) {
      const failed = checked.failed.get(route.file);
      if (failed) problems.push(failed);
      if (failed || facts.has(route.file)) continue;
      const key = build && keyOf(route);
      const html = key && kept.get(route.file, key);
      if (html) {
        files.set(route.file, html);
        continue;
      }
      const r = renderRoute(await renderer(), route, data, sourceFile(content, route));
      if (!('html' in r)) problems.push(r.problem);
      // `check` writes nothing: a tutorial page is read for its facts at once and its HTML dropped.
      else if (run.mode === 'check' && route.kind === 'tutorial') facts.set(route.file, ownFacts(htmlFacts(r.html), strings));
      else {
        files.set(route.file, r.html);
        if (key) kept.set(route.file, key, r.html);
      }
    }
    throwIfErrors(problems);
    kept.save();
  });
  for (const [file, text] of generatedFiles(routes, data, content)) files.set(file, text);
  const { siteUrl, base } = siteUrlAndBase(content, opts);
  // A build checks only the pages whose key changed since the gate's last verdict (see verify/gate-memo.ts).
  const memo: GateMemo | undefined = pageKeys && opts.cache ? { dir: projectCacheDir(opts.root, 'gate'), keys: pageKeys, settings: `${opts.brokenLinks}\0${siteUrl}\0${base}\0${toolVersions()}` } : undefined;
  const gate = await time('integrity', () => integrityProblems({ opts, content, routes, files, markdown, facts, siteUrl, base, memo }));
  throwIfErrors([...gate, ...warnings]);
  warnings.push(...gate);
  return { content, routes, files, warnings, timings, markdown, pages };
}
