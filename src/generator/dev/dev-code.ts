/** Dev's site code: the server renderer and browser bundle, rebuilt by long-lived esbuild contexts. */
import path from 'node:path';
import * as esbuild from 'esbuild';
import { problem, ReactsiteError, type Problem } from '../problems/problem.js';
import { bundleError, bundlePageScript, clientBuildOptions, clientBundleFrom, islandNames, loadRenderer, rendererDir, serverBuildOptions, type ClientBundle, type SiteRenderer } from '../bundle/site-bundle.js';
import { locateInStack } from '../problems/stack-location.js';
import type { ChangePlan } from './change-plan.js';
import { asProblems } from '../problems/framed-problems.js';

/** The site code in force. */
export interface CodeState { renderer: SiteRenderer; client: ClientBundle }

/** What a code update did: whether pages change, whether only the stylesheet did, and a description. */
export interface CodeChange { changed: boolean; cssOnly: boolean; rebuilt: string }

/** The site code in dev; `problems` holds the errors of the last update (the state stays the last good one). */
export class DevCode {
  state?: CodeState;
  problems: Problem[] = [];
  private previousAssets = new Map<string, Uint8Array>();
  private readonly bundler: DevBundler;

  constructor(siteDir: string) {
    this.bundler = new DevBundler(siteDir);
  }

  /** Rebundles after a change: CSS-only changes rebuild the browser bundle alone; anything else (or a previous error) both. */
  async apply(plan: ChangePlan): Promise<CodeChange | undefined> {
    const server = plan.code.length > 0 || this.problems.length > 0 || !this.state;
    // Both bundles settle before anything else happens, so a context is never rebuilt twice at once.
    const [c, r] = await Promise.allSettled([this.bundler.buildClient(), server ? this.bundler.buildServer() : this.state!.renderer]);
    if (c.status === 'rejected' || r.status === 'rejected') {
      this.problems = [c, r].flatMap((x) => (x.status === 'rejected' ? asProblems(x.reason) : []));
      return undefined;
    }
    const before = this.state;
    const next = { client: c.value, renderer: r.value };
    this.state = next;
    this.problems = [];
    if (before) this.previousAssets = before.client.files;
    // A re-imported bundle with the same bytes is the same module object.
    const sameServer = before?.renderer === next.renderer;
    const sameIslands = before && JSON.stringify(before.client.manifest.islands) === JSON.stringify(next.client.manifest.islands);
    const sameCss = before?.client.manifest.css === next.client.manifest.css;
    if (sameServer && sameIslands && sameCss) return { changed: false, cssOnly: false, rebuilt: 'site code (output unchanged)' };
    return { changed: true, cssOnly: Boolean(sameServer && sameIslands), rebuilt: server ? 'site code (server and browser bundles)' : 'stylesheet' };
  }

  /** A bundle file of the current or the previous bundle (pages loaded just before a rebuild still find theirs). */
  asset(rel: string): Uint8Array | undefined {
    return this.state?.client.files.get(rel) ?? this.previousAssets.get(rel);
  }

  /** Stops the esbuild contexts. */
  dispose(): Promise<void> {
    return this.bundler.dispose();
  }
}

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
      return await clientBundleFrom(await this.client.ctx.rebuild(), await bundlePageScript(this.dir));
    } catch (e) {
      throw bundleError(e);
    }
  }

  /** Rebuilds the server renderer and imports it from a content-hashed file, so the new code runs without a restart. */
  async buildServer(): Promise<SiteRenderer> {
    let code: Uint8Array;
    try {
      // The bundle is named as if it lived where loadRenderer writes it, so its inline source map points at the real sources.
      this.server ??= await esbuild.context({ ...serverBuildOptions(this.dir), outfile: path.join(rendererDir(), 'render-page.mjs'), sourcemap: 'inline', sourcesContent: false });
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
