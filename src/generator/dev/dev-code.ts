/** Dev's site code: the server renderer and browser bundle, rebuilt by long-lived esbuild contexts. */
import type { ChangePlan } from './change-plan.js';
import { DevBundler } from './dev-bundler.js';
import { asProblems } from './problems.js';
import type { Problem } from '../problems/problem.js';
import type { ClientBundle, SiteRenderer } from '../bundle/site-bundle.js';

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
