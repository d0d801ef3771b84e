/**
 * Highlighting: a block's lines tokenized once with Shiki's grammars (through the pattern-sharing regex engine),
 * as runs of text and CSS classes that colour it in both themes (see code-palette.ts). rehype-pretty-code turns
 * the runs into its markup (see pretty-code-highlighter.ts).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createHighlighterCore, type HighlighterCore, type RegexEngine } from '@shikijs/core';
import { createOnigurumaEngine } from '@shikijs/engine-oniguruma';
import type { IGrammar, StateStack } from '@shikijs/vscode-textmate';
import { bundledLanguages, type BundledLanguage } from 'shiki/langs';
import { patternSharingEngine } from './regex-engine.js';
import { languagesFor, loadOrder } from './grammar-needs.js';
import { ansiRuns } from './ansi-runs.js';
import { ANSI, PRELOADED_LANGUAGES, WARM_UP_CODE } from './code-basics.js';
import { LineCache } from './line-cache.js';
import { lineRuns, type BlockRuns } from './line-runs.js';

/** A block to highlight: its language (a bundled one, "ansi" or "plaintext") and its text. */
export interface CodeBlock { lang: string; text: string }

/** Something that turns blocks into their runs: a CodeHighlighter of this thread, or a warm worker's. */
export type HighlightFn = (blocks: CodeBlock[]) => Promise<BlockRuns[]>;

/**
 * How many characters of tokenized lines (keys and packed runs) a highlighter remembers (see line-cache.ts): about
 * 8 MB of heap. A thread's share of the issue corpus's JSX blocks holds 3.4 million; 8 million cost a site with code
 * in 54 languages, whose lines seldom repeat, 40 MiB more at its peak for nothing.
 */
export const LINE_CACHE_CHARS = 3_000_000;

/**
 * Shiki's grammars with the pattern-sharing regex engine, created on first use; one a thread. With a `memoLimit`
 * (dev) it remembers the runs of the blocks it made, so an edited body only highlights its new code; a
 * build leaves it off (each block is highlighted once, and a 4,000-page build would keep every block alive).
 * Lines met again in the same grammar state come from its line cache (line-cache.ts), in builds and dev alike.
 *
 * A block's highlighting depends on its language and text alone. The preloaded languages share one highlighter;
 * any other language gets one of its own (with the preloaded ones its grammars embed, see grammar-needs.ts),
 * made on its first block; all share one regex engine. In one highlighter, loading a language can change how
 * others are highlighted (vue's grammars inject into Markdown's and HTML's, ts-tags' into JavaScript's), so a
 * page's code came out differently from one build to the next, depending on the pages its thread had highlighted
 * before (2 to 4 of 2,800 pages of the Astro, Vue and Rust docs differed between two builds).
 */
export class CodeHighlighter {
  private shiki?: Promise<HighlighterCore>;
  private readonly others = new Map<string, Promise<HighlighterCore>>();
  private engine?: Promise<RegexEngine>;
  private readonly memo = new Map<string, BlockRuns>();
  private readonly lines: LineCache;

  constructor(private readonly o: { memoLimit?: number; lineCacheChars?: number } = {}) {
    this.lines = new LineCache(o.lineCacheChars ?? LINE_CACHE_CHARS);
  }

  /** The runs of each block. */
  readonly highlight: HighlightFn = async (blocks) => {
    const out: BlockRuns[] = [];
    for (const { lang, text } of blocks) {
      const key = `${lang}\0${text}`;
      let runs = this.memo.get(key);
      if (runs === undefined) {
        runs = lang === ANSI ? ansiRuns(text) : blockRuns(text, await this.grammar(lang), this.lines);
        this.remember(key, runs);
      }
      out.push(runs);
    }
    return out;
  };

  /** Loads Shiki and the preloaded grammars and compiles the common JSX rules on a sample, ahead of real work. */
  async warmUp(): Promise<void> {
    await this.highlight([{ lang: 'jsx', text: WARM_UP_CODE }]);
  }

  /**
   * The runs of `block` when its language is plain text or already loaded, else undefined (a forecast of
   * work never loads a grammar: a wrong guess would cost its loading).
   */
  async highlightIfLoaded(block: CodeBlock): Promise<BlockRuns | undefined> {
    const h = await this.highlighter();
    if (block.lang !== 'plaintext' && !h.getLoadedLanguages().includes(block.lang) && !this.others.has(block.lang)) return undefined;
    return (await this.highlight([block]))[0];
  }

  /** The grammar of `lang`: a preloaded one, else one of its own highlighter; none for plain text or an unknown language. */
  private async grammar(lang: string): Promise<IGrammar | undefined> {
    if (lang === 'plaintext') return undefined;
    const h = await this.highlighter();
    if (h.getLoadedLanguages().includes(lang)) return h.getLanguage(lang) as unknown as IGrammar;
    if (!(lang in bundledLanguages)) return undefined;
    let own = this.others.get(lang);
    if (!own) this.others.set(lang, (own = this.highlighterWith(lang as BundledLanguage)));
    return (await own).getLanguage(lang) as unknown as IGrammar;
  }

  private remember(key: string, html: BlockRuns): void {
    const limit = this.o.memoLimit ?? 0;
    if (limit <= 0) return;
    if (this.memo.size >= limit) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(key, html);
  }

  private highlighter(): Promise<HighlighterCore> {
    return (this.shiki ??= this.highlighterWith());
  }

  /** A highlighter of the preloaded languages, or of `lang` and those of them its grammars embed (front matter, fences). */
  private async highlighterWith(lang?: BundledLanguage): Promise<HighlighterCore> {
    const langs = lang ? await languagesFor(lang, PRELOADED_LANGUAGES) : PRELOADED_LANGUAGES;
    this.engine ??= createOnigurumaEngine(onigWasm()).then((onig) => patternSharingEngine(onig));
    const regs = (await Promise.all(langs.map((l) => bundledLanguages[l]()))).flatMap((m) => m.default);
    const { first, last } = loadOrder(regs);
    // One highlighter per language used is by design (see the class comment): no warning about their number.
    const h = await createHighlighterCore({ themes: [], langs: first, engine: this.engine, warnings: false });
    h.loadLanguageSync(last);
    return h;
  }
}

/**
 * Oniguruma's WebAssembly as the file Shiki ships: `shiki/wasm` holds it as base64 text, and decoding that took
 * each highlighting thread 47 ms (over 100 ms while the build's other threads start).
 */
const ONIG_WASM = createRequire(import.meta.url).resolve('shiki/onig.wasm');

/**
 * Oniguruma's WebAssembly for Shiki's loader, as an instantiator: given the file's bytes, the loader asks whether
 * they are a fetch Response first, and that first use of the global `Response` loads Node's fetch (undici), 64 ms
 * of each highlighting thread's start.
 */
function onigWasm(): Parameters<typeof createOnigurumaEngine>[0] {
  return { instantiator: async (imports) => WebAssembly.instantiate(await readFile(ONIG_WASM), imports) };
}

/** The runs of a block's lines, tokenized with `grammar` (plain text without one), lines met before from `cache`. */
function blockRuns(text: string, grammar: IGrammar | undefined, cache: LineCache): BlockRuns {
  const lines = text.split(/\r?\n/);
  let state: StateStack | null = null;
  return lines.map((line) => {
    if (!grammar) return line ? [[line, '']] : [];
    const made = cache.line(grammar, line, state, () => {
      const r = grammar.tokenizeLine(line, state, 0);
      return { runs: lineRuns(line, r.tokens), end: r.ruleStack };
    });
    state = made.end;
    return made.runs;
  });
}
