/**
 * GitHub Flavored Markdown for the Markdown stage, in two variants with the same output: remark-gfm itself, and
 * remark-gfm's extensions minus literal autolinks, for bodies that cannot contain one. Literal autolinks are the
 * dearest part of GFM to parse (their tokenizer is tried at every word, then a regex pass runs over every text
 * node: about 40% of parsing a typical body), yet each needs "@", "www" or "http" in the text it links.
 */
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Processor } from 'unified';

/**
 * Whether `source` may hold a literal autolink (www., http(s)://, an e-mail, mailto: or xmpp: address). False
 * only when none can occur: each needs "@", "www" or "http", typed or as a numeric or `&commat;` character
 * reference (the only named references to "@" or an ASCII letter); backslash escapes cannot hide a letter.
 */
export function mayHaveAutolinkLiteral(source: string): boolean {
  return /@|www|http|&#|&commat;/i.test(source);
}

/** remark-gfm without literal autolinks: footnotes, strikethrough, tables and task lists, in remark-gfm's order. */
export function remarkGfmWithoutAutolinkLiterals(this: Processor): undefined {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push([gfmFootnoteFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown()]);
  return undefined;
}
