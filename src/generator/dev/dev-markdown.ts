/** Dev's Markdown: unchanged bodies come from memory, changed ones go through the build's own markdown stage. */
import type { Content } from '../content/load-content.js';
import type { SourceDoc } from '../content/read-docs.js';
import type { TreelessMarkdown } from './body-html.js';
import { renderBodies, type MarkdownThreads } from '../workers/render-bodies.js';
import { bodiesOf } from './bodies-by-file.js';
import type { BuildOptions } from '../build-options.js';

/** Remembers the last Markdown result of each source file with the exact input it came from. */
export class DevMarkdown {
  private memo = new Map<string, { key: string; result: TreelessMarkdown }>();
  private primed = new Set<string>();
  private priming = Promise.resolve();
  /** Files update() rendered on this thread, a save or a page at a time (for REACTSITE_TIMINGS). */
  renderedHere = 0;

  constructor(
    private readonly opts: BuildOptions,
    private readonly threads: MarkdownThreads,
  ) {}

  /**
   * Markdown of every page and of the tutorial bodies of `content` (only those in `bodies`, when given: dev renders
   * the others when their page is first wanted); only files whose input changed are rendered (with the disk cache),
   * and, with `trees`, the bodies whose tree dev let go (see BodyHtml).
   */
  async update(content: Content, bodies?: ReadonlySet<string>, o: { trees?: boolean } = {}): Promise<{ markdown: Map<string, TreelessMarkdown>; rendered: string[] }> {
    const out = new Map<string, TreelessMarkdown>();
    const todo: Content = { ...content, bodies: new Map(), pages: new Map() };
    const keys = new Map<string, string>();
    for (const [id, doc] of bodies ? bodiesOf(content.bodies, bodies) : content.bodies) {
      const key = this.keyOf(content, doc.contentHash, doc);
      const hit = this.memo.get(doc.file);
      if (hit?.key === key && (hit.result.hast || !o.trees)) out.set(doc.file, hit.result);
      else {
        todo.bodies.set(id, doc);
        keys.set(doc.file, key);
      }
    }
    for (const [name, doc] of content.pages) {
      const key = this.keyOf(content, doc.content.replaceAll('{email}', content.site.email), doc);
      const hit = this.memo.get(doc.file);
      if (hit?.key === key) out.set(doc.file, hit.result);
      else {
        todo.pages.set(name, doc);
        keys.set(doc.file, key);
      }
    }
    if (keys.size) {
      // A save or two re-render in this thread without touching the disk cache (writing it would cost more than
      // the render saves), nor waiting for the workers' turn (see prefetch); bigger batches use the cache and
      // worker threads like a build.
      const small = keys.size <= 3;
      const fresh = await renderBodies(todo, small ? { ...this.opts, cache: false } : this.opts, small ? { markdown: this.threads.markdown } : this.threads);
      if (small) this.renderedHere += fresh.size;
      for (const [file, result] of fresh) {
        out.set(file, result);
        this.memo.set(file, { key: keys.get(file)!, result });
      }
    }
    return { markdown: out, rendered: [...keys.keys()] };
  }

  /**
   * Renders the Markdown of the tutorial bodies at `files` on the worker threads alone, into the memo, where
   * update() finds it: dev's background pass asks ahead for the bodies of the pages it is about to render (see
   * DevSite.renderRest). A body rendered again meanwhile (an edit) keeps that result; a batch that fails is
   * left to update(), which reports its problems.
   */
  async prefetch(content: Content, files: ReadonlySet<string>): Promise<void> {
    const todo: Content = { ...content, bodies: new Map(), pages: new Map() };
    const keys = new Map<string, { key: string; had: unknown }>();
    for (const [id, doc] of bodiesOf(content.bodies, files)) {
      const key = this.keyOf(content, doc.contentHash, doc);
      const had = this.memo.get(doc.file);
      if (had?.key === key) continue;
      todo.bodies.set(id, doc);
      keys.set(doc.file, { key, had });
    }
    if (!keys.size) return;
    // As the pass's own renders do, without the disk cache: writing it would cost this thread more than it saves.
    const fresh = await renderBodies(todo, { ...this.opts, cache: false }, { ...this.threads, workersOnly: true }).catch(() => undefined);
    for (const [file, result] of fresh ?? []) {
      const { key, had } = keys.get(file)!;
      if (this.memo.get(file) === had) this.memo.set(file, { key, result });
    }
  }

  /**
   * Renders one file once in this thread in the background, bypassing the disk cache, so the code-block memo
   * holds its highlighted code before it is edited (the page open in a browser is the one likely to be edited).
   */
  prime(content: Content, file: string): void {
    if (this.primed.has(file)) return;
    this.primed.add(file);
    const sub: Content = { ...content, bodies: new Map([...content.bodies].filter(([, d]) => d.file === file)), pages: new Map([...content.pages].filter(([, d]) => d.file === file)) };
    if (!sub.bodies.size && !sub.pages.size) return;
    this.priming = this.priming.then(() => renderBodies(sub, { ...this.opts, cache: false }, { markdown: this.threads.markdown }).then(() => undefined, () => undefined));
  }

  /** Creates this thread's Markdown processor and highlighter in the background (the first build may use workers only). */
  warm(): void {
    this.priming = this.priming.then(() => this.threads.markdown().then((m) => m.warmUp(), () => undefined));
  }

  /**
   * What a file's Markdown depends on: `text` is a body's content hash (a static page's text, with the site's
   * e-mail in it). Hashes keep the memo's keys small: 4,000 bodies' texts made each update build 45 MB of keys.
   */
  private keyOf(content: Content, text: string, doc: Pick<SourceDoc, 'bodyLine' | 'imageSizes'>): string {
    return `${content.site.allowRawHtml}\0${doc.bodyLine}\0${JSON.stringify(doc.imageSizes ?? {})}\0${text}`;
  }
}
