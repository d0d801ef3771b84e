/**
 * The code step of the rehype pipeline: every fenced block and every inline code with a language (`{:jsx}`)
 * comes from the block cache, or is highlighted in one batch into the renderer's RunTable (on this thread or a
 * warm worker) and made into rehype-pretty-code's markup by its transform; then each code element's lines become
 * one HTML string on `data.html`, so a block is one leaf to the page renderer and the caches, not hundreds of spans.
 */
import type { Element, ElementContent, Root } from 'hast';
import { toString as hastText } from 'hast-util-to-string';
import { find, html as htmlSchema } from 'property-information';
import { escapeText } from '../highlight/code-basics.js';
import type { CodeBlock, HighlightFn } from '../highlight/highlight-code.js';
import { loadDiffNotation, mayHaveNotation } from '../highlight/diff-notation.js';
import { lineHtmlOf, type RunTable } from '../highlight/pretty-code-highlighter.js';
import type { BlockCache, BlockInput } from './block-cache.js';

type AnyNode = { type: string; children?: AnyNode[] };

/** Calls `f` on every element of a tree with its parent and grandparent. */
function eachElement(node: AnyNode, f: (el: Element, parent: AnyNode, grandparent: AnyNode | undefined) => void, parent?: AnyNode): void {
  for (const child of node.children ?? []) {
    if (child.type === 'element') f(child as unknown as Element, node, parent);
    eachElement(child, f, node);
  }
}

/** The language a fenced block's `code` element names (`language-x`), else plain text. */
function blockLanguage(code: Element): string {
  const cls = ([] as unknown[]).concat(code.properties.className ?? []).map(String).find((c) => c.startsWith('language-'));
  return cls ? cls.slice(9) : 'plaintext';
}

/** An inline code's text without its `{:lang}` suffix, and that language, as rehype-pretty-code reads them; undefined without one. */
export function inlineCodeLanguage(value: string): { text: string; lang: string } | undefined {
  if (/\\\{:[a-zA-Z.-]+\}$/.test(value)) return undefined;
  const m = /\{:([a-zA-Z.-]+)\}$/.exec(value);
  if (!m || m[1]![0] === '.') return undefined;
  return { text: value.slice(0, m.index), lang: m[1]! };
}

/** A code element rehype-pretty-code will turn into a figure (a block's `pre`) or a span (inline code with a language). */
interface CodeSite { el: Element; parent: AnyNode; block: CodeBlock; input: BlockInput }

/** The code of a tree rehype-pretty-code will highlight: `pre > code` blocks and inline code ending in `{:lang}`. */
function codeSitesOf(tree: Root): CodeSite[] {
  const sites: CodeSite[] = [];
  eachElement(tree as AnyNode, (el, parent, grandparent) => {
    if (el.tagName !== 'code') return;
    if ((parent as Element).tagName === 'pre' && grandparent) {
      // An empty block holds one empty text, as Markdown makes it: raw HTML's parse leaves it none, which
      // rehype-pretty-code would pass over, and the block cache would hold another mode's markup for it.
      if (!el.children.length) el.children.push({ type: 'text', value: '' });
      const block = { lang: blockLanguage(el), text: hastText(el).replace(/\n$/, '') };
      const meta = String((el.data as { meta?: unknown } | undefined)?.meta ?? '');
      return void sites.push({ el: parent as unknown as Element, parent: grandparent, block, input: { inline: false, lang: block.lang, meta, code: block.text } });
    }
    const first = el.children[0];
    const only = el.children.length === 1 && first?.type === 'text' ? first.value : undefined;
    const inline = only === undefined ? undefined : inlineCodeLanguage(only);
    if (inline) sites.push({ el, parent, block: inline, input: { inline: true, lang: inline.lang, meta: '', code: inline.text } });
  });
  return sites;
}

/** rehype-pretty-code's transform (what its plugin returns), run by the code step on the document's code alone. */
export type PrettyCodeTransform = (tree: Root) => Promise<void>;

/** What the code step works with: the highlighter, the renderer's run table, its block cache and rehype-pretty-code. */
export interface CodeStepOptions { highlight: HighlightFn; table: RunTable; blocks: () => BlockCache | undefined; prettyCode: PrettyCodeTransform }

/**
 * rehype plugin, the code step: code finished by an earlier run comes from the block cache; the rest is
 * highlighted in one batch (held in `table` for rehype-pretty-code's highlighter), turned into rehype-pretty-code's
 * markup by its transform, and stored in the block cache. The transform is given a root holding only the code
 * (the same element objects, which it changes in place): its walks then visit the code, not the whole document.
 */
