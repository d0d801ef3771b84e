/** The pipeline: load -> routes -> markdown -> bundle -> render -> generated files. The sink is the caller's. */
import { createHash } from 'node:crypto';
import { isCompactSidebar } from '../site/components/sidebar-groups.js';
import type { AssetManifest, Body, Route, SiteData, StaticPage, Tutorial } from '../site/types.js';
import { searchIndexJson } from '../site/widgets/search-index.js';
import { tutorialById } from '../site/tutorial-by-id.js';
import { contentSecurityPolicy } from '../site/document/csp.js';
import { LOADER_SCRIPT, notFoundScript, SPECULATION_RULES, THEME_SCRIPT } from '../site/islands/inline-scripts.js';
import { normalizeBase } from '../site/seo/urls.js';
import { problem, throwIfErrors, type Problem } from './problems/problem.js';
import { loadContent, type Content } from './content/load-content.js';
import type { MarkdownResult } from './markdown/render-markdown.js';
import { renderBodies } from './markdown/render-bodies.js';
import type { BuildOptions } from './cli/options.js';
import { buildRoutes } from './content/routes.js';
import { bundleClient, bundleServer, loadRendererFile, type ClientBundle, type SiteRenderer } from './bundle/site-bundle.js';
import { BundleCache, bundleKey } from './cache/bundle-cache.js';
import { projectCacheDir } from './bundle/package-paths.js';
import { headersFile, redirectsFile, robotsTxt, sitemapXml } from './render/host-files.js';
import { integrityProblems } from './verify/integrity-gate.js';
import { htmlFacts, type HtmlFacts } from './verify/html-facts.js';
import type { PagePool } from './workers/page-pool.js';
import { buildTutorialPages, prepareWorkers } from './render/tutorial-pages.js';
import type { OutputDir, OutputFiles } from './output/output-dir.js';

/** What the build knows of a body's Markdown: always its facts; its tree and code samples when rendered in-process. */
export type MarkdownFacts = Pick<MarkdownResult, 'words' | 'links' | 'warnings'> & Partial<Pick<MarkdownResult, 'code' | 'hast'>>;

/** What a build produced, for the sink and the report. `files` excludes the tutorial pages already placed in `output`. */
export interface BuildResult { content: Content; routes: Route[]; files: OutputFiles; warnings: Problem[]; timings: Record<string, number>; markdown: Map<string, MarkdownFacts>; pages: { rendered: number; reused: number; packed: number } }

/**
 * Extra inputs of one run: `check` turns missing bodies into errors; dev passes its origin and client script;
 * `output` (the `build` command) receives tutorial pages as they are made, through the page store, by the
 * main thread and the workers of `pool` (see startPagePool; its owner closes it).
 */
export interface RunOptions { mode: 'build' | 'check'; dev?: SiteData['dev']; bundles?: { client: ClientBundle; renderer: SiteRenderer }; output?: OutputDir; pool?: PagePool }

/** The date pages report when a tutorial has none: SOURCE_DATE_EPOCH if set, else today (UTC). */
export function buildDate(env = process.env): string {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch && /^\d+$/.test(epoch)) return new Date(Number(epoch) * 1000).toISOString();
  // The day, not the instant: pages made today stay byte-identical (and cached) across today's builds.
  return new Date().toISOString().slice(0, 10);
}

/** A tutorial body as pages see it: its Markdown plus the facts from its front matter. */
function bodyOf(doc: Pick<Body, 'faq' | 'updated'>, md: MarkdownResult): Body {
  return { hast: md.hast, words: md.words, faq: doc.faq, updated: doc.updated };
}

/** A static page as pages see it. */
function pageOf(name: string, doc: Pick<StaticPage, 'title' | 'description'>, md: MarkdownResult): StaticPage {
  return { name, title: doc.title, description: doc.description, body: { hast: md.hast, words: md.words, faq: [] } };
}

/** The data every page renders from (built once and shared by reference); `markdown` is keyed by source file. */
export function siteDataOf(content: Content, markdown: ReadonlyMap<string, MarkdownResult>, opts: Pick<BuildOptions, 'site' | 'base'>, assets: AssetManifest, dev?: SiteData['dev']): SiteData {
  const site = { ...content.site, url: opts.site ?? content.site.url };
  const base = opts.base ?? normalizeBase(new URL(site.url).pathname);
  const bodies: Record<string, Body> = {};
  for (const [id, doc] of content.bodies) bodies[id] = bodyOf(doc, markdown.get(doc.file)!);
  const pages: Record<string, StaticPage> = {};
  for (const [name, doc] of content.pages) pages[name] = pageOf(name, doc, markdown.get(doc.file)!);
  return { site, base, tutorials: content.tutorials, bodies, pages, ads: content.ads, assets, searchIndex: searchIndexPath(content.tutorials), buildDate: buildDate(), dev };
}

/** Renders one route to HTML; a failure becomes a Problem naming the page (and its body file when it has one). */
export function renderRoute(renderer: SiteRenderer, route: Route, data: SiteData, content: Content): { html: string } | { problem: Problem; error: unknown } {
  try {
    return { html: renderer.renderPage(route, data) };
  } catch (e) {
    return { error: e, problem: problem(`rendering ${route.path} failed: ${(e as Error).message}`, { file: route.kind === 'tutorial' ? content.bodies.get(route.ref!)?.file : undefined, hint: 'see the message; fix the content or the component it names' }) };
  }
}

