/** Terminal output (```ansi): runs without escape sequences, coloured by the palette's terminal classes. */
import { describe, expect, it } from 'vitest';
import { ansiRuns } from '../../src/generator/highlight/ansi-runs.js';
import { codePaletteCss, terminalCss } from '../../src/generator/highlight/code-palette.js';
import { contrast, readableOn } from '../../src/generator/highlight/readable-color.js';
import { CodeHighlighter } from '../../src/generator/highlight/highlight-code.js';
import { MarkdownRenderer } from '../../src/generator/markdown/render-markdown.js';

const E = '\x1b[';

describe('terminal output', () => {
  it('is runs of its text, each colour, background, dim and font style a class, line for line', () => {
    const text = `${E}32mgreen${E}0m plain ${E}1;31mbold red${E}0m\r\n\n${E}2mdim${E}0m ${E}7mreversed${E}0m ${E}38;5;208morange${E}0m ${E}38;2;10;10;240mblue${E}0m ${E}44;97mwhite on blue${E}0m ${E}3;4mslanted${E}0m\nlast`;
    expect(ansiRuns(text)).toEqual([
      [['green', 'a-green'], [' plain ', ''], ['bold red', 'a-red lb db']],
      [],
      [['dim', 'adim'], [' ', ''], ['reversed', 'a-bg ab-fg'], [' ', ''], ['orange', 'a-yellow'], [' ', ''], ['blue', 'a-blue'], [' ', ''], ['white on blue', 'a-bright-white ab-blue'], [' ', ''], ['slanted', 'li di lu du']],
      [['last', '']],
    ]);
    expect(ansiRuns('no escapes\nat all')).toEqual([[['no escapes', '']], [['at all', '']]]);
  });

  it("has each theme's sixteen terminal colours in a stylesheet of its own, not in the shared palette", () => {
    const css = terminalCss();
    expect(codePaletteCss()).not.toContain('.a-');
    // github-light-default's green, then github-dark-default's, as text and as background.
    expect(css).toContain('code[data-theme] .a-green{color:#116329}');
    expect(css).toContain('html.dark code[data-theme] .a-green{color:#3fb950}');
    expect(css).toContain('html.dark code[data-theme] .ab-bright-blue{background-color:#79c0ff}');
    expect(css.match(/ \.a-[a-z-]+\{color:/g)?.length).toBe(2 * 17);
  });

  it('is readable in both themes: every terminal colour and dim text at 4.5:1 or more on the code background', () => {
    const rules = [...terminalCss().matchAll(/(html\.dark )?code\[data-theme\] \.(a-(?!bg)[a-z-]+|adim)\{color:(#[0-9a-f]{6})\}/g)];
    expect(rules.length).toBe(2 * 17);
    for (const [, dark, cls, color] of rules) expect(contrast(color!, dark ? '#0d1117' : '#ffffff'), `${dark ?? ''}${cls}`).toBeGreaterThanOrEqual(4.5);
    // The themes' own colours where they are readable (green), moved where they are not (light bright blue, dark black).
    expect(terminalCss()).toContain('code[data-theme] .a-green{color:#116329}');
    expect(readableOn('#218bff', '#ffffff')).not.toBe('#218bff');
    expect(readableOn('#484f58', '#0d1117')).not.toBe('#484f58');
  });

  it('is a known language of fences: no warning, no escape left in the tree', async () => {
    const r = await new MarkdownRenderer(new CodeHighlighter().highlight).render(`\`\`\`ansi\n${E}31mfailed${E}0m\n\`\`\`\n`, { file: 'content/tutorials/a.md', bodyLine: 1, allowRawHtml: false });
    expect(r.warnings).toEqual([]);
    const json = JSON.stringify(r.hast);
    expect(json).toMatch(/class=\\"a-red\\"/);
    expect(json).not.toContain('\\u001b');
  });
});