export function rehypeCode(options: CodeStepOptions) {
  return async (tree: Root) => {
    const cache = options.blocks();
    const todo: CodeSite[] = [];
    const fresh: [key: string, el: Element][] = [];
    for (const site of codeSitesOf(tree)) {
      const key = cache?.key(site.input);
      const done = key === undefined ? undefined : cache!.get(key);
      if (done) replace(site, done);
      else {
        todo.push(site);
        if (key) fresh.push([key, site.el]);
      }
    }
    if (!todo.length) return;
    const blocks = todo.map((s) => s.block);
    const runs = await options.highlight(blocks);
    // rehype-pretty-code's highlighting is synchronous: the notation's tools are loaded before it runs. It
    // highlights all the code under each element it is given (raw HTML may nest code in a block), so the test is
    // of each element's whole text.
    if (todo.some((s) => mayHaveNotation(hastText(s.el)))) await loadDiffNotation();
    blocks.forEach((b, i) => options.table.hold(b, runs[i]!));
    try {
      // Inline code keeps an element parent, as in the document (rehype-pretty-code tells inline code by it).
      const children = todo.map((s) => (s.input.inline ? { type: 'element', tagName: 'span', properties: {}, children: [s.el] } : s.el));
      await options.prettyCode({ type: 'root', children } as Root);
    } finally {
      for (const b of blocks) options.table.release(b);
    }
    for (const site of todo) finishCode(site.el);
    if (fresh.length) cache?.setAll(fresh);
  };
}

/** Puts a finished element in place of the code it was made from. */
function replace(site: CodeSite, done: Element): void {
  const children = (site.parent as { children: AnyNode[] }).children;
  children[children.indexOf(site.el as unknown as AnyNode)] = done as unknown as AnyNode;
}

/**
 * After rehype-pretty-code, in a figure (block) or span (inline): the code element's lines as one HTML string on
 * `data.html`, without the inline grid style the stylesheet makes unneeded; a block's `pre` is focusable.
 */
function finishCode(made: Element): void {
  const visit = (el: Element, parent: Element) => {
    if (el.tagName !== 'code') return void el.children.forEach((c) => c.type === 'element' && visit(c, el));
    if (typeof el.properties.style === 'string') el.properties.style = el.properties.style.replace('display: grid;', '') || undefined;
    if (parent.tagName === 'pre') parent.properties.tabIndex = 0;
    for (const line of el.children) if (line.type === 'element' && isDiffLine(line)) trimEnd(line);
    el.data = { ...el.data, html: childrenHtml(el.children) } as Element['data'];
    el.children = [];
  };
  made.children.forEach((c) => c.type === 'element' && visit(c, made));
}

/** Whether a line is one the diff notation marked (its comment, `// [!code ++]`, was taken out). */
function isDiffLine(line: Element): boolean {
  return ([] as unknown[]).concat(line.properties.className ?? []).includes('diff');
}

/** Drops the whitespace a line ends with (what stood before the notation comment that was taken out). */
function trimEnd(node: Element): void {
  for (let i = node.children.length - 1; i >= 0; i--) {
    const last = node.children[i]!;
    if (last.type === 'text') {
      last.value = last.value.replace(/\s+$/, '');
      if (last.value) return;
    } else if (last.type === 'element') {
      trimEnd(last);
      if (hastText(last)) return;
    } else return;
  }
}

/** The HTML of highlighted code: its spans and marks, text escaped as React escapes it (`"` too), spans without attributes left out. */
function childrenHtml(nodes: readonly ElementContent[]): string {
  let out = '';
  for (const n of nodes) {
    if (n.type === 'text') out += lineHtmlOf(n) ?? escapeText(n.value);
    else if (n.type === 'element') {
      const attrs = attributes(n);
      out += n.tagName === 'span' && !attrs ? childrenHtml(n.children) : `<${n.tagName}${attrs}>${childrenHtml(n.children)}</${n.tagName}>`;
    }
  }
  return out;
}

/** HTML's name of each property seen, and whether its list is comma separated (property-information, asked once a key). */
const PROPERTIES = new Map<string, { attribute: string; commaSeparated: boolean }>();

function propertyInfo(key: string): { attribute: string; commaSeparated: boolean } {
  let info = PROPERTIES.get(key);
  if (!info) {
    const found = find(htmlSchema, key);
    PROPERTIES.set(key, (info = { attribute: found.attribute, commaSeparated: !!found.commaSeparated }));
  }
  return info;
}

/** An element's attributes as HTML (` name="value"`...), in property order. */
function attributes(el: Element): string {
  let out = '';
  for (const key in el.properties) {
    const value = el.properties[key];
    if (value === undefined || value === null || value === false) continue;
    const info = propertyInfo(key);
    const text = Array.isArray(value) ? value.join(info.commaSeparated ? ', ' : ' ') : value === true ? '' : String(value);
    out += ` ${info.attribute}="${text.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
  }
  return out;
}
