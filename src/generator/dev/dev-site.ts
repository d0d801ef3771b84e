/** Dev's incremental site: content and code kept up to date separately, pages rendered lazily per generation. */
import type { Route, SiteData } from '../../site/types.js';
import { withBase } from '../../site/seo/urls.js';
import { sourceFile } from '../content/load-content.js';
import { generatedFile, generatedNames, isGeneratedFile } from '../render/host-files.js';
import { renderRoute } from '../render/render-route.js';
import { siteDataOf } from '../render/site-data.js';
import { lazyMarkdown } from '../markdown/thread-markdown.js';
import { projectCacheDir } from '../cache/cache-keys.js';
import { PagePool, type PoolStats } from '../workers/page-pool.js';
import { devThreads, thisMachine, workerCount } from '../workers/pool-plan.js';
import { limitHeapGrowth } from '../workers/heap-growth.js';
import type { ChangePlan } from './change-plan.js';
import { DevCode, type CodeState } from './dev-code.js';
import { bodyErrorOf, DevContent, type ContentState } from './dev-content.js';
import { ShownWarnings } from './shown-warnings.js';
import { displayPath } from '../problems/framed-problems.js';
import type { Problem } from '../problems/problem.js';
import { integrityProblems } from '../verify/integrity-gate.js';
import type { OutputFiles } from '../output/output-dir.js';
import type { BuildOptions } from '../build-options.js';
import { locateInStack } from '../problems/stack-location.js';
import { safeRelative } from '../serve/static-server.js';
import { RenderedPages, type PageOutcome } from './rendered-pages.js';
import { BodyHtml } from './body-html.js';
import { AHEAD_BATCH, BodiesAhead } from './bodies-ahead.js';
import { SlugMoves } from './slug-moves.js';

/**
 * One consistent state of the site; pages are rendered on first use, and what the gate needs of them is kept until
 * a change invalidates them (their HTML only for the last few, see RenderedPages).
 */
export interface Generation extends ContentState, CodeState { data: SiteData; routeByFile: Map<string, Route>; generated(rel: string): string | undefined; pages: RenderedPages }

/** What one update did: for the terminal line and for deciding which tabs reload. */
export interface UpdateReport {
  /** Errors now in force (empty when the site is whole). */
  problems: Problem[];
  /** Warnings not shown before. */
  warnings: Problem[];
  /** Route files whose HTML may have changed. */
  pages: Set<string> | 'all';
  /** What was rebuilt, in words. */
  rebuilt: string[];
  /** The new stylesheet URL when the stylesheet is all that changed. */
  cssHref?: string;
  /** Every tab is told: errors were cleared, or a public file changed. */
  reloadAll: boolean;
  /** Site code (components, islands) changed: tabs reload instead of updating in place. */
  codeChanged?: boolean;
  /** A file of public/ changed: tabs reload (images and the like are not in the page's HTML). */
  publicChanged?: boolean;
}

/** Options: build options, base, the dev server's origin and client script, and the site sources folder. */
export interface DevSiteOptions { opts: BuildOptions; base: string; dev: NonNullable<SiteData['dev']>; siteDir: string; onPageProblem?: (p: Problem) => void }

const EMPTY: ChangePlan = { bodies: [], pages: [], content: [], publicFiles: [], css: [], code: [] };

/** The site in dev: builds it once, then applies batches of changes. */
export class DevSite {
  /** The last consistent state (kept while errors are shown). */
  gen?: Generation;
  /** Errors in force: while non-empty every HTML page shows the overlay. */
  problems: Problem[] = [];
  readonly content: DevContent;
  readonly code: DevCode;
  /** Pages changed by updates that ended in errors, invalidated once the site is whole again. */
  private dirty = new Set<string>() as Set<string> | 'all';
  private readonly shown = new ShownWarnings();
  private readonly bodyHtml = new BodyHtml();
  /** Where tutorials whose slug changed this session now live. */
  private readonly moves: SlugMoves;

