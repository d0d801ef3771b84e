/**
 * What code blocks need on every thread, highlighted or not: the languages every highlighter loads, the language
 * name of terminal output, code text escaped for HTML, and the sample a highlighter warms up on. Markdown rendering
 * and page planning import this, not highlight-code.ts, so a thread that highlights nothing never loads Shiki's
 * grammars, engine or themes.
 */

/**
 * Languages loaded up front, in this order (see CodeHighlighter). With grammars loaded lazily per document, the
 * same code came out differently from one build to the next.
 */
export const PRELOADED_LANGUAGES = ['javascript', 'typescript', 'jsx', 'tsx', 'html', 'css', 'json', 'bash', 'shellscript', 'diff', 'yaml', 'markdown'] as const;

/** The fence language of terminal output with ANSI escape sequences (see ansi-runs.ts). */
export const ANSI = 'ansi';

/** A typical JSX block, highlighted to warm up (see CodeHighlighter.warmUp and MarkdownRenderer.warmUp). */
export const WARM_UP_CODE = `import { useState } from "react";

export default function Counter({ step = 1 }) {
  const [count, setCount] = useState(0);
  // A comment, a template \`\${count}\` and JSX.
  return <button type="button" className="btn" onClick={() => setCount((c) => c + step)}>Clicked {count} times</button>;
}`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/**
 * Escapes code text for HTML element content. `"` too, as React escapes text: a sample holding `href="/x/"` or
 * `id="x"` must not read as an attribute to anything that scans the page (the integrity gate's link facts).
 */
export function escapeText(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}
