import { describe, expect, it } from 'vitest';
import { warning } from '../../src/generator/problems/problem.js';
import { PRINTED_WARNINGS, warningSample } from '../../src/generator/report/warning-sample.js';

const broken = (n: number) => warning(`broken link /tutorial/missing-${n}/`, { file: `content/tutorials/t${n}.md`, line: n });
const unknownLanguage = (n: number) => warning(`unknown code language "lang${n}"`, { file: 'content/tutorials/code.md', line: n });

describe('the warnings a build prints', () => {
  it('are all of them up to the limit', () => {
    const all = Array.from({ length: PRINTED_WARNINGS }, (_, i) => broken(i));
    expect(warningSample(all)).toEqual({ shown: all, hidden: 0 });
  });

  it('past it, give every kind examples, keep their order and count the rest', () => {
    // 300 of one kind first, then 5 of another: the second kind would not show in the first 50.
    const all = [...Array.from({ length: 300 }, (_, i) => broken(i)), ...Array.from({ length: 5 }, (_, i) => unknownLanguage(i))];
    const { shown, hidden } = warningSample(all);
    expect(shown).toHaveLength(PRINTED_WARNINGS);
    expect(hidden).toBe(all.length - PRINTED_WARNINGS);
    expect(shown.filter((w) => w.message.startsWith('unknown code language'))).toHaveLength(5);
    // The rest of the room goes to the first warnings, in order.
    expect(shown.map((w) => all.indexOf(w))).toEqual([...Array.from({ length: PRINTED_WARNINGS - 5 }, (_, i) => i), 300, 301, 302, 303, 304]);
  });
});
