/** `reactsite dev`: builds in memory, serves it, watches the sources and reloads open tabs after each rebuild. */
import http from 'node:http';
import path from 'node:path';
import chokidar from 'chokidar';
import { withBase } from '../site/seo/urls.js';
import { buildSite } from './build.js';
import { formatProblem, ReactsiteError, type Problem } from './errors.js';
import type { BuildOptions } from './options.js';
import { siteDir } from './paths.js';
import { diskSource, listen, staticHandler } from './static-server.js';
import { devClientScript, errorOverlay } from './dev-client.js';

/** A running dev server. */
export interface DevServer { url: string; port: number; close(): Promise<void> }

/** Starts dev: first build, server on host:port (next free port if taken), watcher with live reload. */
export async function startDev(o: BuildOptions & { port: number; host: string; open: boolean }): Promise<DevServer> {
  const events = `/__reactsite/events`;
  const clients = new Set<http.ServerResponse>();
  let files = new Map<string, string | Uint8Array>();
  let errors: Problem[] = [];
  const publicSource = diskSource(path.join(o.root, 'public'));
  const server = http.createServer();
  const port = await listen(server, o.host, o.port, (p) => console.log(`port ${p} is in use, trying ${p + 1}`));
  const origin = `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}`;
  const base = o.base ?? '/';
  const dev = { origin, clientScript: devClientScript(withBase(base, events.slice(1))) };

  const build = async (reason: string) => {
    const t0 = performance.now();
    try {
      const result = await buildSite({ ...o, site: origin, base }, { mode: 'build', dev });
      files = result.files as Map<string, string | Uint8Array>;
      errors = [];
      for (const w of result.warnings) console.warn(formatProblem(w));
      console.log(`${reason}: rebuilt ${result.routes.length} pages in ${Math.round(performance.now() - t0)} ms`);
      broadcast('reload', '');
      return result.routes.length;
    } catch (e) {
      if (!(e instanceof ReactsiteError)) throw e;
      errors = e.problems.filter((p) => p.severity === 'error');
      for (const p of e.problems) console.error(formatProblem(p));
      console.error(`${reason}: build failed (${errors.length} error${errors.length === 1 ? '' : 's'}); the server keeps running`);
      broadcast('problems', JSON.stringify(errors));
      return 0;
    }
  };
  const broadcast = (event: string, data: string) => {
    for (const res of clients) res.write(`event: ${event}\ndata: ${data}\n\n`);
  };

  server.on(
    'request',
    staticHandler({
      base,
      cache: 'dev',
      source: async (rel) => {
        if (errors.length && (rel.endsWith('.html') || rel === '')) return errorOverlay(errors, dev.clientScript);
        return files.get(rel) ?? (await publicSource(rel));
      },
      extra: (req, res) => {
        if (req.url !== withBase(base, events.slice(1))) return false;
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        res.write(': connected\n\n');
        clients.add(res);
        req.on('close', () => clients.delete(res));
        return true;
      },
    }),
  );

  const t0 = performance.now();
  const pages = await build('start');
  console.log(`reactsite dev: ${origin}${base}  (${pages} pages, first build ${Math.round(performance.now() - t0)} ms)`);

  let timer: NodeJS.Timeout | undefined;
  let pending = new Set<string>();
  let running = Promise.resolve(0);
  const watcher = chokidar.watch([path.join(o.root, 'content'), path.join(o.root, 'public'), siteDir()], { ignoreInitial: true, awaitWriteFinish: false });
  watcher.on('all', (_event, file) => {
    pending.add(path.relative(o.root, file));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changed = [...pending];
      pending = new Set();
      running = running.then(() => build(changed.length === 1 ? changed[0]! : `${changed.length} files`));
    }, 30);
  });

  return {
    url: `${origin}${base}`,
    port,
    async close() {
      clearTimeout(timer);
      await watcher.close();
      for (const res of clients) res.end();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
