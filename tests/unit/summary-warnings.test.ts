/** The summary's line of warnings: kinds that leave out every path, URL and anchor, and only the most frequent kinds by name. */
import { describe, expect, it } from 'vitest';
import { warningKind, type BuildSummary } from '../../src/generator/report/build-summary.js';
import { SHOWN_WARNING_KINDS, summaryLines } from '../../src/generator/report/print-summary.js';
import { styleFor } from '../../src/generator/report/style.js';
import { warning } from '../../src/generator/problems/problem.js';

const kind = (message: string) => warningKind(warning(message));

describe('warning kinds', () => {
  it('leave out pages, URLs, anchors, quoted names and numbers', () => {
    expect(kind('broken link on /tutorial/a/: /en/reference/x/#getstaticpaths (no such page or file)')).toBe('broken link on …: … (no such page or file)');
    expect(kind('broken link on /tutorial/b/: /guide/%EB%AN#%ED%N (no such page or file)')).toBe('broken link on …: … (no such page or file)');
    expect(kind('broken anchor on /tutorial/a/: #v-memo (no element with id "v-memo")')).toBe('broken anchor on …: … (no element with id "…")');
    expect(kind('page tutorial/a/index.html links to ./images/x.png, outside the site base /')).toBe('page … links to …, outside the site base …');
    expect(kind('page tutorial/a/index.html links to ch07-02-modules.html, outside the site base /')).toBe('page … links to …, outside the site base …');
    expect(kind('line range {4-9} goes past the last line (the block has 3)')).toBe('line range {N-N} goes past the last line (the block has N)');
    expect(kind('unknown code language "jsxx", shown as plain text')).toBe('unknown code language "…", shown as plain text');
  });
});

describe('the summary line of warnings', () => {
  const summary = (warnings: BuildSummary['warnings']): BuildSummary => ({ pages: { total: 1, rendered: 1, reused: 0 }, warnings, stagesMs: {}, wallMs: 1, kinds: [], largest: [], out: { files: 1, bytes: 1 } });
  const line = (warnings: BuildSummary['warnings']) => summaryLines(summary(warnings), styleFor({ isTTY: false }, {})).find((l) => l.includes('warnings'));

  it('names every kind when there are few', () => {
    expect(line([{ kind: 'a', count: 3 }, { kind: 'b', count: 1 }])).toBe('  warnings 3× a; 1× b');
  });

  it('names the most frequent kinds and counts the others', () => {
    const kinds = Array.from({ length: SHOWN_WARNING_KINDS + 40 }, (_, i) => ({ kind: `kind ${i}`, count: 100 - i }));
    const text = line(kinds)!;
    expect(text.split('; ')).toHaveLength(SHOWN_WARNING_KINDS + 1);
    expect(text).toContain(`; ${kinds.slice(SHOWN_WARNING_KINDS).reduce((n, k) => n + k.count, 0)} more of 40 other kinds`);
    expect(text).not.toContain(`kind ${SHOWN_WARNING_KINDS}`);
  });
});
