/**
 * Fenced code blocks read straight from Markdown source, without parsing it: a cheap forecast of what the
 * Markdown stage will ask to highlight, so a warm worker can start on it while the main thread is still busy.
 * A forecast only: blocks it gets wrong are simply never asked for (nested containers, odd info strings).
 */
import type { CodeBlock } from './highlight-code.js';

/** The identity of a code block (its language and text), for matching forecasts to requests. */
export function blockKey(b: CodeBlock): string {
  return `${b.lang}\0${b.text}`;
}

const OPENING = /^( {0,3})(`{3,}|~{3,})([^\n]*)$/;

/** The fenced blocks of `markdown` that are closed, with their language (lowercased, "jsx" if none, as the Markdown stage has it). */
export function fencedCode(markdown: string): CodeBlock[] {
  const lines = markdown.split(/\r?\n/);
  const out: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPENING.exec(lines[i]!);
    if (!open || (open[2]![0] === '`' && open[3]!.includes('`'))) continue;
    const [, indent, fence] = open as unknown as [string, string, string, string];
    const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    const end = lines.findIndex((line, j) => j > i && closing.test(line));
    if (end < 0) break;
    const unindent = new RegExp(`^ {0,${indent.length}}`);
    const body = lines.slice(i + 1, end).map((line) => line.replace(unindent, ''));
    out.push({ lang: open[3]!.trim().split(/\s+/)[0]!.toLowerCase() || 'jsx', text: body.join('\n') });
    i = end;
  }
  return out;
}

/**
 * The code of `markdown` the Markdown stage will highlight, in its order: fenced blocks (see fencedCode), then the
 * inline code spans ending in a language (`useState(0){:jsx}`), whose order among the blocks does not matter.
 */
export function highlightedCode(markdown: string): CodeBlock[] {
  const inline = [...markdown.matchAll(/(?<!`)`([^`\n]+?)\{:([a-zA-Z-]+)\}`(?!`)/g)].map((m) => ({ lang: m[2]!, text: m[1]! }));
  return [...fencedCode(markdown), ...inline];
}
