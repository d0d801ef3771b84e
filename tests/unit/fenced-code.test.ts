import fs from 'node:fs';
import fg from 'fast-glob';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { CodeHighlighter, type CodeBlock } from '../../src/generator/highlight/highlight-code.js';
import { fencedCode, highlightedCode } from '../../src/generator/highlight/fenced-code.js';
import { MarkdownRenderer } from '../../src/generator/markdown/render-markdown.js';

const key = (b: CodeBlock) => `${b.lang}\0${b.text}`;

describe('fenced code forecast', () => {
  it('forecasts exactly the blocks the Markdown stage highlights, for every body of the site', async () => {
    const asked: CodeBlock[] = [];
    const highlighter = new CodeHighlighter();
    const markdown = new MarkdownRenderer((blocks) => (asked.push(...blocks), highlighter.highlight(blocks)));
    const forecast: CodeBlock[] = [];
    for (const file of fg.sync('content/tutorials/*.md')) {
      const { content } = matter(fs.readFileSync(file, 'utf8'));
      forecast.push(...highlightedCode(content));
      await markdown.render(content, { file, bodyLine: 1, allowRawHtml: false });
    }
    expect(asked.length).toBeGreaterThan(150);
    // Languages the stage maps to plain text are forecast as written; only those may differ.
    const real = new Set(asked.map(key));
    const missed = forecast.filter((b) => !real.has(key(b)));
    expect(missed.every((b) => asked.some((a) => a.lang === 'plaintext' && a.text === b.text)), JSON.stringify(missed.slice(0, 2))).toBe(true);
    expect(forecast).toHaveLength(asked.length);
  });

  it('follows CommonMark fences: tildes, longer closers, indentation, info strings; an unclosed fence (to the end) is not forecast', () => {
    const md = ['Text', '', '  ```JSX title="a"', '  const a = 1;', '    b();', '  ```', '', '~~~~', '```', 'inside', '~~~~~', '', '``` js `x`', 'not a fence', '```', '', '```css', 'unclosed'].join('\n');
    expect(fencedCode(md)).toEqual([
      { lang: 'jsx', text: 'const a = 1;\n  b();' },
      { lang: 'jsx', text: '```\ninside' },
    ]);
  });
});
