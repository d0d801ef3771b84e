/**
 * rehype plugin: fenced code -> `figure > pre[data-language] > code` whose lines are `span[data-line]` of
 * class-coloured tokens (see code-palette.ts). Each line is tokenized once with Shiki's grammars for both
 * themes, and the block's inner HTML is made here, once, as a string on the `code` node's `data.html`: a block
 * is one leaf to the page renderer and to the caches instead of hundreds of styled spans.
 */
import type { Element, Root } from 'hast';
import { toString as hastText } from 'hast-util-to-string';
import { bundledLanguages, createHighlighter, createOnigurumaEngine, type HighlighterGeneric } from 'shiki';
import type { IGrammar, StateStack } from '@shikijs/vscode-textmate';
import { tokenClass, whitespaceNeutral } from './code-palette.js';
import { CODE_THEMES } from './code-themes.js';
import { patternSharingEngine } from './regex-engine.js';

/**
 * Languages loaded up front, in this order. With grammars loaded lazily per document, the same code came out
 * differently from one build to the next.
 */
export const PRELOADED_LANGUAGES = ['javascript', 'typescript', 'jsx', 'tsx', 'html', 'css', 'json', 'bash', 'shellscript', 'diff', 'yaml', 'markdown'] as const;
const THEME_NAMES = `${CODE_THEMES.dark} ${CODE_THEMES.light}`;

/** A block to highlight: its language (a bundled one, or "plaintext") and its text. */
export interface CodeBlock { lang: string; text: string }

/** Something that turns blocks into their inner HTML: a CodeHighlighter of this thread, or a warm worker's. */
export type HighlightFn = (blocks: CodeBlock[]) => Promise<string[]>;

/** A typical JSX block, highlighted to warm up (see CodeHighlighter.warmUp and MarkdownRenderer.warmUp). */
export const WARM_UP_CODE = `import { useState } from "react";

export default function Counter({ step = 1 }) {
  const [count, setCount] = useState(0);
  // A comment, a template \`\${count}\` and JSX.
  return <button type="button" className="btn" onClick={() => setCount((c) => c + step)}>Clicked {count} times</button>;
}`;

/**
 * Shiki's grammars with the pattern-sharing regex engine, created on first use; one a thread. With a `memoLimit`
 * (dev) it remembers the inner HTML of the blocks it made, so an edited body only highlights its new code; a
 * build leaves it off (each block is highlighted once, and a 4,000-page build would keep every block alive).
 */
export class CodeHighlighter {
  private shiki?: Promise<HighlighterGeneric<string, string>>;
  private readonly memo = new Map<string, string>();

  constructor(private readonly o: { memoLimit?: number } = {}) {}

  /** The inner HTML of each block. */
  readonly highlight: HighlightFn = async (blocks) => {
    const h = await this.highlighter();
    const out: string[] = [];
    for (const { lang, text } of blocks) {
      const key = `${lang}\0${text}`;
      let html = this.memo.get(key);
      if (html === undefined) {
        if (lang !== 'plaintext' && !h.getLoadedLanguages().includes(lang)) await h.loadLanguage(lang as Parameters<typeof h.loadLanguage>[0]);
        html = highlightedLines(text, lang === 'plaintext' ? undefined : (h.getLanguage(lang) as unknown as IGrammar));
        this.remember(key, html);
      }
      out.push(html);
    }
    return out;
  };

  /** Loads Shiki and the preloaded grammars and compiles the common JSX rules on a sample, ahead of real work. */
  async warmUp(): Promise<void> {
    await this.highlight([{ lang: 'jsx', text: WARM_UP_CODE }]);
  }

  /**
   * The inner HTML of `block` when its language is plain text or already loaded, else undefined (a forecast of
   * work never loads a grammar: the set of loaded grammars must not depend on guesses).
   */
  async highlightIfLoaded(block: CodeBlock): Promise<string | undefined> {
    const h = await this.highlighter();
    if (block.lang !== 'plaintext' && !h.getLoadedLanguages().includes(block.lang)) return undefined;
    return (await this.highlight([block]))[0];
  }

  private remember(key: string, html: string): void {
    const limit = this.o.memoLimit ?? 0;
    if (limit <= 0) return;
    if (this.memo.size >= limit) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(key, html);
  }

