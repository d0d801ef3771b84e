/** Stage 3: a Markdown body -> hast (GFM, heading ids, Shiki highlighting in two themes), plus facts about it. */
import type { Element, Root as HastRoot } from 'hast';
import type { Code, Root as MdastRoot } from 'mdast';
import GithubSlugger from 'github-slugger';
import { toString as hastText } from 'hast-util-to-string';
import rehypeRaw from 'rehype-raw';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { bundledLanguages } from 'shiki/langs';
import { transformerNotationDiff } from '@shikijs/transformers';
import rehypePrettyCode, { type Options as PrettyCodeOptions } from 'rehype-pretty-code';
import { CODE_THEMES } from '../highlight/code-themes.js';
import { WARM_UP_CODE, type HighlightFn } from '../highlight/highlight-code.js';
import { prettyCodeHighlighter, RunTable } from '../highlight/pretty-code-highlighter.js';
import { inlineCodeLanguage, rehypeCode, type CodeStepOptions, type PrettyCodeTransform } from './code-blocks.js';
import { fenceMetaProblems } from './fence-meta.js';
import type { BlockCache } from '../cache/block-cache.js';
import { mayHaveAutolinkLiteral, remarkGfmParts, withTableLines, type TableGate } from './gfm.js';
import { unified, type Processor } from 'unified';
import type { VFile } from 'vfile';
import { nearest, warning, type Problem } from '../problems/problem.js';
import { bodyH1Problem } from './body-h1.js';

const PLAIN = new Set(['text', 'plaintext', 'txt', 'plain']);

/** A fenced code block as written, for content checks. */
export interface CodeSample { lang: string; meta: string; value: string; line: number }

/** A link as written in Markdown, with its source line, so the integrity gate can point at it. */
export interface SourceLink { href: string; line: number }

/** What the markdown stage produces for one body. */
export interface MarkdownResult { hast: HastRoot; words: number; code: CodeSample[]; links: SourceLink[]; warnings: Problem[] }

interface FileData { file: string; bodyLine: number; code: CodeSample[]; links: SourceLink[]; warnings: Problem[]; words: number }

type MarkdownProcessor = Processor<MdastRoot, MdastRoot, HastRoot, HastRoot>;

/** Options of one body: its file (for located warnings), the file line its body starts on, and raw HTML. */
export interface MarkdownOptions { file: string; bodyLine: number; allowRawHtml: boolean }

/** One body to render, wherever it is rendered (this thread or a worker). */
export interface MarkdownJob { source: string; options: MarkdownOptions }

const WARM_UP = `## Warm-up

Text with \`code\`, a [link](/x/) and a table:

| a | b |
| - | - |
| 1 | 2 |
`;

/**
 * Markdown bodies -> hast (GFM, heading ids, code highlighted by `highlight`), with their facts. Its unified
 * processors (one per raw-HTML setting and autolink need) and their state are its own; one a thread or a run.
 */
export class MarkdownRenderer {
  private readonly processors = new Map<string, { processor: MarkdownProcessor; gate: TableGate }>();

  /** The code of the documents in progress, highlighted before rehype-pretty-code asks for it. */
  private readonly table = new RunTable();
  /** Finished code blocks of earlier runs (see BlockCache); none until the entry point gives one. */
  blocks: BlockCache | undefined;
  /** Bodies rendered ahead of being asked for (see renderAhead), by file; each is taken once. */
  private readonly early = new Map<string, { source: string; opts: MarkdownOptions; result: MarkdownResult }>();
  /** How many renders were answered by a body rendered ahead. */
  earlyUsed = 0;

  constructor(private readonly highlight: HighlightFn) {}

  /** Renders one body to hast (or hands over the result renderAhead made of the same source and options). */
  async render(source: string, opts: MarkdownOptions): Promise<MarkdownResult> {
    const e = this.early.get(opts.file);
    if (e) {
      this.early.delete(opts.file);
      if (e.source === source && e.opts.bodyLine === opts.bodyLine && e.opts.allowRawHtml === opts.allowRawHtml) {
        this.earlyUsed++;
        return e.result;
      }
    }
    return this.renderNow(source, opts);
  }

  /** Renders a body that will likely be asked for soon (a worker's idle time, see page-worker.ts), for render() to hand over. */
  async renderAhead(source: string, opts: MarkdownOptions): Promise<void> {
    this.early.set(opts.file, { source, opts, result: await this.renderNow(source, opts) });
  }

  private async renderNow(source: string, opts: MarkdownOptions): Promise<MarkdownResult> {
    // Bodies that cannot hold a literal autolink skip GFM's dearest extension, and tables are only tried where
    // one may be (same tree; see gfm.ts).
    const autolinks = mayHaveAutolinkLiteral(source);
    const name = `${opts.allowRawHtml} ${autolinks}`;
    let p = this.processors.get(name);
    if (!p) this.processors.set(name, (p = createProcessor(opts.allowRawHtml, autolinks, { highlight: this.highlight, table: this.table, blocks: () => this.blocks })));
    const data: FileData = { file: opts.file, bodyLine: opts.bodyLine, code: [], links: [], warnings: [], words: 0 };
    const mdast = withTableLines(p.gate, source, () => p.processor.parse(source));
    const hast = await p.processor.run(mdast, { data } as unknown as VFile);
    return { hast, words: data.words, code: data.code, links: data.links, warnings: data.warnings };
  }

  /**
   * Renders a small sample once: makes the processor and, with `code`, warms the highlighter, compiling the
   * common JSX grammar rules ahead of real work (a site without code never needs them).
   */
  async warmUp(code = true): Promise<void> {
    const sample = code ? `${WARM_UP}\n\`\`\`jsx\n${WARM_UP_CODE}\n\`\`\`\n` : WARM_UP;
    await this.render(sample, { file: 'warm-up.md', bodyLine: 1, allowRawHtml: false });
  }
}