  /** Worker threads for large Markdown batches and the background pass (started on first use, stopped after the pass). */
  private readonly pool: PagePool;
  private passMs = 0;

  constructor(private readonly o: DevSiteOptions) {
    this.pool = PagePool.start(workerCount(devThreads(o.opts.threads, thisMachine().cores)), false);
    // Re-rendering an edited body only highlights its new code: the others come from the block cache, or without
    // one (a .cache that cannot be written) from the highlighter's memory. That memory held 81 MB on docs-1000
    // beside the block cache, which already gives every block back.
    const blocksDir = o.opts.cache ? projectCacheDir(o.opts.root, 'blocks') : undefined;
    this.content = new DevContent(o.opts, { markdown: lazyMarkdown({ memoLimit: blocksDir ? 0 : 20_000, blocksDir }), pool: this.pool, blocksDir });
    this.code = new DevCode(o.siteDir);
    this.moves = new SlugMoves(o.base);
  }

  /**
   * The first build: content and both bundles in parallel. Pages are rendered when first requested (the tab that
   * is waiting gets its page first) and the rest in the background (Rebuilds.renderInBackground).
   */
  async initial(): Promise<UpdateReport> {
    const report = await this.update({ ...EMPTY, content: ['content'], code: ['site'] });
    // Every page is rendered in the background, as a build renders them: the same hold on heap growth.
    limitHeapGrowth(this.content.state?.content.bodies.size ?? 0);
    return report;
  }

  /** Applies one batch of changes (content and code in parallel); never throws: errors become `problems`. */
  async update(changes: ChangePlan): Promise<UpdateReport> {
    const plan = this.content.withImageReaders(changes);
    const wasBroken = this.problems.length > 0 || !this.gen;
    const touchesContent = plan.bodies.length + plan.pages.length + plan.content.length > 0;
    const touchesCode = plan.code.length + plan.css.length > 0;
    const [content, code] = await Promise.all([touchesContent ? this.content.apply(plan) : undefined, touchesCode ? this.code.apply(plan) : undefined]);
    const rebuilt = [content?.rebuilt, code?.rebuilt].filter((x): x is string => Boolean(x));
    if (plan.publicFiles.length) rebuilt.push('nothing to rebuild (public/ is served from disk)');
    const changed = content?.pages === 'all' || code?.changed ? 'all' : new Set(content?.pages ?? []);
    this.dirty = changed === 'all' || this.dirty === 'all' ? 'all' : new Set([...this.dirty, ...changed]);
    const warnings = content ? this.shown.fresh(content.warnings) : [];
    this.problems = [...this.content.problems, ...this.code.problems];
    if (this.problems.length || !this.content.state || !this.code.state) return { problems: this.problems, warnings, pages: this.dirty, rebuilt, reloadAll: true };

    const pages = this.dirty;
    this.dirty = new Set();
    this.gen = this.generation(this.content.state, this.code.state, pages);
    const cssOnly = !wasBroken && !touchesContent && code?.cssOnly;
    return { problems: [], warnings, pages, rebuilt, cssHref: cssOnly ? withBase(this.o.base, this.code.state.client.manifest.css) : undefined, reloadAll: wasBroken || plan.publicFiles.length > 0, codeChanged: !!code?.changed && !code.cssOnly, publicChanged: plan.publicFiles.length > 0 };
  }

