import { describe, expect, it } from 'vitest';
import { CodeHighlighter } from '../../src/generator/highlight/highlight-code.js';
import { MarkdownRenderer, type MarkdownOptions } from '../../src/generator/markdown/render-markdown.js';

const source = 'Some *text* with a [link](/tutorial/x/).\n\n```nosuchlang\ncode\n```\n';
const opts = { file: 'content/tutorials/a.md', bodyLine: 4, allowRawHtml: false };
const fresh = (src: string, o: MarkdownOptions) => new MarkdownRenderer(new CodeHighlighter().highlight).render(src, o);

describe('bodies rendered ahead (a worker idle while the main thread loads)', () => {
  it('are handed over once, to a render of the same source and options, and are what that render would give', async () => {
    const r = new MarkdownRenderer(new CodeHighlighter().highlight);
    await r.renderAhead(source, opts);
    const first = await r.render(source, opts);
    expect(r.earlyUsed).toBe(1);
    expect(first).toEqual(await fresh(source, opts));
    // Taken once: the next render of the same body renders it again.
    const second = await r.render(source, opts);
    expect(r.earlyUsed).toBe(1);
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it('are not used when the body or its options changed in between', async () => {
    const r = new MarkdownRenderer(new CodeHighlighter().highlight);
    await r.renderAhead(source, opts);
    const edited = source.replace('text', 'words');
    expect(await r.render(edited, opts)).toEqual(await fresh(edited, opts));
    await r.renderAhead(source, opts);
    // Another front matter length moves every line the warnings name.
    const moved = await r.render(source, { ...opts, bodyLine: 9 });
    expect(moved).toEqual(await fresh(source, { ...opts, bodyLine: 9 }));
    expect(moved.warnings.map((w) => w.line)).not.toEqual((await fresh(source, opts)).warnings.map((w) => w.line));
    await r.renderAhead(source, opts);
    expect(await r.render(source, { ...opts, allowRawHtml: true })).toEqual(await fresh(source, { ...opts, allowRawHtml: true }));
    // An image whose file changed size since (its size is read where the body is read, see content/image-sizes.ts).
    const pictured = `${source}\n![a chart](/images/chart.png)\n`;
    await r.renderAhead(pictured, { ...opts, imageSizes: { '/images/chart.png': [400, 300] } });
    const resized = { ...opts, imageSizes: { '/images/chart.png': [800, 600] as const } };
    expect(await r.render(pictured, resized)).toEqual(await fresh(pictured, resized));
    expect(r.earlyUsed).toBe(0);
  });
});
