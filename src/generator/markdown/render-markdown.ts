/** Stage 3: a Markdown body -> hast (GFM, heading ids, Shiki highlighting in two themes), plus facts about it. */
import type { Element, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import GithubSlugger, { slug } from 'github-slugger';
import { toString as hastText } from 'hast-util-to-string';
import rehypeRaw from 'rehype-raw';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import rehypePrettyCode, { type Options as PrettyCodeOptions } from 'rehype-pretty-code';
import { CODE_THEMES } from '../highlight/code-themes.js';
import { WARM_UP_CODE } from '../highlight/code-basics.js';
import type { HighlightFn } from '../highlight/highlight-code.js';
import { prettyCodeHighlighter, RunTable } from '../highlight/pretty-code-highlighter.js';
import { rehypeCode, type CodeStepOptions, type PrettyCodeTransform } from './code-blocks.js';
import type { BlockCache } from './block-cache.js';
import { mayHaveAutolinkLiteral, remarkGfmParts, withGatedLines, type LineGate } from './gfm.js';
import { unified, type Processor } from 'unified';
import type { VFile } from 'vfile';
import type { Problem } from '../problems/problem.js';
import { POSITIONED_TYPES, remarkFacts, type BodyFacts, type CodeSample, type SourceLink } from './body-facts.js';
import { walk, type AnyNode } from './walk-tree.js';
import { hasLayoutPrefix, isLayoutId } from '../../site/document/layout-ids.js';
import { imagePath, type ImageSizeTable } from '../content/image-refs.js';

/** What the markdown stage produces for one body. */
export interface MarkdownResult { hast: HastRoot; words: number; code: CodeSample[]; links: SourceLink[]; warnings: Problem[] }

/** What a run knows of a body's Markdown: always its facts; its tree and code samples when its Markdown stage rendered it (never a build's tutorial pages). */
export type MarkdownFacts = Pick<MarkdownResult, 'words' | 'links' | 'warnings'> & Partial<Pick<MarkdownResult, 'code' | 'hast'>>;

type MarkdownProcessor = Processor<MdastRoot, MdastRoot, HastRoot, HastRoot>;

/**
 * Options of one body: its file (for located warnings), the file line its body starts on, raw HTML, and the size
 * of the site images it names (see content/image-sizes.ts), which its `img` elements are given.
 */
export interface MarkdownOptions { file: string; bodyLine: number; allowRawHtml: boolean; imageSizes?: ImageSizeTable }

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
  private readonly processors = new Map<string, { processor: MarkdownProcessor; gate: LineGate }>();

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
      if (e.source === source && e.opts.bodyLine === opts.bodyLine && e.opts.allowRawHtml === opts.allowRawHtml && sameSizes(e.opts.imageSizes, opts.imageSizes)) {
        this.earlyUsed++;
        return e.result;
      }
    }
    return this.renderNow(source, opts);
  }

  /** Renders a body that will likely be asked for soon (a worker's idle time, see workers/page-worker.ts), for render() to hand over. */
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
    const data: BodyFacts & FinishData = { file: opts.file, bodyLine: opts.bodyLine, code: [], links: [], warnings: [], words: 0, imageSizes: opts.imageSizes };
    const mdast = withGatedLines(p.gate, source, () => p.processor.parse(source));
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

/**
 * rehype-pretty-code's options: both site themes and the project's highlighter, which applies Shiki's diff notation
 * (`// [!code ++]`) itself (see diff-notation.ts).
 */
function prettyCodeOptions(table: RunTable): PrettyCodeOptions {
  return {
    theme: { dark: CODE_THEMES.dark, light: CODE_THEMES.light },
    keepBackground: false,
    defaultLang: { block: 'plaintext' },
    getHighlighter: prettyCodeHighlighter as unknown as PrettyCodeOptions['getHighlighter'],
    transformers: [table.transformer()],
  };
}

function createProcessor(allowRawHtml: boolean, autolinks: boolean, code: Omit<CodeStepOptions, 'prettyCode'>): { processor: MarkdownProcessor; gate: LineGate } {
  const gate: LineGate = {};
  // Positions only where remarkFacts reads a line (in the CLI bundle; the published parser gives them to every node).
  const gfm = unified().use(remarkParse, { positions: POSITIONED_TYPES } as Parameters<typeof remarkParse>[0]).use(remarkGfmParts, { autolinks, gate });
  const base = gfm.use(remarkFacts, { allowRawHtml }).use(remarkRehype, { allowDangerousHtml: allowRawHtml });
  const withRaw = allowRawHtml ? base.use(rehypeRaw) : base;
  // rehype-pretty-code's transform, run by the code step on the code alone (see rehypeCode).
  const prettyCode = rehypePrettyCode(prettyCodeOptions(code.table)) as unknown as PrettyCodeTransform;
  const processor = withRaw.use(rehypeFinish).use(rehypeCode, { ...code, prettyCode });
  return { processor: processor as unknown as MarkdownProcessor, gate };
}

/** Whether two size tables hold the same sizes (both absent counts). */
function sameSizes(a: ImageSizeTable | undefined, b: ImageSizeTable | undefined): boolean {
  return a === b || JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}

/** What rehypeFinish reads of a body's options. */
interface FinishData { imageSizes?: ImageSizeTable }

/**
 * One pass over the HTML tree: drops source positions (not rendered, and they would triple the size of the
 * cached tree), gives h1-h6 stable GitHub-style ids (see headingId) and site images their size (see imageSize).
 */
function rehypeFinish() {
  return (tree: HastRoot, file: VFile) => {
    const sizes = (file.data as FinishData).imageSizes;
    const slugger = new GithubSlugger();
    walk(tree as AnyNode, (node) => {
      delete node.position;
      if (node.type !== 'element') return;
      const el = node as unknown as Element;
      if (el.tagName.length === 2 && /^h[1-6]$/.test(el.tagName) && !el.properties.id) el.properties.id = headingId(slugger, hastText(el));
      if (sizes && el.tagName === 'img') imageSize(el, sizes);
      // Code is left to rehype-pretty-code.
      if (el.tagName === 'pre') return false;
    });
  };
}

/**
 * Gives a site image (`src` a path in `sizes`) its width and height, so the browser keeps its place before it
 * loads; CSS scales it down to the column (`max-width: 100%; height: auto`). An image that states either is left as it is.
 */
function imageSize(el: Element, sizes: ImageSizeTable): void {
  const { src, width, height } = el.properties;
  if (typeof src !== 'string' || width !== undefined || height !== undefined) return;
  const size = sizes[imagePath(src) ?? ''];
  if (!size) return;
  el.properties.width = size[0];
  el.properties.height = size[1];
}

/**
 * A heading's id: GitHub's slug of its text, unique within the body (`-1`, `-2` on repeats), and never empty nor
 * an id of the page layout: a heading without letters or digits ("🎉") is a "section", and "Main" next to the
 * layout's `main` becomes "main-1" ("Side cat x", like the sidebar's labels, "section-side-cat-x").
 */
export function headingId(slugger: GithubSlugger, text: string): string {
  const base = slug(text);
  const name = !base ? 'section' : hasLayoutPrefix(base) ? `section ${text}` : text;
  let id = slugger.slug(name);
  while (isLayoutId(id)) id = slugger.slug(name);
  return id;
}
