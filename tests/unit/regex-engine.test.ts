import { createHighlighter, createOnigurumaEngine, type RegexEngine } from 'shiki';
import { describe, expect, it } from 'vitest';
import type { IGrammar, StateStack } from '@shikijs/vscode-textmate';
import { PRELOADED_LANGUAGES } from '../../src/generator/highlight/code-basics.js';
import type { CodeBlock } from '../../src/generator/highlight/highlight-code.js';
import { HOT_SCANNER_SEARCHES, patternSharingEngine } from '../../src/generator/highlight/regex-engine.js';
import { MIN_SHARED_TAIL } from '../../src/generator/highlight/hot-scanner.js';
import { siteBlocks } from '../helpers/site-blocks.js';

/** Code that takes the grammars through back-references, `\G` rules, embedded languages and multi-line states. */
const SAMPLES: CodeBlock[] = [
  { lang: 'bash', text: 'cat <<EOF > a.txt\nhello $USER\nEOF\nif [[ -n "$x" ]]; then echo "${x:-y}" | grep -E \'^a\'; fi\ncat <<-"END"\n\tliteral $x\n\tEND' },
  { lang: 'markdown', text: '# Title\n\n````md\n```js\nconst a = 1;\n```\n````\n\n~~~css\na { color: red; }\n~~~\n\n- [x] **bold** _it_ `code`\n> quote' },
  { lang: 'yaml', text: 'a: |\n  line one\n  line two\nb: >-\n  folded\n  text\nc: [1, "two", {d: e}]\n# comment\nf: &anchor\n  g: *anchor' },
  { lang: 'html', text: '<!doctype html>\n<style>\n  a { color: red; }\n</style>\n<script type="module">\n  const x = `a${1}b`;\n</script>\n<p class="x" onclick="go()">Hi &amp; bye</p>' },
  { lang: 'tsx', text: 'type P<T extends object> = { items: T[] } & Partial<Record<string, number>>;\nexport function List<T,>({ items }: P<T>) {\n  return <ul>{items.map((i, n) => <li key={n}>{String(i)}</li>)}</ul>;\n}\nconst re = /a(b)\\1[/]/gu;\nconst t = tag`x${`y${1}`}`;' },
  { lang: 'css', text: '@media (min-width: 40rem) {\n  .a:hover > .b::before { content: "\\201C"; grid-template: "a b" 1fr / auto; }\n}\n@supports not (display: grid) { .c { float: left } }' },
  { lang: 'diff', text: '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old\n+new\n context' },
  { lang: 'json', text: '{\n  "a": [1, 2.5e3, true, null],\n  "b": { "c": "d\\n" }\n}' },
];

/** Every line's tokens (start and scopes) of every block, as one string. */
async function tokens(engine: RegexEngine, blocks: readonly CodeBlock[]): Promise<string> {
  const h = await createHighlighter({ themes: [], langs: [...PRELOADED_LANGUAGES], engine });
  const out: string[] = [];
  for (const { lang, text } of blocks) {
    if (!h.getLoadedLanguages().includes(lang)) continue;
    const grammar = h.getLanguage(lang) as unknown as IGrammar;
    let state: StateStack | null = null;
    for (const line of text.split('\n')) {
      const r = grammar.tokenizeLine(line, state, 0);
      state = r.ruleStack;
      out.push(r.tokens.map((t) => `${t.startIndex}:${t.scopes.join(' ')}`).join('|'));
    }
    out.push('');
  }
  h.dispose();
  return out.join('\n');
}

