/**
 * The highlighter rehype-pretty-code is given (its `getHighlighter` option): Shiki's own hast building and
 * transformers over the runs this project's highlighter made beforehand, so the plugin's synchronous
 * `codeToHtml` only turns class-coloured runs into small HTML, never tokenizes. The runs of the documents being
 * rendered sit in a RunTable, which each Markdown renderer hands to the plugin as a transformer of its options.
 */
import type { ShikiTransformer, ShikiTransformerContextSource, ThemedToken } from '@shikijs/core';
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { h } from 'hastscript';
import { escapeText } from './code-basics.js';
import { diffNotation, mayHaveNotation } from './diff-notation.js';
import type { CodeBlock } from './highlight-code.js';
import type { BlockRuns, LineRuns } from './line-runs.js';
import { handOver, handOverInUse } from './pretty-code-parse.js';

/** The name of the transformer that carries a renderer's RunTable to the highlighter. */
const TABLE = 'reactsite:runs';

/** Runs of the code blocks of the documents in progress, counted by how many documents hold each. */
export class RunTable {
  private readonly entries = new Map<string, { runs: BlockRuns; holders: number }>();

  /** Adds a document's block (or one more holder of it). */
  hold(block: CodeBlock, runs: BlockRuns): void {
    const key = keyOf(block);
    const e = this.entries.get(key);
    if (e) e.holders++;
    else this.entries.set(key, { runs, holders: 1 });
  }

  /** Drops a document's hold on a block. */
  release(block: CodeBlock): void {
    const key = keyOf(block);
    const e = this.entries.get(key);
    if (e && --e.holders <= 0) this.entries.delete(key);
  }

  /** The runs of a block held by a document in progress. */
  get(block: CodeBlock): BlockRuns | undefined {
    return this.entries.get(keyOf(block))?.runs;
  }

  /** The transformer that hands this table to the highlighter (put it in rehype-pretty-code's `transformers`). */
  transformer(): ShikiTransformer {
    return { name: TABLE, table: this } as ShikiTransformer;
  }
}

const keyOf = (b: CodeBlock) => `${b.lang}\0${b.text}`;

/** Runs of text no grammar coloured (a language nobody highlighted: rehype-pretty-code falls back to plain text). */
function plainRuns(text: string): BlockRuns {
  return text.split(/\r?\n/).map((line) => (line ? [[line, '']] : []));
}

/** Shiki tokens of `runs`: one per run, its classes as the span's class attribute. */
function tokensOf(runs: BlockRuns): ThemedToken[][] {
  let offset = 0;
  return runs.map((line) => {
    const tokens = line.map(([content, cls]): ThemedToken => {
      const token: ThemedToken = { content, offset, ...(cls ? { htmlAttrs: { class: cls } } : {}) };
      offset += content.length;
      return token;
    });
    offset += 1;
    return tokens;
  });
}

type CodeOptions = { lang: string; meta?: Record<string, unknown>; transformers?: ShikiTransformer[] } & Record<string, unknown>;

/**
 * The HTML each line's tokens end up as (see markdown/code-blocks.ts), by the text node that stands for the line's text in
 * a tree made by lineTree.
 */
const LINE_HTML = new WeakMap<object, string>();

/** The finished HTML of the tokens of a line whose text is `node`, when `node` is a line's text made by lineTree. */
export function lineHtmlOf(node: object): string | undefined {
  return LINE_HTML.get(node);
}

/** A line's tokens as finished HTML: a span per coloured run, default-styled text bare. */
function tokensHtml(line: LineRuns): string {
  let out = '';
  for (const [text, cls] of line) out += cls ? `<span class="${cls}">${escapeText(text)}</span>` : escapeText(text);
  return out;
}

/** The text of a line. */
const lineText = (line: LineRuns) => line.map(([text]) => text).join('');

/** Shiki's markup of `runs` with each line's text alone (no token spans): what lineTree parses to. */
export function lineTextHtml(runs: BlockRuns): string {
  return `<pre class="shiki" tabindex="0"><code>${runs.map((line) => `<span class="line">${escapeText(lineText(line))}</span>`).join('\n')}</code></pre>`;
}

/**
 * The tree parsing lineTextHtml(runs) gives (positions aside): each line's text one node, which carries its
 * tokens' finished HTML aside (lineHtmlOf). rehype-pretty-code then walks, measures and marks lines, not every
 * token (docs-1000 cold: 2.4 % less time).
 */
export function lineTree(runs: BlockRuns): Root {
  return blockTree(runs, (line) => {
    const text = lineText(line);
    if (!text) return [];
    const node: ElementContent = { type: 'text', value: text };
    LINE_HTML.set(node, tokensHtml(line));
    return [node];
  });
}

