import { describe, expect, it } from 'vitest';
import { fenceMetaProblems } from '../../src/generator/markdown/fence-meta.js';
import { codeOfLines } from '../../src/site/widgets/copy-text.js';

describe('fence meta mistakes', () => {
  it('finds none in well-formed metas, titles with slashes and quotes-free captions included', () => {
    for (const meta of ['', 'title="src/App.jsx"', 'caption="A counter, twice."', '{1,3-4}', '{1} /useState/ /count/2-3', 'showLineNumbers', 'showLineNumbers{12}', '"word" /a b/', 'fragment', 'title="a" caption="b" {2} showLineNumbers{3}'])
      expect(fenceMetaProblems(meta, 4), meta).toEqual([]);
  });

  it('names each mistake: a range from 0, backwards, past the end; an unclosed word, title or caption', () => {
    const messages = (meta: string) => fenceMetaProblems(meta, 4).map((p) => p.message);
    expect(messages('{0}')).toEqual(['line range {0} starts at 0']);
    expect(messages('{4-2}')).toEqual(['line range {4-2} runs backwards']);
    expect(messages('{2,5-6}')).toEqual(['line range {5-6} goes past the last line (the block has 4)']);
    expect(messages('/useState')).toEqual(['/useState is not closed']);
    expect(messages('"count')).toEqual(['"count is not closed']);
    expect(messages('title="App.jsx')).toEqual(['title=" is not closed']);
    expect(messages('caption="Hi {1}')).toEqual(['caption=" is not closed']);
  });
});

describe('what Copy copies', () => {
  it('leaves out removed diff lines and the space that keeps an empty line visible', () => {
    expect(codeOfLines([{ text: 'a()', removed: false }, { text: ' ', removed: false }, { text: 'old()', removed: true }, { text: 'new()', removed: false }])).toBe('a()\n\nnew()');
  });
});
