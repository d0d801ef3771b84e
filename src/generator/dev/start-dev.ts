/** `reactsite dev`: builds in memory, serves it, watches the sources and rebuilds only what each change affects. */
import http from 'node:http';
import path from 'node:path';
import { withBase } from '../../site/seo/urls.js';
import { siteUrlOf } from '../content/load-content.js';
import { defaultBase } from '../render/site-data.js';
import { devClientScript } from './tab/client-script.js';
import { EventHub } from './event-hub.js';
import { devRequestHandler } from './request-handler.js';
import { DevSite, type UpdateReport } from './dev-site.js';
import { Rebuilds } from './rebuilds.js';
import { DevTerminal } from './terminal.js';
import { watchSources } from './watch.js';
import { UPDATE_MODULE_PATH, updateModule } from './tab/update-module.js';
import type { BuildOptions } from '../build-options.js';
import { siteDir } from '../package/package-paths.js';
import { openBrowser } from './open-browser.js';
import { listen } from '../serve/static-server.js';
import { bannerLines, networkUrls } from '../serve/banner.js';

/** A running dev server. */
export interface DevServer { url: string; port: number; pages: number; firstBuildMs: number; close(): Promise<void> }

/** Options of `reactsite dev` (defaults from the CLI: 127.0.0.1:4321); `log` receives every terminal line. */
export interface DevOptions extends BuildOptions { port: number; host: string; open: boolean; log?: (line: string) => void; logError?: (line: string) => void }

/** The path of the live-reload event stream under the base. */
export const EVENTS_PATH = '__reactsite/events';

/** The dev server's origin as tabs reach it (a wildcard bind address is reached as localhost). */
function originOf(host: string, port: number): string {
  const h = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
}

/** Starts dev: server on host:port (next free port if taken), first build, then the watcher with live reload. */
export async function startDev(o: DevOptions): Promise<DevServer> {
  const terminal = new DevTerminal(o.root, { log: o.log ?? ((l: string) => console.log(l)), logError: o.logError ?? ((l: string) => console.error(l)) });
  const { log, logError } = terminal.out;
  // Stacks of render errors then point at the site's .tsx sources (the server bundle carries an inline source map).
  process.setSourceMapsEnabled(true);
  // The same default as a build: the path of the site URL (--site, else site.json), so links work the same.
  const base = defaultBase(o.site ?? siteUrlOf(o.root), o.base);
  const sources = siteDir();
  const server = http.createServer();
  const port = await listen(server, o.host, o.port, (p) => log(`port ${p} is in use, trying ${p + 1}`));
  const origin = originOf(o.host, port);
  const eventsPath = withBase(base, EVENTS_PATH);
  const updatePath = withBase(base, UPDATE_MODULE_PATH);
  const clientScript = devClientScript(eventsPath, updatePath);
  const site = new DevSite({ opts: o, base, dev: { origin, clientScript }, siteDir: sources, onPageProblem: terminal.pageProblem });
  const hub = new EventHub((client) => client.page && site.prime(client.page));
  let firstBuild!: () => void;
  const ready = new Promise<void>((resolve) => (firstBuild = resolve));
  server.on('request', devRequestHandler({ site, hub, root: o.root, base, eventsPath, updatePath, clientScript, ready }));
  const rebuilds = new Rebuilds({ site, hub, terminal, root: o.root, sources, ready });
  const watcher = watchSources([path.join(o.root, 'content'), path.join(o.root, 'public'), sources], rebuilds.queue, { onError: (e) => logError(`watcher: ${e.message}`) });

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
  terminal.warnings(first.warnings);
  const pages = site.gen?.routes.length ?? 0;
  const url = `${origin}${base}`;
  if (first.problems.length) {
    terminal.problems(first.problems);
    logError(`✗ first build failed (${first.problems.length} error${first.problems.length === 1 ? '' : 's'}) in ${firstBuildMs} ms; fix and save, the browser shows the errors until then`);
    log(`reactsite dev: ${url}`);
  } else for (const line of bannerLines('reactsite dev', url, `${pages} pages, first build ${firstBuildMs} ms`, networkUrls(o.host, port, base))) log(line);
  await watcher.ready;
  if (!first.problems.length) rebuilds.renderInBackground();
  site.content.markdown.warm();
  // Bundled now, while nothing is edited: the first update then only fetches it.
  void updateModule().catch((e: unknown) => logError(`reactsite dev: the in-place update module failed to build: ${(e as Error).message}`));
  if (o.open) openBrowser(url, logError);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      rebuilds.close();
      await watcher.close();
      hub.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await site.dispose();
    })());
  return { url, port, pages, firstBuildMs, close };
}
