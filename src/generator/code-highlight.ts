/**
 * rehype plugin: fenced code -> Shiki tokens in the dark and light themes (CSS variables), as
 * `figure > pre[data-language] > code > span[data-line]`. It calls Shiki's codeToHast directly: going through
 * HTML and re-parsing it (as rehype-pretty-code does) cost more than the highlighting itself.
 */
import type { Element, ElementContent, Root } from 'hast';
import { toString as hastText } from 'hast-util-to-string';
import { bundledLanguages, createHighlighter, type HighlighterGeneric } from 'shiki';
import { SKIP, visit } from 'unist-util-visit';
import { CODE_THEMES } from './code-themes.js';

/**
 * Languages loaded up front, in this order. With grammars loaded lazily per document and Shiki's default
 * 500 ms per-line tokenize limit, the same code came out differently from one build to the next.
 */
export const PRELOADED_LANGUAGES = ['javascript', 'typescript', 'jsx', 'tsx', 'html', 'css', 'json', 'bash', 'shellscript', 'diff', 'yaml', 'markdown'] as const;
const THEME_NAMES = `${CODE_THEMES.dark} ${CODE_THEMES.light}`;
/** Highlighted lines of each (language, code) seen by this thread: an edited body (dev) only highlights new code. */
const memo = new Map<string, ElementContent[]>();
/** Off in builds (each block is highlighted once, and a 4,000-page build would keep every block alive). */
let memoLimit = 0;

/** Turns on the highlight memo (dev: re-rendering an edited body then only highlights its new code). */
export function enableHighlightMemo(limit = 20_000): void {
  memoLimit = limit;
}
let highlighter: Promise<HighlighterGeneric<string, string>> | undefined;

function getHighlighter() {
  highlighter ??= createHighlighter({ themes: [CODE_THEMES.dark, CODE_THEMES.light], langs: ['plaintext', ...PRELOADED_LANGUAGES] }) as Promise<HighlighterGeneric<string, string>>;
  return highlighter;
}

function languageOf(code: Element): string {
  const classes = ([] as unknown[]).concat(code.properties.className ?? []).map(String);
  const lang = classes.find((c) => c.startsWith('language-'))?.slice(9).toLowerCase();
  return lang && (lang in bundledLanguages || lang === 'plaintext') ? lang : 'plaintext';
}

/** Highlights every `pre > code` block of the tree. */
export function rehypeHighlight() {
  return async (tree: Root) => {
    const blocks: { pre: Element; code: Element; parent: Element | Root; index: number }[] = [];
    visit(tree, 'element', (pre: Element, index, parent) => {
      const code = pre.children[0];
      if (pre.tagName !== 'pre' || !parent || index === undefined || code?.type !== 'element' || code.tagName !== 'code') return;
      blocks.push({ pre, code, parent: parent as Element | Root, index });
      return SKIP;
    });
    if (!blocks.length) return;
    const h = await getHighlighter();
    for (const { code, parent, index } of blocks) {
      const lang = languageOf(code);
      if (!h.getLoadedLanguages().includes(lang)) await h.loadLanguage(lang as Parameters<typeof h.loadLanguage>[0]);
      const text = hastText(code).replace(/\n$/, '');
      const key = `${lang}\0${text}`;
      let lines = memo.get(key);
      if (!lines) {
        const out = h.codeToHast(text, { lang, themes: CODE_THEMES, defaultColor: false, tokenizeTimeLimit: 0 });
        const shikiCode = ((out.children[0] as Element).children[0] as Element).children;
        // An empty line keeps one space, or the grid would collapse it to no height.
        lines = shikiCode.map((n) => (n.type === 'element' ? { ...n, properties: { 'data-line': '' }, children: n.children.length ? n.children : [{ type: 'text', value: ' ' }] } : n));
        if (memoLimit > 0) {
          if (memo.size >= memoLimit) memo.delete(memo.keys().next().value!);
          memo.set(key, lines);
        }
      }
      const meta = String((code.data as { meta?: string } | undefined)?.meta ?? '');
      const numbered = /(^|\s)showLineNumbers(\s|$)/.test(meta);
      const lineCount = lines.filter((l) => l.type === 'element').length;
      const codeEl: Element = {
        type: 'element',
        tagName: 'code',
        properties: { 'data-language': lang, 'data-theme': THEME_NAMES, style: 'display: grid;', ...(numbered ? { 'data-line-numbers': '', 'data-line-numbers-max-digits': String(lineCount).length } : {}) },
        children: lines,
      };
      const pre: Element = { type: 'element', tagName: 'pre', properties: { tabIndex: 0, 'data-language': lang, 'data-theme': THEME_NAMES }, children: [codeEl] };
      parent.children[index] = { type: 'element', tagName: 'figure', properties: { 'data-rehype-pretty-code-figure': '' }, children: [pre] };
    }
  };
}
