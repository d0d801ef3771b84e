/**
 * Code in the rehype pipeline, around rehype-pretty-code: before it, every fenced block and every inline code
 * with a language (`{:jsx}`) is highlighted in one batch into the renderer's RunTable (on this thread or a warm
 * worker); after it, each code element's lines become one HTML string on `data.html`, so a block is one leaf to
 * the page renderer and the caches instead of hundreds of spans.
 */
import type { Element, ElementContent, Root } from 'hast';
import { toString as hastText } from 'hast-util-to-string';
import { find, html as htmlSchema } from 'property-information';
import type { VFile } from 'vfile';
import { escapeText, type CodeBlock, type HighlightFn } from '../highlight/highlight-code.js';
import type { RunTable } from '../highlight/pretty-code-highlighter.js';
import type { BlockCache, BlockInput } from '../cache/block-cache.js';

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

/** What the code step keeps of a document between its two plugins: the held blocks, and the new ones to store. */
interface CodeData { heldCode?: CodeBlock[]; newBlocks?: [key: string, el: Element][] }

/**
 * rehype plugin, before rehype-pretty-code: code finished by an earlier run comes from the block cache (the
 * plugin then passes it by); the rest is highlighted in one batch and held in `table`.
 */
export function rehypeHighlightCode(options: { highlight: HighlightFn; table: RunTable; blocks: () => BlockCache | undefined }) {
  return async (tree: Root, file: VFile) => {
    const cache = options.blocks();
    const data = file.data as CodeData;
    const todo: CodeSite[] = [];
    for (const site of codeSitesOf(tree)) {
      const key = cache?.key(site.input);
      const done = key === undefined ? undefined : cache!.get(key);
      if (done) replace(site, done);
      else {
        todo.push(site);
        if (key) (data.newBlocks ??= []).push([key, site.el]);
      }
    }
    if (!todo.length) return;
    const blocks = todo.map((s) => s.block);
    const runs = await options.highlight(blocks);
    blocks.forEach((b, i) => options.table.hold(b, runs[i]!));
    data.heldCode = blocks;
  };
}

/** Puts a finished element in place of the code it was made from. */
function replace(site: CodeSite, done: Element): void {
  const children = (site.parent as { children: AnyNode[] }).children;
  children[children.indexOf(site.el as unknown as AnyNode)] = done as unknown as AnyNode;
}

/**
 * rehype plugin, after rehype-pretty-code: each code element's lines as one HTML string; the table lets go of the
 * document's code, and the new finished blocks go to the block cache.
 */
export function rehypeCodeHtml(options: { table: RunTable; blocks: () => BlockCache | undefined }) {
  return (tree: Root, file: VFile) => {
    const data = file.data as CodeData;
    for (const b of data.heldCode ?? []) options.table.release(b);
    eachElement(tree as AnyNode, (el, parent) => {
      if (el.tagName !== 'code' || !('data-language' in el.properties) || (el.data as { html?: unknown } | undefined)?.html !== undefined) return;
      // The stylesheet lays lines out as a grid; the inline style rehype-pretty-code adds for it is not needed.
      if (typeof el.properties.style === 'string') el.properties.style = el.properties.style.replace('display: grid;', '') || undefined;
      if ((parent as Element).tagName === 'pre') (parent as Element).properties.tabIndex = 0;
      for (const line of el.children) if (line.type === 'element' && isDiffLine(line)) trimEnd(line);
      el.data = { ...el.data, html: childrenHtml(el.children) } as Element['data'];
      el.children = [];
    });
    if (data.newBlocks?.length) options.blocks()?.setAll(data.newBlocks);
  };
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
    if (n.type === 'text') out += escapeText(n.value);
    else if (n.type === 'element') {
      const attrs = attributes(n);
      out += n.tagName === 'span' && !attrs ? childrenHtml(n.children) : `<${n.tagName}${attrs}>${childrenHtml(n.children)}</${n.tagName}>`;
    }
  }
  return out;
}

/** An element's attributes as HTML (` name="value"`...), in property order. */
function attributes(el: Element): string {
  let out = '';
  for (const [key, value] of Object.entries(el.properties)) {
    if (value === undefined || value === null || value === false) continue;
    const name = find(htmlSchema, key).attribute;
    const text = Array.isArray(value) ? value.join(find(htmlSchema, key).commaSeparated ? ', ' : ' ') : value === true ? '' : String(value);
    out += ` ${name}="${text.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
  }
  return out;
}
