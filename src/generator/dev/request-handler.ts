/** Dev's request handler: the static host behaviour over the in-memory site, the overlay, and the event stream. */
import type http from 'node:http';
import path from 'node:path';
import { errorOverlay } from './tab/client-script.js';
import type { EventHub } from './event-hub.js';
import { withFrames } from '../problems/framed-problems.js';
import type { DevSite } from './dev-site.js';
import type { Problem } from '../problems/problem.js';
import { diskSource, rawTarget, staticHandler } from '../serve/static-server.js';
import { updateModule } from './tab/update-module.js';

/** What the handler serves from. `ready` resolves after the first build (requests wait for it). */
export interface DevServeOptions { site: DevSite; hub: EventHub; root: string; base: string; eventsPath: string; updatePath: string; clientScript: string; ready: Promise<void> }

/**
 * Serves pages from the current generation (rendered on first request), bundle assets and generated files
 * from memory, and public/ straight from disk. While the site has errors every HTML request gets the overlay;
 * a page whose own render failed gets the overlay for that error.
 */
export function devRequestHandler(o: DevServeOptions): http.RequestListener {
  const publicSource = diskSource(path.join(o.root, 'public'));
  const overlay = (problems: readonly Problem[]) => errorOverlay(withFrames(problems, o.root), o.clientScript);
  return staticHandler({
    base: o.base,
    cache: 'dev',
    source: async (rel) => {
      await o.ready;
      const { site } = o;
      if (site.problems.length || !site.gen) return rel.endsWith('.html') ? overlay(site.problems) : (site.asset(rel) ?? (await publicSource(rel)));
      await site.want(rel, true);
      const page = site.page(rel);
      if (page) return 'html' in page ? page.html : overlay([page.problem]);
      return site.asset(rel) ?? (await publicSource(rel));
    },
    extra: (req, res) => {
      const pathname = rawTarget(req.url ?? '/').pathname;
      if (pathname === o.updatePath) {
        updateModule().then(
          (code) => res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(code),
          (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(e)),
        );
        return true;
      }
      // A tutorial whose slug changed while its tab was open: the tab's next update follows it (see tab/browser/page-update.ts).
      const moved = o.site.movedTo(pathname);
      if (moved) {
        res.writeHead(302, { location: moved, 'cache-control': 'no-store' }).end();
        return true;
      }
      if (pathname !== o.eventsPath) return false;
      o.hub.accept(req, res);
      return true;
    },
  });
}
