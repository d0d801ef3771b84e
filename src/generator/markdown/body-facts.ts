/** What the Markdown stage learns of a body while it parses it: words, code samples, links and warnings. */
import type { Code, Root as MdastRoot } from 'mdast';
import { bundledLanguages } from 'shiki/langs';
import type { VFile } from 'vfile';
import { nearest, warning, type Problem } from '../problems/problem.js';
import { bodyH1Problem } from './body-h1.js';
import { inlineCodeLanguage } from './code-blocks.js';
import { ANSI } from '../highlight/code-basics.js';
import { fenceMetaProblems } from './fence-meta.js';
import { walk, type AnyNode } from './walk-tree.js';

const PLAIN = new Set(['text', 'plaintext', 'txt', 'plain']);

/**
 * The Markdown node types whose source line remarkFacts reads: the only ones the CLI bundle's Markdown parser gives
 * a position (see scripts/bundle-patches/from-markdown-positions.mjs).
 */
export const POSITIONED_TYPES: ReadonlySet<string> = new Set(['inlineCode', 'html', 'code', 'heading', 'link', 'image', 'linkReference', 'imageReference']);

/** A fenced code block as written, for content checks. */
export interface CodeSample { lang: string; meta: string; value: string; line: number }

/** A link as written in Markdown, with its source line, so the integrity gate can point at it. */
export interface SourceLink { href: string; line: number }

/** The facts of one body, gathered by remarkFacts into the file's data: where it is, and what was found. */
export interface BodyFacts { file: string; bodyLine: number; code: CodeSample[]; links: SourceLink[]; warnings: Problem[]; words: number }

/**
 * remark plugin: counts prose words, records code samples and links (reference links at their use, links in raw
 * HTML at their line), maps unknown languages to plain text, escapes raw HTML unless the site allows it.
 */
export function remarkFacts(options: { allowRawHtml: boolean }) {
  return (tree: MdastRoot, file: VFile) => {
    const data = file.data as unknown as BodyFacts;
    const at = (line: number | undefined) => (line ?? 1) + data.bodyLine - 1;
    // Reference links are resolved once the walk has seen every definition (they may come after their use).
    const definitions = new Map<string, string>();
    const references: { id: string; line: number }[] = [];
    walk(tree as AnyNode, (n) => {
      const node = n as unknown as MdastRoot['children'][number];
      if (node.type === 'text') data.words += countWords(node.value);
      if (node.type === 'inlineCode') {
        data.words += 1;
        const inline = inlineCodeLanguage(node.value);
        const lang = inline?.lang.toLowerCase();
        if (inline && !isKnownLanguage(lang!)) data.warnings.push(unknownLanguage(inline.lang, { file: data.file, line: at(node.position?.start.line), field: 'inline code language' }));
        // Language names are Shiki's in any case, as on GitHub: `{:JSX}` is highlighted as `{:jsx}`.
        else if (inline && lang !== inline.lang) node.value = `${inline.text}{:${lang}}`;
      }
      if (node.type === 'html') {
        // Raw HTML is shown as text unless the site opts in (site.json "allowRawHtml").
        if (!options.allowRawHtml) (node as unknown as { type: string }).type = 'text';
        else rawHtmlFacts(node.value, at(node.position?.start.line), data);
      }
      if (node.type === 'code') visitCode(node, data, at(node.position?.start.line));
      if (node.type === 'heading' && node.depth === 1) data.warnings.push(bodyH1Problem(data.file, at(node.position?.start.line)));
      if (node.type === 'link' || node.type === 'image') data.links.push({ href: node.url, line: at(node.position?.start.line) });
      if (node.type === 'definition') definitions.set(node.identifier, node.url);
      if (node.type === 'linkReference' || node.type === 'imageReference') references.push({ id: node.identifier, line: at(node.position?.start.line) });
    });
    for (const r of references) {
      const href = definitions.get(r.id);
      if (href !== undefined) data.links.push({ href, line: r.line });
    }
  };
}

/** Links and level-1 headings in raw HTML (`<a href>`, `<img src>`, `<h1>`), at the line each is written on. */
function rawHtmlFacts(html: string, line: number, data: BodyFacts): void {
  const lineAt = (offset: number) => line + (html.slice(0, offset).match(/\n/g)?.length ?? 0);
  // What is commented out is not on the page (blanked, so offsets and lines stay as written).
  html = html.replace(/<!--[\s\S]*?(?:-->|$)/g, (c) => c.replace(/[^\n]/g, ' '));
  for (const m of html.matchAll(/<[a-z][^>]*?\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi)) data.links.push({ href: (m[1] ?? m[2] ?? m[3]!).replace(/&amp;/g, '&'), line: lineAt(m.index) });
  for (const m of html.matchAll(/<h1[\s>]/gi)) data.warnings.push(bodyH1Problem(data.file, lineAt(m.index)));
}

/** Whether Shiki highlights `lang` (lowercase: a bundled language, or terminal output), or it is one of the names of plain text. */
function isKnownLanguage(lang: string): boolean {
  return PLAIN.has(lang) || lang === ANSI || lang in bundledLanguages;
}

/** The warning for a language Shiki does not know, with the nearest one it does. */
function unknownLanguage(lang: string, where: { file: string; line: number; field: string }): Problem {
  const near = nearest(lang.toLowerCase(), Object.keys(bundledLanguages));
  const hint = `${near ? `did you mean "${near}"? Otherwise use` : 'use'} a language Shiki knows (jsx, tsx, js, ts, bash, css, html, json, ...) or "text"`;
  return warning(`unknown code language "${lang}", shown as plain text`, { ...where, hint });
}

function visitCode(node: Code, data: BodyFacts, line: number) {
  const lang = (node.lang ?? '').toLowerCase();
  data.code.push({ lang, meta: node.meta ?? '', value: node.value, line });
  const known = !lang || isKnownLanguage(lang);
  if (!known) data.warnings.push(unknownLanguage(node.lang!, { file: data.file, line, field: 'code fence language' }));
  for (const p of fenceMetaProblems(node.meta ?? '', node.value.split(/\r?\n/).length)) data.warnings.push(warning(p.message, { file: data.file, line, field: 'code fence meta', hint: p.hint }));
  // A fence without a language is JSX, the spec's default for a code block (`check` still parses only the samples
  // that name a language); unknown languages are highlighted (and labelled) as plain text; known ones in any case.
  node.lang = !lang ? 'jsx' : !known || PLAIN.has(lang) ? 'plaintext' : lang;
}

const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;

/**
 * Number of words in a run of text: what `/[\p{L}\p{N}][\p{L}\p{N}'’-]*\/gu` matches (a letter or number, then
 * letters, numbers, apostrophes and hyphens), counted in one pass over the characters without making the
 * matches (every text node of every body goes through here); only characters beyond ASCII ask the regex.
 */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let wordStart: boolean;
    if (c < 128) wordStart = (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122);
    else {
      const point = text.codePointAt(i)!;
      wordStart = LETTER_OR_NUMBER.test(String.fromCodePoint(point));
      if (point > 0xffff) i++;
    }
    if (wordStart) {
      if (!inWord) words++;
      inWord = true;
    } else if (!(inWord && (c === 39 || c === 0x2019 || c === 45))) inWord = false;
  }
  return words;
}
