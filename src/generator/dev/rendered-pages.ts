/** What dev keeps of the pages one generation rendered: what the gate needs of each, and the HTML of the last few. */
import type { Problem } from '../problems/problem.js';
import { htmlFacts, type HtmlFacts } from '../verify/html-facts.js';

/** A page's HTML, or why it could not be rendered. */
export type PageOutcome = { html: string } | { problem: Problem };

/**
 * Rendered pages whose HTML is kept. A page out of them is rendered again when asked for (a few ms). Keeping every
 * page held 4,000 pages of HTML on docs-4000 (380 MB), which also made each garbage collection of an edit slower.
 */
export const RECENT_PAGES = 64;

/**
 * The pages of one generation: each rendered page's outcome as the integrity gate needs it (its facts, or its
 * problem) and, for the most recently used, the outcome itself.
 */
export class RenderedPages {
  private readonly recent = new Map<string, PageOutcome>();
  private readonly known = new Map<string, { facts: HtmlFacts } | { problem: Problem }>();

  constructor(private readonly keep = RECENT_PAGES) {}

  /** The kept outcome of `file` (now the most recent), or undefined when it was never rendered or is no longer kept. */
  get(file: string): PageOutcome | undefined {
    const out = this.recent.get(file);
    if (out) {
      this.recent.delete(file);
      this.recent.set(file, out);
      return out;
    }
    const known = this.known.get(file);
    return known && 'problem' in known ? known : undefined;
  }

  /** Whether `file` was rendered in this generation (its HTML may no longer be kept). */
  has(file: string): boolean {
    return this.known.has(file);
  }

  /** Records a rendered page; its facts are read now, as copies that keep nothing of the HTML alive. */
  set(file: string, out: PageOutcome): void {
    if (!this.known.has(file)) this.known.set(file, 'html' in out ? { facts: structuredClone(htmlFacts(out.html)) } : out);
    this.recent.delete(file);
    this.recent.set(file, out);
    if (this.recent.size > this.keep) this.recent.delete(this.recent.keys().next().value!);
  }

  /** What `previous` knew of the files `keep` accepts (pages a change did not touch), copied into this one. */
  carry(previous: RenderedPages, keep: (file: string) => boolean): void {
    for (const [file, known] of previous.known) if (keep(file)) this.known.set(file, known);
    for (const [file, out] of previous.recent) if (keep(file)) this.recent.set(file, out);
  }

  /** The facts of every file of `files`, for the gate; undefined while one was not rendered or failed. */
  facts(files: Iterable<string>): Map<string, HtmlFacts> | undefined {
    const out = new Map<string, HtmlFacts>();
    for (const file of files) {
      const known = this.known.get(file);
      if (!known || !('facts' in known)) return undefined;
      out.set(file, known.facts);
    }
    return out;
  }
}
