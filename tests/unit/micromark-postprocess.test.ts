/**
 * The bundle's micromark postprocess (src/generator/markdown/micromark-postprocess.ts) against the published one:
 * the same events, each token's type, positions and flags, for the site, the synthetic corpora and random texts
 * of nested Markdown. Trees alone would not show every difference: a line ending typed blank or not leaves the
 * same tree.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, postprocess as published, preprocess } from 'micromark';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Event, Point } from 'micromark-util-types';
import { afterAll, describe, expect, it } from 'vitest';
import { postprocess } from '../../src/generator/markdown/micromark-postprocess.js';
import { markdownSources } from '../helpers/markdown-sources.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-postprocess-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const options = { extensions: [gfmAutolinkLiteral(), gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()] };
/** The document's events before postprocess, from a fresh parse. */
const tokenize = (source: string): Event[] => parse(options).document().write(preprocess()(source, undefined, true));
const point = (p: Point) => `${p.line}:${p.column}:${p.offset}:${p._index}:${p._bufferIndex}`;
const SKIPPED = new Set(['type', 'start', 'end', 'previous', 'next', '_tokenizer']);

/** Each event as a line: enter or exit, type, positions and every flag the token carries; or the error thrown. */
function events(run: (events: Event[]) => Event[], source: string): string {
  try {
    return run(tokenize(source))
      .map(([kind, token]) => {
        const flags = Object.entries(token)
          .filter(([key, value]) => !SKIPPED.has(key) && value !== undefined && typeof value !== 'object' && typeof value !== 'function')
          .map(([key, value]) => `${key}=${String(value)}`)
          .sort();
        return `${kind} ${token.type} ${point(token.start)} ${point(token.end)} ${flags.join(' ')}`;
      })
      .join('\n');
  } catch (e) {
    return `throws: ${(e as Error).message}`;
  }
}

// Constructs that nest (lists in quotes, blank lines before a container's end, tasks, footnotes holding lists,
// definitions after their references), so that every pass and both hooks are reached.
const PIECES = ['\n', '\n\n', '\n\n\n', '  ', '    ', '> ', '> > ', '- ', '   - ', '* ', '1. ', '2) ', '- [ ] ', '- [x] ', '# ', '## ', 'Title\n===\n', '---\n', '```js\n', '```\n', '~~~\n', 'a', 'word ', '`code`', '*em*', '**strong**', '_u_', '~~del~~', '[link](/a "t")', '[ref][r]', '[r]: /url "title"\n', '![img](/i.png)', '<https://a.b>', 'https://x.dev/p', 'www.example.com', 'a@b.co', '[^1]', '[^1]: note\n', '| a | b |\n', '| --- | :-: |\n', '|', '&amp;', '\\*', '<div>\n', '</div>', 'Setext\n---\n', '\t', '\r\n', '\r', '\0', 'é', '😀'];

describe('the bundle’s micromark postprocess', () => {
  it('gives the published events on the site, the corpora and 3,000 random texts', () => {
    const sources = markdownSources({ tmp, seed: 5, pages: 20, texts: 3000, longest: 60, pieces: PIECES });
    const types = new Set<string>();
    for (const source of sources) {
      const expected = events(published, source);
      expect(events(postprocess, source), JSON.stringify(source.slice(0, 300))).toBe(expected);
      for (const m of expected.matchAll(/^\w+ (\w+)/gm)) types.add(m[1]!);
    }
    for (const type of ['blockQuote', 'listOrdered', 'listUnordered', 'lineEndingBlank', 'taskListCheck', 'gfmFootnoteDefinition', 'definition', 'reference', 'table', 'codeFenced', 'htmlFlow', 'emphasis', 'strikethrough', 'literalAutolink']) {
      expect(types, type).toContain(type);
    }
  });

  it('expands every level of nesting, whichever pass reaches it', () => {
    // A reference defined after it is used, in a list in a quote: text is tokenized after every definition is known.
    const source = '> - see [the guide][g] and *this*\n>\n>   more\n\n[g]: /guide\n';
    const got = events(postprocess, source);
    expect(got).toBe(events(published, source));
    expect(got).toContain('enter reference');
    expect(got).not.toMatch(/chunk(Flow|Content|Text|String)/);
  });
});