  private highlighter(): Promise<HighlighterGeneric<string, string>> {
    this.shiki ??= createHighlighter({
      themes: [],
      langs: [...PRELOADED_LANGUAGES],
      engine: createOnigurumaEngine(import('shiki/wasm')).then((onig) => patternSharingEngine(onig)),
    }) as Promise<HighlighterGeneric<string, string>>;
    return this.shiki;
  }
}

function languageOf(code: Element): string {
  const classes = ([] as unknown[]).concat(code.properties.className ?? []).map(String);
  const lang = classes.find((c) => c.startsWith('language-'))?.slice(9).toLowerCase();
  return lang && (lang in bundledLanguages || lang === 'plaintext') ? lang : 'plaintext';
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/**
 * Escapes code text for HTML element content. `"` too, as React escapes text: a sample holding `href="/x/"` or
 * `id="x"` must not read as an attribute to anything that scans the page (the integrity gate's link facts).
 */
export function escapeText(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

/** One line's tokens as HTML: runs of the same class share a span, default-styled text needs none. */
function lineHtml(line: string, tokens: readonly { startIndex: number; endIndex: number; scopes: string[] }[]): string {
  let out = '';
  let runClass = '';
  let runText = '';
  const flush = () => {
    if (runText) out += runClass ? `<span class="${runClass}">${escapeText(runText)}</span>` : escapeText(runText);
    runText = '';
  };
  for (const t of tokens) {
    const text = line.slice(t.startIndex, Math.min(t.endIndex, line.length));
    if (!text) continue;
    const cls = tokenClass(t.scopes);
    // Whitespace looks the same in any colour: it joins the current run instead of opening a span.
    if (cls !== runClass && !(runText && /^\s+$/.test(text) && whitespaceNeutral(cls))) {
      flush();
      runClass = cls;
    }
    runText += text;
  }
  flush();
  // An empty line keeps one space, or the grid would collapse it to no height.
  return `<span data-line="">${out || ' '}</span>`;
}

/** The inner HTML of a highlighted block: one `span[data-line]` per line, joined by newlines. */
export function highlightedLines(text: string, grammar: IGrammar | undefined): string {
  const lines = text.split(/\r?\n/);
  let state: StateStack | null = null;
  return lines
    .map((line) => {
      if (!grammar) return lineHtml(line, [{ startIndex: 0, endIndex: line.length, scopes: [] }]);
      const r = grammar.tokenizeLine(line, state, 0);
      state = r.ruleStack;
      return lineHtml(line, r.tokens);
    })
    .join('\n');
}

/** A `pre > code` element found in a tree, with where it sits (so it can be replaced). */
export interface PreBlock { code: Element; parent: Element | Root; index: number }

/** The block `pre` is, or undefined when it is not a `pre > code` element. */
export function preBlockOf(pre: Element, parent: Element | Root, index: number): PreBlock | undefined {
  const code = pre.children[0];
  return pre.tagName === 'pre' && code?.type === 'element' && code.tagName === 'code' ? { code, parent, index } : undefined;
}

/** Highlights `blocks` with `highlight` and puts each figure in place of its `pre`. */
export async function highlightPreBlocks(blocks: readonly PreBlock[], highlight: HighlightFn): Promise<void> {
  if (!blocks.length) return;
  const input = blocks.map(({ code }) => ({ lang: languageOf(code), text: hastText(code).replace(/\n$/, '') }));
  const htmls = await highlight(input);
  for (const [i, { code, parent, index }] of blocks.entries()) {
    const { lang, text } = input[i]!;
    const html = htmls[i]!;
    const meta = String((code.data as { meta?: string } | undefined)?.meta ?? '');
    const numbered = /(^|\s)showLineNumbers(\s|$)/.test(meta);
    const lineCount = text.split(/\r?\n/).length;
    const codeEl: Element = {
      type: 'element',
      tagName: 'code',
      properties: { 'data-language': lang, 'data-theme': THEME_NAMES, ...(numbered ? { 'data-line-numbers': '', 'data-line-numbers-max-digits': String(lineCount).length } : {}) },
      children: [],
      data: { html } as Element['data'],
    };
    const pre: Element = { type: 'element', tagName: 'pre', properties: { tabIndex: 0, 'data-language': lang, 'data-theme': THEME_NAMES }, children: [codeEl] };
    parent.children[index] = { type: 'element', tagName: 'figure', properties: { 'data-rehype-pretty-code-figure': '' }, children: [pre] };
  }
}
