/** This thread's Markdown renderer, made on first use with a highlighter of its own. */
import type { MarkdownRenderer } from './render-markdown.js';

/** A getter of a Markdown renderer made once, on first call: a warm build whose Markdown is cached never loads the tool chain. */
export type LazyMarkdown = () => Promise<MarkdownRenderer>;

/** A LazyMarkdown highlighting on this thread (`memoLimit`: see CodeHighlighter). */
export function lazyMarkdown(o: { memoLimit?: number } = {}): LazyMarkdown {
  let made: Promise<MarkdownRenderer> | undefined;
  return () =>
    (made ??= Promise.all([import('./render-markdown.js'), import('../highlight/highlight-code.js')]).then(([md, hl]) => new md.MarkdownRenderer(new hl.CodeHighlighter(o).highlight)));
}
