/** This thread's Markdown renderer, made on first use with a highlighter of its own. */
import { BlockCache } from './block-cache.js';
import { toolVersions } from '../cache/cache-keys.js';
import type { CodeHighlighter, HighlightFn } from '../highlight/highlight-code.js';
import type { MarkdownRenderer } from './render-markdown.js';

/** A getter of a Markdown renderer made once, on first call: a warm build whose Markdown is cached never loads the tool chain. */
export type LazyMarkdown = () => Promise<MarkdownRenderer>;

/**
 * A LazyMarkdown highlighting on this thread (`memoLimit`: see CodeHighlighter), with the block cache in `blocksDir`
 * if given. The highlighter (Shiki) is loaded on the first block to highlight: a body whose code comes from the block
 * cache, or a site without code, never loads it.
 */
export function lazyMarkdown(o: { memoLimit?: number; blocksDir?: string } = {}): LazyMarkdown {
  let made: Promise<MarkdownRenderer> | undefined;
  let highlighter: Promise<CodeHighlighter> | undefined;
  const highlight: HighlightFn = async (blocks) => (await (highlighter ??= import('../highlight/highlight-code.js').then((hl) => new hl.CodeHighlighter(o)))).highlight(blocks);
  return () =>
    (made ??= import('./render-markdown.js').then((md) => {
      const renderer = new md.MarkdownRenderer(highlight);
      renderer.blocks = blockCacheIn(o.blocksDir);
      return renderer;
    }));
}

/** The block cache in `dir` for this generator and its tools, or none without a folder (--no-cache). */
export function blockCacheIn(dir: string | undefined): BlockCache | undefined {
  return dir === undefined ? undefined : new BlockCache(dir, toolVersions());
}
