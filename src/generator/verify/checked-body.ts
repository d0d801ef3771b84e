/** What `check` reads of a rendered body, and keeps of it instead of its tree. */
import type { Element, Root } from 'hast';
import { toString as hastText } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import type { MarkdownFacts, MarkdownResult } from '../markdown/render-markdown.js';
import type { CodeSample } from '../markdown/body-facts.js';

/** Facts about one rendered body, read off its hast. */
export function bodyFacts(hast: Root): { sections: string[]; tables: number; ids: Set<string>; links: string[]; images: string[] } {
  const sections: string[] = [];
  const ids = new Set<string>();
  const links: string[] = [];
  const images: string[] = [];
  let tables = 0;
  visit(hast, 'element', (el: Element) => {
    // The footnotes' "Footnotes" heading (id footnote-label) is made by the build, not a section the author wrote.
    if (el.tagName === 'h2' && el.properties.id !== 'footnote-label') sections.push(hastText(el));
    if (el.tagName === 'table') tables++;
    if (typeof el.properties.id === 'string') ids.add(el.properties.id);
    if (el.tagName === 'a' && typeof el.properties.href === 'string') links.push(el.properties.href);
    if (el.tagName === 'img' && typeof el.properties.src === 'string') images.push(el.properties.src);
  });
  return { sections, tables, ids, links, images };
}

/** What the content checks read of a body's tree (see bodyFacts). */
export type BodyChecks = ReturnType<typeof bodyFacts>;

/** What `check` keeps of a body: its facts, its code samples and what the checks read of its tree. */
export type CheckedBody = MarkdownFacts & { code: CodeSample[]; checks: BodyChecks };

/** Reduces a rendered body to what `check` keeps (4,000 trees held at once took 2 GB). */
export function checkedBody(md: MarkdownResult): CheckedBody {
  return { words: md.words, links: md.links, warnings: md.warnings, code: md.code, checks: bodyFacts(md.hast) };
}
