/** The pipeline: load -> routes -> markdown -> bundle -> render -> generated files. The sink is the caller's. */
import type { Body, Route, SiteData, StaticPage } from '../site/types.js';
import { contentSecurityPolicy } from '../site/document/csp.js';
import { LOADER_SCRIPT, notFoundScript, THEME_SCRIPT } from '../site/islands/inline-scripts.js';
import { normalizeBase } from '../site/seo/urls.js';
import { problem, throwIfErrors, type Problem } from './errors.js';
import { loadContent, type Content } from './load.js';
import type { MarkdownResult } from './markdown.js';
import { renderBodies } from './markdown-stage.js';
import type { BuildOptions } from './options.js';
import { buildRoutes } from './routes.js';
import { bundleClient, bundleServer, type ClientBundle, type SiteRenderer } from './site-bundle.js';
import { headersFile, redirectsFile, robotsTxt, sitemapXml } from './site-files.js';
import { integrityProblems } from './integrity-stage.js';
import type { OutputFiles } from './write-output.js';

/** What a build produced, for the sink and the report. */
export interface BuildResult { content: Content; routes: Route[]; files: OutputFiles; warnings: Problem[]; timings: Record<string, number>; markdown: Map<string, MarkdownResult> }

/** Extra inputs of one run: `check` turns missing bodies into errors; dev passes its origin and client script. */
export interface RunOptions { mode: 'build' | 'check'; dev?: SiteData['dev']; bundles?: { client: ClientBundle; renderer: SiteRenderer } }

/** The date pages report when a tutorial has none: SOURCE_DATE_EPOCH if set, else now. */
export function buildDate(env = process.env): string {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch && /^\d+$/.test(epoch)) return new Date(Number(epoch) * 1000).toISOString();
  return new Date().toISOString();
}

/** Runs the whole pipeline in memory and returns every output file; throws ReactsiteError on any error. */
export async function buildSite(opts: BuildOptions, run: RunOptions): Promise<BuildResult> {
  const timings: Record<string, number> = {};
  const time = async <T>(stage: string, f: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now();
    try {
      return await f();
    } finally {
      timings[stage] = (timings[stage] ?? 0) + performance.now() - t0;
    }
  };
  const bundling = run.bundles ? Promise.resolve(run.bundles) : time('bundle', async () => ({ client: await bundleClient(), renderer: await bundleServer() }));
  bundling.catch(() => undefined);

  const loaded = await time('load', () => loadContent(opts.root));
  const missingBodies = loaded.problems.filter((p) => p.severity === 'warning' && p.message.includes('has no body'));
  if (run.mode === 'check') for (const p of missingBodies) p.severity = 'error';
  throwIfErrors(loaded.problems);
  const content = loaded.content!;
  const site = { ...content.site, url: opts.site ?? content.site.url };
  const base = opts.base ?? normalizeBase(new URL(site.url).pathname);

  const { routes, problems: routeProblems } = buildRoutes(content.tutorials, [...content.pages.keys()]);
  throwIfErrors(routeProblems);

  const markdown = await time('markdown', () => renderBodies(content, opts));
  const warnings = [...content.warnings, ...[...markdown.values()].flatMap((m) => m.warnings)];
  const bodies: Record<string, Body> = {};
  for (const [id, doc] of content.bodies) {
    const md = markdown.get(doc.file)!;
    bodies[id] = { hast: md.hast, words: md.words, faq: doc.faq, updated: doc.updated };
  }
  const pages: Record<string, StaticPage> = {};
  for (const [name, doc] of content.pages) {
    const md = markdown.get(doc.file)!;
    pages[name] = { name, title: doc.title, description: doc.description, body: { hast: md.hast, words: md.words, faq: [] } };
  }

  const { client, renderer } = await bundling;
  const data: SiteData = { site, base, tutorials: content.tutorials, bodies, pages, ads: content.ads, assets: client.manifest, buildDate: buildDate(), dev: run.dev };
  const files: OutputFiles = new Map(client.files);
  await time('render', () => {
    const problems: Problem[] = [];
    for (const route of routes) {
      try {
        files.set(route.file, renderer.renderPage(route, data));
      } catch (e) {
        problems.push(problem(`rendering ${route.path} failed: ${(e as Error).message}`, { file: route.kind === 'tutorial' ? content.bodies.get(route.ref!)?.file : undefined, hint: 'see the message; fix the content or the component it names' }));
      }
    }
    throwIfErrors(problems);
  });

  const lastmod = (r: Route) => (r.kind === 'tutorial' ? (bodies[r.ref!]?.updated ?? content.tutorials.find((t) => t.id === r.ref)?.publishDate) : undefined);
  files.set('sitemap.xml', sitemapXml(routes, site, base, lastmod));
  files.set('robots.txt', robotsTxt(site, base));
  files.set('_redirects', redirectsFile(routes, base));
  files.set('_headers', headersFile(base, contentSecurityPolicy([THEME_SCRIPT, LOADER_SCRIPT, notFoundScript(base)])));
  const gate = await time('integrity', () => integrityProblems({ opts, content, routes, files, markdown, siteUrl: site.url, base, devOrigin: run.dev?.origin }));
  throwIfErrors([...gate, ...warnings]);
  warnings.push(...gate);
  return { content, routes, files, warnings, timings, markdown };
}
