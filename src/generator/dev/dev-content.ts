/** Dev's content: validated content, routes and Markdown, updated file by file where a change allows it. */
import fs from 'node:fs';
import path from 'node:path';
import type { Route } from '../../site/types.js';
import type { ChangePlan } from './change-plan.js';
import { readBody, readPage } from '../content/read-docs.js';
import { DevMarkdown } from './dev-markdown.js';
import type { MarkdownThreads } from '../workers/render-bodies.js';
import { asProblems } from '../problems/framed-problems.js';
import { throwIfErrors, type Problem } from '../problems/problem.js';
import { loadContent, type Content } from '../content/load-content.js';
import type { TreelessMarkdown } from './body-html.js';
import type { BuildOptions } from '../build-options.js';
import { buildRoutes } from '../content/routes.js';
import { ImageSizes } from '../content/image-sizes.js';
import { KnownBodies } from './known-bodies.js';
import { bodiesByFile } from './bodies-by-file.js';
import { KnownSizes } from './known-sizes.js';
import { EntryMemo } from '../content/entry-memo.js';
import { tutorialSchema } from '../content/schemas.js';

/** Validated content with its routes and the Markdown of every body and page (by source file). */
export interface ContentState { content: Content; routes: Route[]; markdown: Map<string, TreelessMarkdown> }

/**
 * What a content update did: route files whose HTML may change, the warnings of each file it checked (all of that
 * file's warnings, none for a clean one; "content" for the content files read together), and a description.
 */
export interface ContentChange { pages: Set<string> | 'all'; warnings: Map<string, Problem[]>; rebuilt: string }

/** Each rendered file's warnings; `content` adds the warnings of the content read as a whole. */
function warningsOf(markdown: ReadonlyMap<string, TreelessMarkdown>, rendered: readonly string[], content?: readonly Problem[]): Map<string, Problem[]> {
  const out = new Map<string, Problem[]>(rendered.map((f) => [f, markdown.get(f)?.warnings ?? []]));
  if (content) out.set('content', [...content]);
  return out;
}

