/** `reactsite dev`: builds in memory, serves it, watches the sources and rebuilds only what each change affects. */
import http from 'node:http';
import path from 'node:path';
import { withBase } from '../../site/seo/urls.js';
import { siteUrlOf } from '../content/load-content.js';
import { defaultBase } from '../render/site-data.js';
import { isEmptyPlan, planChanges, type ChangePlan } from './change-plan.js';
import { devClientScript } from './client-script.js';
import { EventHub } from './event-hub.js';
import { displayPath, withFrames } from './problems.js';
import { devRequestHandler } from './request-handler.js';
import { DevSite, type UpdateReport } from './dev-site.js';
import { watchSources } from './watch.js';
import { formatProblem, type Problem } from '../problems/problem.js';
import type { BuildOptions } from '../cli/options.js';
import { siteDir } from '../bundle/package-paths.js';
import { openBrowser } from '../cli/open-browser.js';
import { listen } from '../serve/static-server.js';

/** A running dev server. */
export interface DevServer { url: string; port: number; pages: number; firstBuildMs: number; close(): Promise<void> }

/** Options of `reactsite dev` (defaults from the CLI: 127.0.0.1:4321); `log` receives every terminal line. */
export interface DevOptions extends BuildOptions { port: number; host: string; open: boolean; log?: (line: string) => void; logError?: (line: string) => void }

/** The path of the live-reload event stream under the base. */
export const EVENTS_PATH = '__reactsite/events';