describe('pattern-sharing regex engine', () => {
  it('tokenizes exactly like Oniguruma\'s own scanners, whether a rule is new, hot or in between', async () => {
    const blocks = [...siteBlocks(), ...SAMPLES];
    expect(blocks.length).toBeGreaterThan(150);
    const expected = await tokens(await createOnigurumaEngine(import('shiki/wasm')), blocks);
    expect(expected.split('\n').length).toBeGreaterThan(4000);
    // [searches before a list is hot, budget of whole lists]: 0 makes every hot list share a tail where it can.
    for (const [hotAfter, budget] of [[Infinity], [3], [200], [HOT_SCANNER_SEARCHES], [3, 0]] as [number, number?][]) {
      const actual = await tokens(patternSharingEngine(await createOnigurumaEngine(import('shiki/wasm')), hotAfter, budget), blocks);
      // Compared whole, then by line for a readable failure.
      if (actual !== expected) {
        const a = actual.split('\n');
        const line = expected.split('\n').findIndex((l, i) => l !== a[i]);
        expect(a[line], `hotAfter ${hotAfter}, budget ${budget}, token line ${line}`).toBe(expected.split('\n')[line]);
      }
      expect(actual === expected).toBe(true);
    }
  }, 60_000);

  it('answers every search like the native scanner, for `\\G` anchors, `\\K`, look-behinds and repeated searches of one line', async () => {
    const base = await createOnigurumaEngine(import('shiki/wasm'));
    const shared = patternSharingEngine(await createOnigurumaEngine(import('shiki/wasm')), Infinity);
    // `a\\Kb` reports its match from the "b": searched from there, Oniguruma finds no match that starts at or after it.
    const lists = [['\\Gab', 'b'], ['(?<=a)b', '\\Gb', 'c|\\G'], ['a', '\\Gab'], ['(x)\\1', 'x'], ['a\\Kb', '(?=c)', '$']];
    const lines = ['xxab', 'abab', 'cab', 'bxxb', ''];
    let compared = 0;
    for (const patterns of lists) {
      const [native, ours] = [base.createScanner(patterns), shared.createScanner(patterns)];
      for (const line of lines) {
        const [a, b] = [base.createString(line), shared.createString(line)];
        // The tokenizer searches a line from left to right, sometimes from the same place twice.
        for (const start of [0, 0, 1, 2, 2, 3, 4]) {
          if (start > line.length) continue;
          expect(ours.findNextMatchSync(b, start, 0), `${patterns.join(' ')} in "${line}" from ${start}`).toEqual(native.findNextMatchSync(a, start, 0));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('compiles a tail that hot lists share once, and answers through head and tail like the native scanner', async () => {
    const native = await createOnigurumaEngine(import('shiki/wasm'));
    const compiled: string[][] = [];
    const counting: RegexEngine = { createScanner: (p) => (compiled.push(p.map(String)), native.createScanner(p)), createString: (s) => native.createString(s) };
    // No budget for whole lists: every hot list goes through a shared tail.
    const shared = patternSharingEngine(counting, 1, 0);
    // A tail of MIN_SHARED_TAIL patterns, one with `\G`; heads that tie with it, match before it or not at all.
    const tail = ['b', 'c+', '\\Gx', '(?<=a)d', 'e', 'f', 'ab', 'z'];
    expect(tail.length).toBe(MIN_SHARED_TAIL);
    const lists = [['a', ...tail], ['b|d', 'q', ...tail], ['(?=c)', ...tail], tail];
    const lines = ['xabcd', 'abzzf', 'ccab', 'axxb', 'qqq', 'xad e', ''];
    let compared = 0;
    const ours = lists.map((p) => shared.createScanner(p));
    for (const line of lines) {
      const [a, b] = [native.createString(line), shared.createString(line)];
      for (const [i, patterns] of lists.entries()) {
        const theirs = native.createScanner(patterns);
        for (const start of [0, 1, 1, 2, 3, 0, 4, 5]) {
          if (start > line.length) continue;
          expect(ours[i]!.findNextMatchSync(b, start, 0), `${patterns.join(' ')} in "${line}" from ${start}`).toEqual(theirs.findNextMatchSync(a, start, 0));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(150);
    // Each list's own head (or its single pattern) and the shared tail, once; never a whole list again.
    const lists2 = compiled.filter((p) => p.length > 1);
    expect(lists2.filter((p) => p.join('\0') === tail.join('\0'))).toHaveLength(1);
    expect(lists2.filter((p) => p.length > tail.length)).toEqual([]);
    // While the budget lasts, a hot list is compiled whole.
    compiled.length = 0;
    const roomy = patternSharingEngine(counting, 1);
    for (const scanner of [roomy.createScanner(lists[0]!), roomy.createScanner(lists[1]!)]) for (const start of [0, 0]) scanner.findNextMatchSync(native.createString('xab'), start, 0);
    expect(compiled.filter((p) => p.length > 1)).toEqual([lists[0], lists[1]]);
  });
});