/** Shiki's HTML of `runs` with no transformer: the same markup as tokensToHast and hastToHtml make, as one string. */
export function plainHtml(runs: BlockRuns): string {
  const lines = runs.map((line) => `<span class="line">${line.map(([text, cls]) => `<span${cls ? ` class="${cls}"` : ''}>${escapeText(text)}</span>`).join('')}</span>`);
  return `<pre class="shiki" tabindex="0"><code>${lines.join('\n')}</code></pre>`;
}

/** The tree parsing plainHtml(runs) as an HTML fragment gives (positions aside). */
export function plainTree(runs: BlockRuns): Root {
  return blockTree(runs, (line) => line.map(([value, cls]): Element => ({ type: 'element', tagName: 'span', properties: cls ? { className: cls.split(' ') } : {}, children: [{ type: 'text', value }] })));
}

/** `pre.shiki > code > span.line` with each line's children made by `children`. */
function blockTree(runs: BlockRuns, children: (line: LineRuns) => ElementContent[]): Root {
  const lines: ElementContent[] = [];
  runs.forEach((line, i) => {
    if (i) lines.push({ type: 'text', value: '\n' });
    lines.push({ type: 'element', tagName: 'span', properties: { className: ['line'] }, children: children(line) });
  });
  const code: Element = { type: 'element', tagName: 'code', properties: {}, children: lines };
  return { type: 'root', children: [{ type: 'element', tagName: 'pre', properties: { className: ['shiki'], tabIndex: 0 }, children: [code] }], data: { quirksMode: false } };
}

/** `code` as Shiki's HTML (`pre.shiki > code > span.line > span`), built from the runs held for it, through the transformers. */
function codeToHtml(code: string, options: CodeOptions): string {
  const table = (options.transformers?.find((t) => t.name === TABLE) as { table?: RunTable } | undefined)?.table;
  const runs = table?.get({ lang: options.lang, text: code }) ?? plainRuns(code);
  // The only transformer is the diff notation, which has nothing to do without a notation comment.
  if (!mayHaveNotation(code)) {
    // Lines as text where the tree is handed over (the CLI bundle; parsed, they would lose their tokens), unless
    // the meta may ask for highlighted characters (`/word/`, `"word"`), which split tokens.
    const byLine = handOverInUse() && !/["/]/.test(String((options.meta as { __raw?: unknown } | undefined)?.__raw ?? ''));
    const html = byLine ? lineTextHtml(runs) : plainHtml(runs);
    // rehype-pretty-code parses this HTML next: in the CLI bundle its parser takes this tree instead.
    handOver(html, byLine ? lineTree(runs) : plainTree(runs));
    return html;
  }
  const { tokensToHast, hastToHtml, transformer } = diffNotation();
  const transformers = [transformer];
  const context = { meta: options.meta ?? {}, options, source: code } as unknown as ShikiTransformerContextSource;
  let tokens = tokensOf(runs);
  for (const t of transformers) tokens = t.tokens?.call(context as never, tokens) || tokens;
  const hast = tokensToHast(tokens, { ...options, transformers, themeName: '', rootStyle: false } as never, context);
  const html = hastToHtml(hast);
  // Parsing this HTML gives Shiki's tree with its attributes read as HTML: handed over as that, never parsed.
  const parsed = handOverInUse() ? asParsed(hast.children) : undefined;
  if (parsed) handOver(html, { type: 'root', children: parsed, data: { quirksMode: false } });
  return html;
}

/**
 * `nodes` as parsing their HTML gives them: each element's properties read as the HTML attributes Shiki wrote them
 * as (`class` into a `className` list, `tabindex` into a number) by hastscript, as rehype-parse's parser does, and
 * empty text left out. Undefined for anything Shiki does not make here (a comment, a property that is not text,
 * text with a CR or NUL, which parsing changes): that HTML is parsed.
 */
export function asParsed(nodes: readonly RootContent[]): ElementContent[] | undefined {
  const out: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      if (/[\r\0]/.test(node.value)) return undefined;
      if (node.value) out.push({ type: 'text', value: node.value });
      continue;
    }
    if (node.type !== 'element') return undefined;
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(node.properties)) {
      const text = typeof value === 'string' ? value : Array.isArray(value) && value.every((v) => typeof v === 'string') ? value.join(' ') : undefined;
      if (text === undefined || /[\r\0]/.test(text)) return undefined;
      attributes[name] = text;
    }
    const children = asParsed(node.children);
    if (!children) return undefined;
    const element = h(node.tagName, attributes as Properties, children);
    out.push({ type: 'element', tagName: element.tagName, properties: element.properties, children: element.children });
  }
  return out;
}

/** The object rehype-pretty-code calls: no grammars to load (the runs are made before), no themes to read. */
const highlighter = {
  loadLanguage: async () => undefined,
  getLoadedLanguages: () => [] as string[],
  getTheme: (name: string) => ({ name, settings: [] }),
  codeToHtml,
};

/** rehype-pretty-code's `getHighlighter`: the same stateless highlighter for every processor. */
export function prettyCodeHighlighter(): Promise<typeof highlighter> {
  return Promise.resolve(highlighter);
}