  /**
   * Makes a route file's page ready to render: a tutorial's body Markdown is rendered on first want, and its HTML
   * made for this generation's code and kept in place of its tree (see BodyHtml); the bodies of the last pages
   * `shown` (asked for by a browser) keep their tree too, so that a component edit renders them again at once.
   */
  async want(file: string, shown = false): Promise<void> {
    const gen = this.gen;
    const route = gen?.routeByFile.get(file);
    if (!gen || route?.kind !== 'tutorial') return;
    const doc = gen.content.bodies.get(route.ref!);
    if (shown && doc) this.bodyHtml.showing(doc.file);
    if (gen.data.bodies[route.ref!]?.rendered) return;
    let md = doc && (await this.content.body(doc.file));
    if (!doc || !md || this.gen !== gen) return;
    const { renderer } = gen;
    let html = this.bodyHtml.get(md, renderer, gen.data, route.path);
    // Made for other code, with its tree let go: parsed again.
    if (!html && !md.hast) md = await this.content.body(doc.file, { tree: true });
    if (!md || this.gen !== gen) return;
    html ??= this.bodyHtml.get(md, renderer, gen.data, route.path) ?? this.bodyHtml.render(md, doc.file, renderer, gen.data, route.path);
    // The generation's data is shared by its pages: the body joins it (each page reads only its own body).
    gen.data.bodies[route.ref!] = { words: md.words, faq: doc.faq, updated: doc.updated, ...(html ? { rendered: html } : { hast: md.hast }) };
    // Its warnings (unknown fence language...) are shown now, as the first build shows those of the pages.
    for (const w of this.shown.fresh(new Map([[doc.file, md.warnings ?? []]]))) this.o.onPageProblem?.(w);
  }

  /**
   * A route file's page, rendered now if this generation has not rendered it yet (after `want(file)`); undefined
   * when no route has it, or when its body's Markdown is not rendered yet.
   */
  page(file: string): PageOutcome | undefined {
    const gen = this.gen;
    const route = gen?.routeByFile.get(file);
    if (!gen || !route) return undefined;
    if (route.kind === 'tutorial' && gen.content.bodies.has(route.ref!) && !gen.data.bodies[route.ref!]) return undefined;
    let out = gen.pages.get(file);
    if (!out) {
      const source = sourceFile(gen.content, route);
      // A body with an error (a level-1 heading) fails the build, so its page shows the error (printed with the body's warnings).
      const bodyError = source ? bodyErrorOf(gen.markdown.get(source)) : undefined;
      if (bodyError) out = { problem: bodyError };
      else {
        const r = renderRoute(gen.renderer, route, gen.data, source);
        out = 'html' in r ? r : { problem: this.locate(r.problem, r.error) };
        if ('problem' in out) this.o.onPageProblem?.(out.problem);
      }
      gen.pages.set(file, out);
    }
    return out;
  }