/** A body's first error (a level-1 heading), if it has one: its page shows the error instead of rendering. */
export function bodyErrorOf(md: TreelessMarkdown | undefined): Problem | undefined {
  return md?.warnings.find((w) => w.severity === 'error');
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The project's content in dev; `problems` holds the errors of the last update (the state stays the last good one). */
export class DevContent {
  state?: ContentState;
  problems: Problem[] = [];
  readonly markdown: DevMarkdown;
  /** The sizes of the images the docs name, read once and forgotten when their file changes (see withImageReaders). */
  private readonly images = new KnownSizes();
  /** The bodies read so far, forgotten when a change names them (or their folder). */
  private readonly bodies: KnownBodies;
  /** The registry entries the last load validated. */
  private readonly registry = new EntryMemo(tutorialSchema);

  constructor(
    private readonly opts: BuildOptions,
    threads: MarkdownThreads,
  ) {
    this.markdown = new DevMarkdown(opts, threads);
    this.bodies = new KnownBodies(opts.root);
  }

  /**
   * Applies the content part of a batch. Edits of known bodies and pages re-read only those files; anything else
   * (registry, site config, ads, files added or removed, or any change while content is in error) reloads all.
   */
  async apply(plan: ChangePlan): Promise<ContentChange | undefined> {
    // Forgotten whether or not this update succeeds: a body edited while the content is in error is read again.
    this.bodies.forget(plan.content.some((f) => !f.endsWith('.json')) ? 'all' : plan.bodies);
    try {
      const fast = this.state && !this.problems.length && !plan.content.length && this.knownDocs(plan);
      const r = fast ? await this.updateDocs(this.state!, plan) : await this.loadAll();
      this.state = r.state;
      this.problems = [];
      return r;
    } catch (e) {
      this.problems = asProblems(e);
      return undefined;
    }
  }

  /**
   * `plan` with the bodies and pages that name a changed public file among their images added: their images are
   * sized when they are read (see content/image-sizes.ts), so they are read again, and the changed files' sizes
   * are forgotten.
   */
  withImageReaders(plan: ChangePlan): ChangePlan {
    if (!plan.publicFiles.length) return plan;
    // An event for the folder itself (public/ removed or made again) may change any image.
    const all = plan.publicFiles.includes('public');
    const changed = new Set(plan.publicFiles.map((f) => f.replace(/^public(?=\/)/, '')));
    this.images.forget(all ? undefined : changed);
    const c = this.state?.content;
    if (!c) return plan;
    const names = (d: { images?: string[] }) => !!d.images?.length && (all || d.images.some((i) => changed.has(i)));
    const naming = (docs: Iterable<{ file: string; images?: string[] }>, have: string[]) => [...have, ...[...docs].filter((d) => !have.includes(d.file) && names(d)).map((d) => d.file)];
    return { ...plan, bodies: naming(c.bodies.values(), plan.bodies), pages: naming(c.pages.values(), plan.pages) };
  }

  /** The tutorial bodies an update renders: those already rendered (their pages were wanted) and `changed` ones. */
  private wanted(content: Content, changed: readonly string[] = []): Set<string> {
    const had = this.state?.markdown;
    return new Set([...content.bodies.values()].map((d) => d.file).filter((f) => had?.has(f) || changed.includes(f)));
  }

  /** Whether every changed body and page is a file the current content already has and that still exists. */
  private knownDocs(plan: ChangePlan): boolean {
    const c = this.state!.content;
    const files = new Set([...[...c.bodies.values()].map((d) => d.file), ...[...c.pages.values()].map((d) => d.file)]);
    return [...plan.bodies, ...plan.pages].every((f) => files.has(f) && fs.existsSync(path.join(this.opts.root, f)));
  }

  /**
   * The Markdown of one tutorial body, rendered now if the state does not hold it yet (bodies are rendered when their
   * page is first wanted), or with `tree` if its tree was let go (see BodyHtml); undefined when `file` is no body of
   * the current content.
   */
  async body(file: string, o: { tree?: boolean } = {}): Promise<TreelessMarkdown | undefined> {
    const state = this.state;
    if (!state) return undefined;
    const have = state.markdown.get(file);
    if (have && (have.hast || !o.tree)) return have;
    if (!bodiesByFile(state.content.bodies).has(file)) return undefined;
    const { markdown } = await this.markdown.update(state.content, new Set([file]), { trees: o.tree });
    const result = markdown.get(file);
    // Kept only if the content is still the one it was rendered for.
    if (result && this.state === state) state.markdown.set(file, result);
    return result;
  }

  /**
   * Bodies that changed on disk with no change naming them since a reload took them from memory; undefined when no
   * reload did (see KnownBodies.missed).
   */
  missedBodies(): Promise<string[]> | undefined {
    return this.bodies.missed();
  }

  /** Has the worker threads render the Markdown of the bodies at `files` ahead of their pages (see DevMarkdown.prefetch). */
  async prefetch(files: ReadonlySet<string>): Promise<void> {
    if (this.state) await this.markdown.prefetch(this.state.content, files);
  }

  /**
   * Every file validated again (bodies read again only where they changed, see KnownBodies); Markdown re-rendered
   * only where its input changed, bodies only once wanted.
   */
  private async loadAll(): Promise<ContentChange & { state: ContentState }> {
    const loaded = await loadContent(this.opts.root, { imageMemo: this.images, readBody: this.bodies.read, registryMemo: this.registry });
    throwIfErrors(loaded.problems);
    const content = loaded.content!;
    const { routes, problems } = buildRoutes(content.tutorials, [...content.pages.keys()]);
    throwIfErrors(problems);
    const { markdown, rendered } = await this.markdown.update(content, this.wanted(content));
    return { state: { content, routes, markdown }, warnings: warningsOf(markdown, rendered, content.warnings), pages: 'all', rebuilt: `content (${plural(routes.length, 'page')}, Markdown of ${plural(rendered.length, 'file')} re-rendered)` };
  }

  /** Re-reads the changed bodies and pages only: their own pages change (every page when a page title changed). */
  private async updateDocs(state: ContentState, plan: ChangePlan): Promise<ContentChange & { state: ContentState }> {
    const content: Content = { ...state.content, bodies: new Map(state.content.bodies), pages: new Map(state.content.pages) };
    const pages = new Set<string>();
    let all = false;
    const sizes = new ImageSizes(this.opts.root, this.images);
    const [bodies, statics] = await Promise.all([Promise.all(plan.bodies.map((f) => readBody(this.opts.root, f, sizes))), Promise.all(plan.pages.map((f) => readPage(this.opts.root, f, sizes)))]);
    // A save that changed nothing (an editor's second write event, a touch) changes no page and reloads no tab.
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    for (const doc of bodies) {
      const id = path.basename(doc.file, '.md');
      if (same(content.bodies.get(id), doc)) continue;
      content.bodies.set(id, doc);
      // Prev/next titles come from the registry, so a body never changes its neighbours.
      const route = state.routes.find((r) => r.kind === 'tutorial' && r.ref === id);
      if (route) pages.add(route.file);
    }
    for (const doc of statics) {
      const name = path.basename(doc.file, '.md');
      if (same(content.pages.get(name), doc)) continue;
      // Every page's footer lists the static pages by title.
      if (content.pages.get(name)?.title !== doc.title) all = true;
      content.pages.set(name, doc);
      const route = state.routes.find((r) => r.kind === 'static' && r.ref === name);
      if (route) pages.add(route.file);
    }
    const { markdown, rendered } = await this.markdown.update(content, this.wanted(content, plan.bodies));
    const list = all ? 'every page (a page title changed)' : [...pages].map((f) => f.replace(/index\.html$/, '')).join(', ') || 'no page (the text is the same)';
    return { state: { content, routes: state.routes, markdown }, warnings: warningsOf(markdown, rendered), pages: all ? 'all' : pages, rebuilt: `${list}${rendered.length || !pages.size ? '' : ' (Markdown from memory)'}` };
  }
}
