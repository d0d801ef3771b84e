/**
 * GitHub Flavored Markdown for the Markdown stage: remark-gfm's five extensions, in its order, with the same
 * output, minus work that cannot change it.
 * - Literal autolinks are the dearest part to parse (their tokenizer is tried at every word, then a regex pass
 *   runs over every text node: about 40% of parsing a typical body), yet each needs "@", "www" or "http" in the
 *   text it links: bodies without those leave the extension out. In a body with them, the tokenizers (an e-mail's
 *   is tried at the start of every word) are only tried on lines that hold what they need: an e-mail address
 *   holds "@", a www link "www", a protocol link "http", on its line (none spans a line ending). The regex pass
 *   runs only on a tree with a text node, outside links, that holds one of those: documentation writes most URLs
 *   as links, whose destinations are no text.
 * - The table construct is tried at the start of every line and reads the whole line before it fails (the table
 *   extension is a third of parsing a prose body). A table needs a "|", ":-" or "-:" in its head or delimiter
 *   row, so the construct is only tried on lines whose block (since the last blank line, or the next line) has
 *   one: 15% less time parsing a prose body.
 */
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import type { Construct, Extension, State, TokenizeContext } from 'micromark-util-types';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Nodes as MdastNodes, Root as MdastRoot } from 'mdast';
import type { Processor } from 'unified';

/**
 * Whether `source` may hold a literal autolink (www., http(s)://, an e-mail, mailto: or xmpp: address). False
 * only when none can occur: each needs "@", "www" or "http", typed or as a numeric or `&commat;` character
 * reference (the only named references to "@" or an ASCII letter); backslash escapes cannot hide a letter.
 */
export function mayHaveAutolinkLiteral(source: string): boolean {
  return /@|www|http|&#|&commat;/i.test(source);
}

/**
 * A processor's view of the body it is parsing, by line (1-based): where a table may be (`lines`), and which
 * literal autolinks may start on it (`autolinks`, see AUTOLINK_NEEDS); undefined tries the constructs everywhere.
 * One per processor, set around each parse by withGatedLines.
 */
export interface LineGate { lines?: Uint8Array; autolinks?: Uint8Array }

/** What each literal autolink construct of micromark needs on its line, as a bit of LineGate.autolinks. */
const AUTOLINK_NEEDS: Record<string, [bit: number, text: RegExp]> = { emailAutolink: [1, /@/], wwwAutolink: [2, /www/i], protocolAutolink: [4, /http/i] };

/** For each line of `source` (1-based), the bits of AUTOLINK_NEEDS whose text it holds. */
export function autolinkLinesOf(source: string): Uint8Array {
  const lines = source.split(/\r\n|\r|\n/);
  const may = new Uint8Array(lines.length + 1);
  for (let i = 0; i < lines.length; i++) {
    let bits = 0;
    for (const [bit, text] of Object.values(AUTOLINK_NEEDS)) if (text.test(lines[i]!)) bits |= bit;
    may[i + 1] = bits;
  }
  return may;
}

/**
 * Which lines of `source` may start or continue a table: those whose block, from the last blank line to the
 * line after, has a "|" (a head or delimiter row with cells) or ":-" / "-:" (a one-cell delimiter row; without
 * a colon, dashes under a line make a heading). Container prefixes ("> ", "- ") only make blocks longer.
 */
export function tableLinesOf(source: string): Uint8Array {
  const lines = source.split(/\r\n|\r|\n/);
  const mark = lines.map((l) => l.includes('|') || l.includes(':-') || l.includes('-:'));
  const may = new Uint8Array(lines.length + 2);
  let blockHasMark = false;
  for (let i = 0; i < lines.length; i++) {
    blockHasMark = /^[ \t]*$/.test(lines[i]!) ? false : blockHasMark || mark[i]!;
    may[i + 1] = blockHasMark || mark[i + 1] ? 1 : 0;
  }
  return may;
}