/** Content-hashed path of the shared search index, for registries large enough to get the compact sidebar. */
export function searchIndexPath(tutorials: readonly Tutorial[]): string | undefined {
  if (!isCompactSidebar(tutorials)) return undefined;
  return `/assets/search-${createHash('sha256').update(searchIndexJson(tutorials)).digest('hex').slice(0, 10)}.json`;
}

/** The generated non-page files: sitemap.xml, robots.txt, _redirects, _headers and the search index (large sites). */
export function generatedFiles(routes: readonly Route[], data: SiteData): [string, string][] {
  const { site, base, bodies } = data;
  const lastmod = (r: Route) => (r.kind === 'tutorial' ? (bodies[r.ref!]?.updated ?? tutorialById(data.tutorials, r.ref)?.publishDate) : undefined);
  const index: [string, string][] = data.searchIndex ? [[data.searchIndex.slice(1), searchIndexJson(data.tutorials)]] : [];
  return [
    ...index,
    ['sitemap.xml', sitemapXml(routes, site, base, lastmod)],
    ['robots.txt', robotsTxt(site, base)],
    ['_redirects', redirectsFile(routes, base)],
    ['_headers', headersFile(base, contentSecurityPolicy([THEME_SCRIPT, LOADER_SCRIPT, notFoundScript(base), SPECULATION_RULES]))],
  ];
}

/** Runs the whole pipeline and returns the output files not yet placed; throws ReactsiteError on any error. */
export async function buildSite(opts: BuildOptions, run: RunOptions): Promise<BuildResult> {
  const pool = run.output && !run.dev ? run.pool : undefined;
  const timings: Record<string, number> = {};
  const time = async <T>(stage: string, f: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now();
    try {
      return await f();
    } finally {
      timings[stage] = (timings[stage] ?? 0) + performance.now() - t0;
    }
  };
  const bundleBoth = async () => {
    const cache = new BundleCache(projectCacheDir(opts.root, 'bundle'), bundleKey(), opts.cache);
    const hit = cache.get();
    if (hit) return { client: hit.client, renderer: await loadRendererFile(hit.rendererFile) };
    const [client, renderer] = await Promise.all([bundleClient(), bundleServer()]);
    cache.set(client, renderer.file);
    return { client, renderer };
  };
  const bundling = run.bundles ? Promise.resolve(run.bundles) : time('bundle', bundleBoth);
  bundling.catch(() => undefined);

  const loaded = await time('load', () => loadContent(opts.root));
  const missingBodies = loaded.problems.filter((p) => p.severity === 'warning' && p.message.includes('has no body'));
  if (run.mode === 'check') for (const p of missingBodies) p.severity = 'error';
  throwIfErrors(loaded.problems);
  const content = loaded.content!;
  if (pool) prepareWorkers(pool, content);
  const site = { ...content.site, url: opts.site ?? content.site.url };
  const base = opts.base ?? normalizeBase(new URL(site.url).pathname);

  const { routes, problems: routeProblems } = buildRoutes(content.tutorials, [...content.pages.keys()]);
  throwIfErrors(routeProblems);

  // `build` places tutorial pages through the page store, rendered on every core; it keeps no page trees or HTML.
  const pooling = pool && run.output ? { pool, output: run.output } : undefined;
  const mdContent = pooling ? { ...content, bodies: new Map() } : content;
  // Before waiting for the bundles: esbuild runs in its own process meanwhile.
  const markdown: BuildResult['markdown'] = await time('markdown', () => renderBodies(mdContent, opts));
  const { client, renderer } = await bundling;
  const rendererFile = (renderer as { file?: string }).file;
  const pooled = pooling && rendererFile ? { ...pooling, rendererFile } : undefined;
  const data = siteDataOf(mdContent, markdown as Map<string, MarkdownResult>, { site: site.url, base }, client.manifest, run.dev);
  const files: OutputFiles = new Map(client.files);
  let facts: Map<string, HtmlFacts> | undefined;
  const pages = { rendered: 0, reused: 0, packed: 0 };
  if (pooled) {
    const stage = await time('pages', () => buildTutorialPages({ opts, content, routes, data, renderer, ...pooled }));
    throwIfErrors(stage.problems);
    for (const [f, md] of stage.markdown) markdown.set(f, md);
    facts = stage.facts;
    Object.assign(pages, { rendered: stage.rendered, reused: stage.reused, packed: stage.packed });
  }
  const warnings = [...content.warnings, ...[...markdown.values()].flatMap((m) => m.warnings)];
  await time('render', () => {
    const problems: Problem[] = [];
    // `check` writes nothing: a tutorial page is read for its facts at once and its HTML dropped, so memory
    // does not hold every page of a large site.
    const factsOnly = run.mode === 'check' && !facts ? (facts = new Map()) : undefined;
    for (const route of routes) {
      if (files.has(route.file) || facts?.has(route.file)) continue;
      const r = renderRoute(renderer, route, data, content);
      if (!('html' in r)) problems.push(r.problem);
      else if (factsOnly && route.kind === 'tutorial') factsOnly.set(route.file, htmlFacts(r.html));
      else files.set(route.file, r.html);
    }
    throwIfErrors(problems);
  });

  for (const [file, text] of generatedFiles(routes, data)) files.set(file, text);
  const gate = await time('integrity', () => integrityProblems({ opts, content, routes, files, markdown, facts, siteUrl: site.url, base, devOrigin: run.dev?.origin }));
  throwIfErrors([...gate, ...warnings]);
  warnings.push(...gate);
  return { content, routes, files, warnings, timings, markdown, pages };
}
