import { describe, expect, it } from 'vitest';
import { byLanguage, languageChain, ownLanguages } from '../../src/generator/workers/language-order.js';
import { fenceFacts } from '../../src/generator/content/read-docs.js';

describe('the order pages are spread in', () => {
  it('counts only the languages with a highlighter of their own: preloaded names and their aliases are left out', () => {
    expect(ownLanguages(['js', 'ts', 'tsx', 'sh', 'shell', 'zsh', 'bash', 'yml', 'md', 'json', 'diff', 'css', 'html'])).toEqual([]);
    expect(ownLanguages(['jsx', 'python', 'bash', 'rust', 'py'])).toEqual(['python', 'rust', 'py']);
    expect(ownLanguages(undefined)).toEqual([]);
  });

  it('reads each fence language once, lowercased, as it comes, and counts every fence line', () => {
    const md = ['```Python title="a.py"', 'x', '```', '', '~~~rust', 'y', '~~~', '   ```py {1}', 'z', '   ```', '```', 'plain', '```', '```python'].join('\n');
    expect(fenceFacts(md)).toEqual({ lines: 9, langs: ['python', 'rust', 'py'] });
  });

  it('chains languages used together, not in the order they are met', () => {
    // Met in the order a, x, b, y, c; x shares a page with a, and y with x.
    expect(languageChain([['a', 'x'], ['b'], ['x', 'y'], ['c']])).toEqual(['a', 'x', 'y', 'b', 'c']);
    // Pages in turn through a, b, c, d, e, each with its two neighbours: the chain follows them.
    const pages = ['a b c', 'd e a', 'b c d', 'e a b', 'c d e'].map((p) => p.split(' '));
    const chain = languageChain(pages);
    expect(chain[0]).toBe('a');
    expect(new Set(chain)).toEqual(new Set(['a', 'b', 'c', 'd', 'e']));
    // Every step of the chain goes to a language that shares pages with the one before.
    for (let i = 1; i < chain.length; i++) expect(pages.some((p) => p.includes(chain[i - 1]!) && p.includes(chain[i]!))).toBe(true);
  });

  it('keeps pages in the preloaded languages first, in their order, and groups the others by language', () => {
    const langs = [['python'], ['jsx'], ['rust'], undefined, ['python', 'jsx'], ['ts', 'rust'], ['css']];
    const order = byLanguage(langs);
    expect(order.slice(0, 3)).toEqual([1, 3, 6]);
    const rest = order.slice(3).map((i) => ownLanguages(langs[i])[0]);
    expect(rest).toEqual(['python', 'python', 'rust', 'rust']);
    expect(order.slice(3)).toEqual([0, 4, 2, 5]);
    // A site without such languages keeps its order.
    expect(byLanguage([['jsx'], undefined, ['bash', 'json']])).toEqual([0, 1, 2]);
  });

  it('splits a site of languages in turn into halves that share few languages', () => {
    const L = Array.from({ length: 30 }, (_, i) => `lang${i}`);
    // 600 pages, each with three languages in a row of the turn (its first one after the previous page's),
    // shuffled (a seeded Fisher-Yates).
    const ks = Array.from({ length: 600 }, (_, i) => i % 30);
    let seed = 12345;
    for (let i = ks.length - 1; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const j = seed % (i + 1);
      [ks[i], ks[j]] = [ks[j]!, ks[i]!];
    }
    const pages = ks.map((k) => [0, 1, 2].map((d) => L[(k + d) % 30]!));
    const met = (idx: number[]) => new Set(idx.flatMap((i) => pages[i]!));
    const halves = (order: number[]): [Set<string>, Set<string>] => [met(order.slice(0, 300)), met(order.slice(300))];
    const [a1, b1] = halves(pages.map((_, i) => i));
    expect([a1.size, b1.size]).toEqual([30, 30]);
    const [a2, b2] = halves(byLanguage(pages));
    const both = [...a2].filter((l) => b2.has(l)).length;
    expect(both).toBeLessThanOrEqual(6);
  });
});