  /**
   * Renders the pages this generation has not rendered yet, yielding between pages; stops when `stop()` says so.
   * With worker threads, they render the Markdown of most bodies ahead (see BodiesAhead).
   */
  async renderRest(stop: () => boolean): Promise<void> {
    const t0 = performance.now();
    const gen = this.gen;
    if (!gen) return;
    const left = gen.routes.filter((r) => !gen.pages.has(r.file));
    const bodyFile = (r: Route) => (r.kind === 'tutorial' ? gen.content.bodies.get(r.ref!)?.file : undefined);
    const ahead = this.pool.size && left.length > 4 * AHEAD_BATCH ? new BodiesAhead(left.map(bodyFile), (files) => this.content.prefetch(files)) : undefined;
    for (const [i, r] of left.entries()) {
      if (stop() || this.gen !== gen) return;
      if (gen.pages.has(r.file)) continue;
      await ahead?.before(i);
      if (stop() || this.gen !== gen) return;
      await this.want(r.file);
      if (stop() || this.gen !== gen) return;
      this.page(r.file);
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.passMs = performance.now() - t0;
    if (ahead) void this.pool.rest();
  }

  /** What the worker threads did so far, and how long the last whole background pass took (for REACTSITE_TIMINGS). */
  timings(): { passMs: number; threads: PoolStats; renderedHere: number } {
    return { passMs: this.passMs, threads: this.pool.stats, renderedHere: this.content.markdown.renderedHere };
  }

  /**
   * The build's integrity gate over this generation (links, anchors, sitemap, JSON-LD...), once every page is
   * rendered; undefined while pages are missing. Dev reports these in the terminal rather than blocking the preview.
   */
  async integrity(): Promise<Problem[] | undefined> {
    const gen = this.gen;
    if (!gen) return undefined;
    const facts = gen.pages.facts(gen.routes.map((r) => r.file));
    if (!facts) return undefined;
    const files: OutputFiles = new Map(gen.client.files);
    for (const name of generatedNames(gen.data)) files.set(name, gen.generated(name)!);
    return integrityProblems({ opts: this.o.opts, content: gen.content, routes: gen.routes, files, facts, markdown: gen.markdown, siteUrl: this.o.dev.origin, base: this.o.base, devOrigin: this.o.dev.origin });
  }

  /** A generated file or bundle asset. */
  asset(rel: string): string | Uint8Array | undefined {
    const gen = this.gen;
    return gen?.generated(rel) ?? this.code.asset(rel);
  }

  /** The route file a tab at URL path `pathname` shows (404.html for unknown paths), or undefined when unsafe. */
  fileForPath(pathname: string): string | undefined {
    const rel = safeRelative(pathname, this.o.base);
    if (rel === null || !this.gen) return undefined;
    const candidates = rel === '' || rel.endsWith('/') ? [`${rel}index.html`] : [rel, `${rel}/index.html`];
    return candidates.find((c) => this.gen!.routeByFile.has(c)) ?? '404.html';
  }

  /** Warms the code-block memo with the Markdown of the page at `pathname` (a tab just opened it, so it may be edited next). */
  prime(pathname: string): void {
    const gen = this.gen;
    const route = gen?.routeByFile.get(this.fileForPath(pathname) ?? '');
    if (!gen || !route) return;
    const doc = route.kind === 'tutorial' ? gen.content.bodies.get(route.ref!) : route.kind === 'static' ? gen.content.pages.get(route.ref!) : undefined;
    if (doc) this.content.markdown.prime(gen.content, doc.file);
  }

  /** Stops the esbuild contexts and the worker threads. */
  async dispose(): Promise<void> {
    await Promise.all([this.code.dispose(), this.pool.close()]);
  }

  /**
   * Where the page at URL path `pathname` went when its tutorial's slug changed in this session (a tab open on it
   * follows it there); undefined for paths that are pages now, or were never moved.
   */
  movedTo(pathname: string): string | undefined {
    const to = this.moves.to(pathname);
    const file = to === undefined ? undefined : this.fileForPath(to);
    return file && file !== '404.html' && this.gen?.routeByFile.has(file) ? to : undefined;
  }

  /** A new generation; pages of the previous one are kept unless `changed` names them (or the routes changed). */
  private generation(content: ContentState, code: CodeState, changed: Set<string> | 'all'): Generation {
    this.moves.note(this.gen?.content, content.content);
    const data = siteDataOf(content.content, content.markdown, { site: this.o.dev.origin, base: this.o.base, dev: this.o.dev }, code.client.manifest);
    const pages = new RenderedPages();
    const previous = this.gen;
    if (previous && changed !== 'all' && previous.routes === content.routes) pages.carry(previous.pages, (f) => !changed.has(f));
    // The sitemap and the search index of a large site take milliseconds: each is made when first asked for by name
    // (every request asks for `_redirects`).
    const generated = new Map<string, string>();
    return {
      ...content,
      ...code,
      data,
      routeByFile: new Map(content.routes.map((r) => [r.file, r])),
      generated(rel) {
        if (!isGeneratedFile(rel, data)) return undefined;
        let text = generated.get(rel);
        if (text === undefined) generated.set(rel, (text = generatedFile(rel, content.routes, data, content.content)!));
        return text;
      },
      pages,
    };
  }

  /** Points a render failure at the site source line that threw, when the (source-mapped) stack shows one. */
  private locate(p: Problem, error: unknown): Problem {
    const at = locateInStack((error as Error)?.stack, this.o.siteDir);
    if (!at) return p;
    return { ...p, file: displayPath(at.file), line: at.line, column: at.column, hint: p.file ? `the page's content is ${p.file}` : p.hint };
  }
}

