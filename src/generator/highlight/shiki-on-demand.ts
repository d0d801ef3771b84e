/**
 * Shiki's `getSingletonHighlighter`, loaded when first called. rehype-pretty-code imports it for its default
 * `getHighlighter`, which the project always replaces (pretty-code-highlighter.ts); the CLI bundle points the
 * plugin's `shiki` import here (scripts/bundle-patches/swapped-packages.mjs), so no thread loads Shiki's whole
 * bundle (its languages, themes and JavaScript regex engine) to render Markdown.
 */
import type { getSingletonHighlighter as shikiSingleton } from 'shiki';

/** Shiki's own getSingletonHighlighter, imported on the first call. */
export async function getSingletonHighlighter(...args: Parameters<typeof shikiSingleton>): ReturnType<typeof shikiSingleton> {
  return (await import('shiki')).getSingletonHighlighter(...args);
}