/** rehype-pretty-code's options: both site themes, the project's highlighter, Shiki's diff notation (`// [!code ++]`). */
function prettyCodeOptions(table: RunTable): PrettyCodeOptions {
  return {
    theme: { dark: CODE_THEMES.dark, light: CODE_THEMES.light },
    keepBackground: false,
    defaultLang: { block: 'plaintext' },
    getHighlighter: prettyCodeHighlighter as unknown as PrettyCodeOptions['getHighlighter'],
    transformers: [table.transformer(), transformerNotationDiff({ matchAlgorithm: 'v3' })],
  };
}

function createProcessor(allowRawHtml: boolean, autolinks: boolean, code: Omit<CodeStepOptions, 'prettyCode'>): { processor: MarkdownProcessor; gate: TableGate } {
  const gate: TableGate = {};
  const gfm = unified().use(remarkParse).use(remarkGfmParts, { autolinks, gate });
  const base = gfm.use(remarkFacts, { allowRawHtml }).use(remarkRehype, { allowDangerousHtml: allowRawHtml });
  const withRaw = allowRawHtml ? base.use(rehypeRaw) : base;
  // rehype-pretty-code's transform, run by the code step on the code alone (see rehypeCode).
  const prettyCode = rehypePrettyCode(prettyCodeOptions(code.table)) as unknown as PrettyCodeTransform;
  const processor = withRaw.use(rehypeFinish).use(rehypeCode, { ...code, prettyCode });
  return { processor: processor as unknown as MarkdownProcessor, gate };
}

type AnyNode = { type: string; position?: unknown; children?: AnyNode[] };

/** Calls `f` on every node of a tree, parents first (a plain walk: unist-util-visit allocated per node). */
function walk<N extends AnyNode>(node: N, f: (node: N, parent: N | undefined, index: number) => boolean | void, parent?: N, index = 0): void {
  if (f(node, parent, index) === false) return;
  const children = node.children as N[] | undefined;
  if (children) for (let i = 0; i < children.length; i++) walk(children[i]!, f, node, i);
}

/** Counts prose words, records code samples, maps unknown languages to plain text, escapes raw HTML. */
function remarkFacts(options: { allowRawHtml: boolean }) {
  return (tree: MdastRoot, file: VFile) => {
    const data = file.data as unknown as FileData;
    const at = (line: number | undefined) => (line ?? 1) + data.bodyLine - 1;
    walk(tree as AnyNode, (n) => {
      const node = n as unknown as MdastRoot['children'][number];
      if (node.type === 'text') data.words += countWords(node.value);
      if (node.type === 'inlineCode') {
        data.words += 1;
        const inline = inlineCodeLanguage(node.value);
        if (inline && !isKnownLanguage(inline.lang.toLowerCase())) data.warnings.push(unknownLanguage(inline.lang, { file: data.file, line: at(node.position?.start.line), field: 'inline code language' }));
      }
      if (node.type === 'html' && !options.allowRawHtml) {
        // Raw HTML is shown as text unless the site opts in (site.json "allowRawHtml").
        (node as unknown as { type: string }).type = 'text';
      }
      if (node.type === 'code') visitCode(node, data, at(node.position?.start.line));
      if (node.type === 'heading' && node.depth === 1) data.warnings.push(bodyH1Problem(data.file, at(node.position?.start.line)));
      if (node.type === 'link' || node.type === 'image') data.links.push({ href: node.url, line: at(node.position?.start.line) });
    });
  };
}

/** Whether Shiki highlights `lang` (lowercase), or it is one of the names of plain text. */
function isKnownLanguage(lang: string): boolean {
  return PLAIN.has(lang) || lang in bundledLanguages;
}

/** The warning for a language Shiki does not know, with the nearest one it does. */
function unknownLanguage(lang: string, where: { file: string; line: number; field: string }): Problem {
  const near = nearest(lang.toLowerCase(), Object.keys(bundledLanguages));
  const hint = `${near ? `did you mean "${near}"? Otherwise use` : 'use'} a language Shiki knows (jsx, tsx, js, ts, bash, css, html, json, ...) or "text"`;
  return warning(`unknown code language "${lang}", shown as plain text`, { ...where, hint });
}

function visitCode(node: Code, data: FileData, line: number) {
  const lang = (node.lang ?? '').toLowerCase();
  data.code.push({ lang, meta: node.meta ?? '', value: node.value, line });
  const known = !lang || isKnownLanguage(lang);
  if (!known) data.warnings.push(unknownLanguage(node.lang!, { file: data.file, line, field: 'code fence language' }));
  for (const p of fenceMetaProblems(node.meta ?? '', node.value.split(/\r?\n/).length)) data.warnings.push(warning(p.message, { file: data.file, line, field: 'code fence meta', hint: p.hint }));
  // Unknown or absent languages are highlighted (and labelled) as plain text.
  if (!known || PLAIN.has(lang) || !lang) node.lang = 'plaintext';
}

/**
 * One pass over the HTML tree: drops source positions (not rendered, and they would triple the size of the
 * cached tree) and gives h1-h6 stable GitHub-style ids (unique within the body).
 */
function rehypeFinish() {
  return (tree: HastRoot) => {
    const slugger = new GithubSlugger();
    walk(tree as AnyNode, (node) => {
      delete node.position;
      if (node.type !== 'element') return;
      const el = node as unknown as Element;
      if (el.tagName.length === 2 && /^h[1-6]$/.test(el.tagName) && !el.properties.id) el.properties.id = slugger.slug(hastText(el));
      // Code is left to rehype-pretty-code.
      if (el.tagName === 'pre') return false;
    });
  };
}

/** Number of words in a run of text. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}
