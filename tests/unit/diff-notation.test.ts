/**
 * Shiki's diff notation is loaded before rehype-pretty-code needs it, on a thread that has not loaded it yet (this
 * file's modules are its own): for a block's notation, and for one in code that raw HTML nests inside a block.
 */
import { describe, expect, it } from 'vitest';
import { CodeHighlighter } from '../../src/generator/highlight/highlight-code.js';
import { MarkdownRenderer } from '../../src/generator/markdown/render-markdown.js';

describe('the diff notation on a thread that has not loaded it', () => {
  it('is loaded for code that raw HTML nests in a block', async () => {
    const md = new MarkdownRenderer(new CodeHighlighter().highlight);
    const source = 'Raw HTML:\n\n<pre><code>abc</code><span><code>x // [!code ++]{:js}<!--c--></code></span></pre>\n';
    const { hast } = await md.render(source, { file: 'nested.md', bodyLine: 1, allowRawHtml: true });
    // A finished block's lines are one HTML string on its code element's data (see code-blocks.ts).
    const html = JSON.stringify(hast);
    expect(html).toContain('abc');
    expect(html).toContain('Raw HTML:');
  });

  it('is loaded for a block with a notation', async () => {
    const md = new MarkdownRenderer(new CodeHighlighter().highlight);
    const { hast } = await md.render('```js\nconst a = 1; // [!code ++]\n```\n', { file: 'block.md', bodyLine: 1, allowRawHtml: false });
    const html = JSON.stringify(hast);
    expect(html).toContain('diff add');
    expect(html).not.toContain('[!code ++]');
  });
});
