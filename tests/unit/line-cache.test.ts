import { describe, expect, it } from 'vitest';
import type { IGrammar, StateStack } from '@shikijs/vscode-textmate';
import { CodeHighlighter, type CodeBlock } from '../../src/generator/highlight/highlight-code.js';
import { LineCache, type TokenizedLine } from '../../src/generator/highlight/line-cache.js';
import { ClassNumbers, packRuns, unpackRuns, type LineRuns } from '../../src/generator/highlight/line-runs.js';
import { siteBlocks } from '../helpers/site-blocks.js';

/** Blocks whose lines come again in other grammar states, and in a block's first line. */
const TRICKY: CodeBlock[] = [
  // A heredoc ends at its own word: the same line ends one and is text in the other (its scope names the word).
  { lang: 'bash', text: 'cat <<EOF\nEND\nEOF\necho done' },
  { lang: 'bash', text: 'cat <<END\nEOF\nEND\necho done' },
  // A shebang is one only on the first line.
  { lang: 'bash', text: 'echo start\n#!/bin/sh\necho done' },
  { lang: 'bash', text: '#!/bin/sh\necho done' },
  { lang: 'tsx', text: 'const a = `\n}\nconst b = 1;\n`;\n}\nconst b = 1;\nconst c = <div>\nconst b = 1;\n</div>;\n/*\nconst b = 1;\n*/' },
  { lang: 'jsx', text: 'const b = 1;\nfunction f() {\n  return (\n    <p>\n      const b = 1;\n    </p>\n  );\n}' },
  { lang: 'markdown', text: '```js\nconst b = 1;\n```\nconst b = 1;\n    const b = 1;\n> const b = 1;' },
  { lang: 'html', text: '<script>\nconst b = 1;\n</script>\nconst b = 1;\n<style>\n.a { color: red }\n</style>\n.a { color: red }' },
  { lang: 'python', text: 'def f():\n    """\ndef f():\n    """\n    return 1' },
  { lang: 'yaml', text: 'a: |\n  key: value\nkey: value\nb: >\n  key: value' },
  { lang: 'css', text: '.a { color: red }\n@media (x) {\n.a { color: red }\n}\n/*\n.a { color: red }\n*/' },
  { lang: 'diff', text: '- a\n+ a\n  a' },
  // Raw strings differ in their end pattern alone (the same rule and scopes): `"#;` ends one and not the other.
  { lang: 'rust', text: 'let a = r##"\n"#;\nlet x = 1;\n"##;' },
  { lang: 'rust', text: 'let b = r#"\n"#;\nlet x = 1;' },
];

describe('the line cache', () => {
  it('gives every block the runs it has with no cache, whatever the blocks before it', async () => {
    const blocks = [...TRICKY, ...siteBlocks()];
    expect(blocks.length).toBeGreaterThan(60);
    const fresh = new CodeHighlighter({ lineCacheChars: 0 });
    const expected = await fresh.highlight(blocks);
    // Each order and a second pass serve lines from the cache in other blocks' company.
    const cached = new CodeHighlighter();
    expect(await cached.highlight(blocks)).toEqual(expected);
    expect((await cached.highlight([...blocks].reverse())).reverse()).toEqual(expected);
    // A cache too small for a block forgets as it goes and still gives the same runs.
    const small = new CodeHighlighter({ lineCacheChars: 300 });
    expect(await small.highlight(blocks)).toEqual(expected);
  }, 60_000);

  it('tokenizes a line once per grammar state, and forgets the lines not met again past its limit', () => {
    const grammar = {} as IGrammar;
    const made: string[] = [];
    const state = (ruleId: number, endRule: string | null = null) => ({ parent: null, ruleId, beginRuleCapturedEOL: false, endRule, nameScopesList: null, contentNameScopesList: null }) as unknown as StateStack;
    const tokenize = (text: string, end: StateStack) => (): TokenizedLine => {
      made.push(text);
      return { runs: [[text, 'd1 l1']], end };
    };
    const cache = new LineCache(200);
    const a = state(1);
    const line = (text: string, from: StateStack | null) => cache.line(grammar, text, from, tokenize(text, a));
    expect(line('x', null).runs).toEqual([['x', 'd1 l1']]);
    expect(line('x', a).runs).toEqual([['x', 'd1 l1']]);
    // The same line after an equal state (another object), then after states that differ in one field.
    expect(line('x', state(1)).end).toBe(a);
    line('x', state(2));
    line('x', state(1, 'end'));
    line('x', null);
    expect(made).toEqual(['x', 'x', 'x', 'x']);
    // Another grammar keeps its own lines, and continues from its own states, not from equal ones of the first.
    const other = {} as IGrammar;
    const b = state(1);
    expect(cache.line(other, 'x', a, tokenize('x', b)).end).toBe(b);
    expect(cache.line(other, 'x', state(1), tokenize('x', state(1))).end).toBe(b);
    expect(made).toEqual(['x', 'x', 'x', 'x', 'x']);
    // Past 200 characters of keys and runs the older half is dropped at once: the first lines are tokenized again.
    for (let i = 0; i < 20; i++) line(`line ${i}`, a);
    made.length = 0;
    line('line 19', a);
    line('x', null);
    expect(made).toEqual(['x']);

    // A line met again while its half is the older one lives on when that half is dropped. Each line below is 15
    // characters of key and runs, "kept" 12: with a limit of 130, a half is full at the fourth line after "kept".
    const fresh = new LineCache(130);
    const seen = (text: string) => fresh.line(grammar, text, a, tokenize(text, a));
    seen('kept');
    for (let i = 10; i < 14; i++) seen(`line ${i}`);
    seen('kept');
    for (let i = 14; i < 18; i++) seen(`line ${i}`);
    made.length = 0;
    seen('kept');
    seen('line 10');
    expect(made).toEqual(['line 10']);
  });

  it('packs runs into their classes and lengths, and back from the line', () => {
    const classes = new ClassNumbers();
    const runs: LineRuns = [['const ', 'd1 l1'], ['\u0000x😀', ''], ['é'.repeat(300), 'd2 l2 di'], ['y', 'd1 l1']];
    const line = runs.map(([text]) => text).join('');
    const packed = packRuns(runs, line, classes)!;
    expect(packed).toHaveLength(8);
    expect(unpackRuns(`ab${packed}`, 2, line, classes)).toEqual(runs);
    expect(unpackRuns('', 0, '', classes)).toEqual([]);
    // Runs that are not the line's text in order are not packed.
    expect(packRuns(runs, `${line}z`, classes)).toBeUndefined();
    expect(packRuns([...runs].reverse(), line, classes)).toBeUndefined();
    expect(packRuns([['x'.repeat(0x10000), '']], 'x'.repeat(0x10000), classes)).toBeUndefined();
  });
});