/**
 * Runs `parse` (synchronous) with the table and literal autolink constructs of the processor `gate` belongs to
 * limited to the lines of `source` that may hold them.
 */
export function withGatedLines<T>(gate: LineGate, source: string, parse: () => T): T {
  gate.lines = tableLinesOf(source);
  gate.autolinks = autolinkLinesOf(source);
  try {
    return parse();
  } finally {
    gate.lines = undefined;
    gate.autolinks = undefined;
  }
}

/**
 * micromark-extension-gfm-autolink-literal, each of whose constructs is no break in the text (so never tried) on a
 * line `gate` says lacks what it needs. The text tokenizer asks a construct's `previous` whether to try it; only
 * that answer is gated, the construct itself is the same.
 */
function gatedAutolinkLiteral(gate: LineGate): Extension {
  const text = gfmAutolinkLiteral().text as Record<string, Construct | Construct[]>;
  const gated = new Map<Construct, Construct>();
  const gatedOf = (c: Construct): Construct => {
    let g = gated.get(c);
    if (!g) {
      const bit = AUTOLINK_NEEDS[c.name ?? '']?.[0];
      const previous = c.previous;
      g = bit && previous ? { ...c, previous(this: TokenizeContext, code) { return previous.call(this, code) && (!gate.autolinks || (gate.autolinks[this.now().line]! & bit) !== 0); } } : c;
      gated.set(c, g);
    }
    return g;
  };
  return { text: Object.fromEntries(Object.entries(text).map(([code, c]) => [code, Array.isArray(c) ? c.map(gatedOf) : gatedOf(c)])) };
}

/**
 * mdast-util-gfm-autolink-literal, whose transform runs only on a tree with a text node that may hold a literal
 * autolink. The transform looks for them again in every text node outside links, with regexes that each need
 * "http", "www" or "@" in the node: ordinary documentation writes its URLs as links, and has none.
 */
function gatedAutolinkLiteralFromMarkdown(): ReturnType<typeof gfmAutolinkLiteralFromMarkdown> {
  const extension = gfmAutolinkLiteralFromMarkdown();
  const transforms = (extension.transforms ?? []).map((transform) => (tree: MdastRoot) => (mayHoldAutolinkText(tree) ? transform(tree) : undefined));
  return { ...extension, transforms };
}

/** Whether a text node of `tree` outside links holds "http", "www" or "@" (in any case). */
export function mayHoldAutolinkText(tree: MdastRoot): boolean {
  const stack: MdastNodes[] = [tree];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'text') {
      if (/@|www|http/i.test(node.value)) return true;
    } else if ('children' in node && node.type !== 'link' && node.type !== 'linkReference') {
      for (const child of node.children) stack.push(child);
    }
  }
  return false;
}

/** micromark-extension-gfm-table, whose construct fails at once on a line `gate` says no table can be on. */
function gatedGfmTable(gate: LineGate): Extension {
  const table = (gfmTable().flow as Record<string, Construct>)['null']!;
  const tokenize = function (this: TokenizeContext, effects, ok, nok): State {
    const self = this;
    return (code) => (gate.lines && !gate.lines[self.now().line] ? nok(code) : table.tokenize.call(self, effects, ok, nok)(code));
  } as Construct['tokenize'];
  return { flow: { null: { ...table, tokenize } } };
}

/**
 * remark-gfm's extensions, in its order; literal autolinks only with `autolinks` (see the file comment); tables
 * and autolinks gated by `gate` (see withGatedLines).
 */
export function remarkGfmParts(this: Processor, options: { autolinks: boolean; gate: LineGate }): undefined {
  const data = this.data();
  const autolinks = options.autolinks;
  (data.micromarkExtensions ??= []).push(...(autolinks ? [gatedAutolinkLiteral(options.gate)] : []), gfmFootnote(), gfmStrikethrough(), gatedGfmTable(options.gate), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push([...(autolinks ? [gatedAutolinkLiteralFromMarkdown()] : []), gfmFootnoteFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown()]);
  return undefined;
}
