/** Dev's site bundles: long-lived esbuild contexts rebuilt incrementally, the renderer re-imported fresh each time. */
import path from 'node:path';
import * as esbuild from 'esbuild';
import { problem, ReactsiteError } from '../problems/problem.js';
import { packageRoot } from '../bundle/package-paths.js';
import { bundleError, clientBuildOptions, clientBundleFrom, islandNames, loadRenderer, serverBuildOptions, type ClientBundle, type SiteRenderer } from '../bundle/site-bundle.js';
import { locateInStack } from '../problems/stack-location.js';

/** esbuild contexts for the browser bundle and the server renderer of the site sources in `dir`. */
export class DevBundler {
  private client?: { ctx: esbuild.BuildContext; islands: string };
  private server?: esbuild.BuildContext;
  private disposed = false;

  constructor(private readonly dir: string) {}

  /** Rebuilds the browser bundle; a new or removed island starts a fresh context (entry points are fixed per context). */
  async buildClient(): Promise<ClientBundle> {
    const islands = islandNames(this.dir).join(',');
    if (this.client && this.client.islands !== islands) {
      await this.client.ctx.dispose();
      this.client = undefined;
    }
    try {
      if (!this.client) {
        const ctx = await esbuild.context(clientBuildOptions(this.dir));
        this.client = { ctx, islands };
      }
      return clientBundleFrom(await this.client.ctx.rebuild());
    } catch (e) {
      throw bundleError(e);
    }
  }

  /** Rebuilds the server renderer and imports it from a content-hashed file, so the new code runs without a restart. */
  async buildServer(): Promise<SiteRenderer> {
    let code: Uint8Array;
    try {
      // The bundle is named as if it lived where loadRenderer writes it, so its inline source map points at the real sources.
      this.server ??= await esbuild.context({ ...serverBuildOptions(this.dir), outfile: path.join(packageRoot(), 'node_modules', '.cache', 'reactsite', 'ssr', 'render-page.mjs'), sourcemap: 'inline', sourcesContent: false });
      code = (await this.server.rebuild()).outputFiles![0]!.contents;
    } catch (e) {
      throw bundleError(e);
    }
    try {
      return await loadRenderer(code);
    } catch (e) {
      const at = locateInStack((e as Error).stack, this.dir);
      throw new ReactsiteError(problem(`loading the site code failed: ${(e as Error).message}`, { file: at && path.relative(process.cwd(), at.file), line: at?.line, column: at?.column, hint: 'fix the module named here; it throws while being imported' }));
    }
  }

  /** Stops both contexts (waits for builds in flight). */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await Promise.all([this.client?.ctx.dispose(), this.server?.dispose()]);
  }
}
