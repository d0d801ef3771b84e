/** Serves a built out/ on 127.0.0.1 with the project's own static server (the one `preview` uses). */
import http from 'node:http';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, inject } from 'vitest';
import { diskSource, listen, staticHandler } from '../../src/generator/serve/static-server.js';
import { launchBrowser } from './browser.js';

/** A running server and its origin. */
export interface TestServer { origin: string; close(): Promise<void> }

/** Starts a static server for `outDir` under `base` on a free port. */
export async function serveOut(outDir: string, base = '/'): Promise<TestServer> {
  const server = http.createServer(staticHandler({ source: diskSource(outDir), base, cache: 'static' }));
  const port = await listen(server, '127.0.0.1', 0);
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Registers hooks that launch Chromium and serve the built real site for a test file; read the handles in tests. */
export function useBuiltSite(): { readonly browser: Browser; readonly origin: string } {
  let browser: Browser | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveOut(inject('siteOut'))]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get browser() {
      return browser!;
    },
    get origin() {
      return server!.origin;
    },
  };
}