/** Starts dev: server on host:port (next free port if taken), first build, then the watcher with live reload. */
export async function startDev(o: DevOptions): Promise<DevServer> {
  const log = o.log ?? ((l: string) => console.log(l));
  const logError = o.logError ?? ((l: string) => console.error(l));
  // Stacks of render errors then point at the site's .tsx sources (the server bundle carries an inline source map).
  process.setSourceMapsEnabled(true);
  // The same default as a build: the path of the site URL (--site, else site.json), so links work the same.
  const base = defaultBase(o.site ?? siteUrlOf(o.root), o.base);
  const sources = siteDir();
  const server = http.createServer();
  const port = await listen(server, o.host, o.port, (p) => log(`port ${p} is in use, trying ${p + 1}`));
  const host = o.host === '0.0.0.0' || o.host === '::' ? 'localhost' : o.host;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const eventsPath = withBase(base, EVENTS_PATH);
  const clientScript = devClientScript(eventsPath);
  const printProblems = (problems: readonly Problem[]) => {
    for (const p of withFrames(problems, o.root)) logError(`${formatProblem(p)}${p.frame ? `\n${p.frame.replace(/^/gm, '    ')}` : ''}`);
  };
  // A broken component breaks many pages the same way: each distinct error is printed once per rebuild.
  let pageErrors = new Map<string, number>();
  const onPageProblem = (p: Problem) => {
    const key = `${p.file}:${p.line}:${p.column}:${p.message.replace(/^rendering \S+ failed: /, '')}`;
    pageErrors.set(key, (pageErrors.get(key) ?? 0) + 1);
    if (pageErrors.get(key) === 1) printProblems([p]);
  };
  const site = new DevSite({ opts: o, base, dev: { origin, clientScript }, siteDir: sources, onPageProblem });
  const hub = new EventHub((client) => client.page && site.prime(client.page));
  let firstBuild!: () => void;
  const ready = new Promise<void>((resolve) => (firstBuild = resolve));
  server.on('request', devRequestHandler({ site, hub, root: o.root, base, eventsPath, clientScript, ready }));

  let closed = false;
  let background = { stop: false };
  let gateShown = new Set<string>();
  const renderInBackground = () => {
    const token = (background = { stop: false });
    void site.renderRest(() => token.stop || closed).then(async () => {
      const repeats = [...pageErrors.values()].reduce((n, c) => n + c - 1, 0);
      if (repeats && !token.stop) logError(`  (the same error${pageErrors.size === 1 ? '' : 's'} on ${repeats} more page${repeats === 1 ? '' : 's'})`);
      // The build's integrity gate, on the whole rendered site; each problem is printed once until it is fixed.
      const gate = token.stop || closed ? undefined : await site.integrity();
      if (!gate || token.stop) return;
      const now = new Set(gate.map((p) => formatProblem(p)));
      printProblems(gate.filter((p) => !gateShown.has(formatProblem(p))));
      gateShown = now;
    });
  };

  const rebuild = (plan: ChangePlan, what: string) => apply(plan, what).catch((e: unknown) => logError(`reactsite dev: internal error while rebuilding: ${(e as Error)?.stack ?? String(e)}`));
  const apply = async (plan: ChangePlan, what: string) => {
    const t0 = performance.now();
    background.stop = true;
    pageErrors = new Map();
    const report = await site.update(plan);
    if (closed) return;
    const ms = Math.round(performance.now() - t0);
    printProblems(report.warnings);
    if (report.problems.length) {
      printProblems(report.problems);
      hub.send('problems', JSON.stringify(report.problems));
      logError(`✗ ${what} → build failed (${report.problems.length} error${report.problems.length === 1 ? '' : 's'}) · ${ms} ms; the server keeps running`);
      return;
    }
    const sent = notify(report);
    log(`↻ ${what} → ${report.rebuilt.join('; ') || 'nothing'} · ${Math.round(performance.now() - t0)} ms${sent ? ` (${sent} tab${sent === 1 ? '' : 's'} ${report.cssHref ? 'restyled' : 'reloaded'})` : ''}`);
    renderInBackground();
  };

  /** Tells the tabs a rebuild affects: new stylesheet, or reload after their page is rendered. */
  const notify = (report: UpdateReport): number => {
    if (report.cssHref) return hub.send('css', report.cssHref);
    const affected = (page?: string) => {
      if (report.reloadAll || !page || report.pages === 'all') return true;
      const file = site.fileForPath(page);
      return file !== undefined && report.pages.has(file);
    };
    // Render what open tabs show first, so their reload is served at once; the rest follows in the background.
    for (const c of hub.list()) if (c.page && affected(c.page)) site.page(site.fileForPath(c.page) ?? '');
    return hub.send('reload', '', (c) => affected(c.page));
  };

  let pending: string[] = [];
  let draining: Promise<void> | undefined;
  const drain = async () => {
    while (pending.length && !closed) {
      const paths = pending;
      pending = [];
      const plan = planChanges(paths, o.root, sources);
      if (!isEmptyPlan(plan)) await rebuild(plan, describe(plan));
    }
    draining = undefined;
  };
  const watcher = watchSources([path.join(o.root, 'content'), path.join(o.root, 'public'), sources], (paths) => {
    pending.push(...paths);
    draining ??= ready.then(drain);
  }, { onError: (e) => logError(`watcher: ${e.message}`) });

  const t0 = performance.now();
  let first: UpdateReport;
  try {
    first = await site.initial();
  } catch (e) {
    await Promise.all([watcher.close(), new Promise((r) => server.close(r)), site.dispose()]);
    throw e;
  }
  const firstBuildMs = Math.round(performance.now() - t0);
  firstBuild();
  printProblems(first.warnings);
  const pages = site.gen?.routes.length ?? 0;
  const url = `${origin}${base}`;
  if (first.problems.length) {
    printProblems(first.problems);
    logError(`✗ first build failed (${first.problems.length} error${first.problems.length === 1 ? '' : 's'}) in ${firstBuildMs} ms; fix and save, the browser shows the errors until then`);
    log(`reactsite dev: ${url}`);
  } else log(`reactsite dev: ${url}  (${pages} pages, first build ${firstBuildMs} ms)`);
  await watcher.ready;
  if (!first.problems.length) renderInBackground();
  site.content.markdown.warm();
  if (o.open) openBrowser(url, logError);

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    pages,
    firstBuildMs,
    close() {
      closing ??= (async () => {
        closed = true;
        background.stop = true;
        await watcher.close();
        hub.close();
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
        await site.dispose();
      })();
      return closing;
    },
  };
}

/** Short description of a batch for the terminal: the file, or how many files of which kinds. */
function describe(plan: ChangePlan): string {
  const show = (f: string) => (path.isAbsolute(f) ? displayPath(f) : f);
  const all = [...plan.bodies, ...plan.pages, ...plan.content, ...plan.publicFiles, ...plan.css, ...plan.code];
  return all.length === 1 ? show(all[0]!) : `${all.length} files (${all.slice(0, 3).map(show).join(', ')}${all.length > 3 ? ', …' : ''})`;
}

