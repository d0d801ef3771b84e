/**
 * On-disk cache of markdown results keyed by content hash and tool versions; corrupt entries are ignored. It holds
 * what `build` renders outside the page stage (static pages) and what `check` renders; tutorial pages of a build
 * keep their facts and body HTML in Markdown packs (store/markdown-pack.ts). Its key() names a body's Markdown everywhere.
 */
import { hash } from 'node:crypto';
import { JsonCache } from '../cache/json-cache.js';
import type { MarkdownResult } from './render-markdown.js';

/** Bumped whenever the markdown stage's output format changes. */
const FORMAT = 5;

/** Whether `v` has the shape of a MarkdownResult (cached entries are checked before use). */
export function isMarkdownResult(v: unknown): v is MarkdownResult {
  const r = v as MarkdownResult | undefined;
  return r?.hast?.type === 'root' && Array.isArray(r.hast.children) && typeof r.words === 'number' && Array.isArray(r.code) && Array.isArray(r.links) && Array.isArray(r.warnings);
}

/** A cache rooted at `dir` (normally `<root>/.cache/reactsite/md`); `enabled: false` makes it a no-op. */
export class MarkdownCache extends JsonCache<MarkdownResult> {
  constructor(
    dir: string,
    private readonly versions: string,
    enabled: boolean,
  ) {
    super(dir, enabled, isMarkdownResult);
  }

  /** The key of a body: its text, options and the tool versions. */
  key(source: string, options: string): string {
    return hash('sha256', `${FORMAT}\0${this.versions}\0${options}\0${source}`, 'hex');
  }

  /** What key() hashes but the tool versions, unhashed: for a key that holds the versions already (a page's). */
  identity(source: string, options: string): string {
    return `${FORMAT}\0${options}\0${source}`;
  }
}
