import { createHighlighter } from 'shiki';
import { describe, expect, it } from 'vitest';
import { codePaletteCss } from '../../src/generator/highlight/code-palette.js';
import { CODE_THEMES } from '../../src/generator/highlight/code-themes.js';
import { MarkdownRenderer } from '../../src/generator/markdown/render-markdown.js';
import { CodeHighlighter } from '../../src/generator/highlight/highlight-code.js';
import type { Element } from 'hast';

const markdown = new MarkdownRenderer(new CodeHighlighter().highlight);
/** Renders a body with one Markdown renderer for the whole file. */
const renderMarkdown = (source: string, opts: { file: string; bodyLine: number; allowRawHtml: boolean }) => markdown.render(source, opts);

type Style = { color: string; italic: boolean; bold: boolean };

/** Class -> colour per theme, and the two default colours, read back from the stylesheet users get. */
function paletteFromCss(css: string) {
  const themes = { light: { fg: '', classes: new Map<string, string>() }, dark: { fg: '', classes: new Map<string, string>() } };
  for (const m of css.matchAll(/^(html\.dark )?code\[data-theme\]( \.([dl]\d+))?\{color:(#[0-9a-fA-F]+)\}$/gm)) {
    const t = m[1] ? themes.dark : themes.light;
    if (!m[2]) t.fg = m[4]!.toLowerCase();
    else t.classes.set(m[3]!, m[4]!.toLowerCase());
  }
  return themes;
}

/** Per-character style of our HTML for one theme, from the classes and the stylesheet. */
function ourStyles(html: string, theme: 'dark' | 'light', palette: ReturnType<typeof paletteFromCss>): Style[] {
  const p = palette[theme];
  const prefix = theme[0]!;
  const out: Style[] = [];
  const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  for (const line of html.split('\n')) {
    const inner = line.replace(/^<span data-line="">/, '').replace(/<\/span>$/, '');
    for (const m of inner.matchAll(/<span class="([^"]*)">([^<]*)<\/span>|([^<]+)/g)) {
      const classes = (m[1] ?? '').split(' ').filter((c) => c.startsWith(prefix));
      const color = classes.map((c) => p.classes.get(c)).find(Boolean) ?? p.fg;
      const text = unescape((m[2] ?? m[3])!);
      for (const ch of text) if (!/\s/.test(ch)) out.push({ color, italic: classes.includes(`${prefix}i`), bold: classes.includes(`${prefix}b`) });
    }
  }
  return out;
}

const SAMPLES: [string, string][] = [
  ['jsx', 'import { useState } from "react";\n\nexport default function Counter({ step = 1 }) {\n  const [n, setN] = useState(0); // state\n  return <button className="b" onClick={() => setN(n + step)}>Clicked {n} times</button>;\n}'],
  ['tsx', 'type Props = { items: readonly string[] };\nexport function List({ items }: Props) {\n  return <ul>{items.map((i) => <li key={i}>{i}</li>)}</ul>;\n}'],
  ['css', '.card:hover { color: #333; margin: 0 auto !important; }\n@media (min-width: 40em) { .card { display: grid } }'],
  ['bash', 'npm create vite@latest my-app -- --template react\ncd my-app && npm install # deps\necho "$HOME"'],
  ['html', '<!doctype html>\n<div id="root" class="a"><script>const x = 1 < 2;</script></div>'],
  ['json', '{ "name": "demo", "private": true, "version": 1.5, "tags": ["a", null] }'],
];

describe('code highlighting', () => {
  it('gives every character the colour and font style Shiki gives it, in both themes', async () => {
    const shiki = await createHighlighter({ themes: [CODE_THEMES.dark, CODE_THEMES.light], langs: SAMPLES.map(([l]) => l) });
    const palette = paletteFromCss(codePaletteCss());
    expect(palette.dark.classes.size).toBeGreaterThan(5);
    expect(palette.light.classes.size).toBeGreaterThan(5);
    for (const [lang, code] of SAMPLES) {
      const md = await renderMarkdown(`\`\`\`${lang}\n${code}\n\`\`\`\n`, { file: 'x.md', bodyLine: 1, allowRawHtml: false });
      const codeEl = ((md.hast.children[0] as Element).children[0] as Element).children[0] as Element;
      const html = (codeEl.data as unknown as { html: string }).html;
      expect(html.split('\n')).toHaveLength(code.split('\n').length);
      for (const theme of ['dark', 'light'] as const) {
        // No time limit: Shiki's default (500 ms a line, grammar compiling included) cut the reference's first html
        // line short on a loaded machine, the rest of the line left in the default colour.
        const tokens = shiki.codeToTokensBase(code, { lang: lang as never, theme: CODE_THEMES[theme], tokenizeTimeLimit: 0 });
        const expected: Style[] = [];
        for (const line of tokens)
          for (const t of line)
            for (const ch of t.content) if (!/\s/.test(ch)) expected.push({ color: t.color!.toLowerCase(), italic: !!((t.fontStyle ?? 0) & 1), bold: !!((t.fontStyle ?? 0) & 2) });
        expect(ourStyles(html, theme, palette), `${lang} in ${theme}`).toEqual(expected);
      }
    }
  });

  it('escapes code text and keeps empty lines one space high', async () => {
    const md = await renderMarkdown('```jsx\nconst a = "</script><b>&amp;";\n\nx\n```\n', { file: 'x.md', bodyLine: 1, allowRawHtml: false });
    const codeEl = ((md.hast.children[0] as Element).children[0] as Element).children[0] as Element;
    const html = (codeEl.data as unknown as { html: string }).html;
    expect(html).not.toContain('</script>');
    expect(html).toContain('&quot;&lt;/script&gt;&lt;b&gt;&amp;amp;&quot;');
    expect(html.split('\n')[1]).toBe('<span data-line=""> </span>');
  });

  it('labels an unknown language as plain text', async () => {
    const md = await renderMarkdown('```nosuchlang\na <b> c\n```\n', { file: 'x.md', bodyLine: 1, allowRawHtml: false });
    const pre = (md.hast.children[0] as Element).children[0] as Element;
    expect(pre.properties['dataLanguage'] ?? pre.properties['data-language']).toBe('plaintext');
    expect(((pre.children[0] as Element).data as unknown as { html: string }).html).toBe('<span data-line="">a &lt;b&gt; c</span>');
  });

  it("highlights a fence without a language as JSX (the spec's default) and leaves it out of the samples `check` parses", async () => {
    const bare = await renderMarkdown('```\nconst a = <p />;\n```\n', { file: 'x.md', bodyLine: 1, allowRawHtml: false });
    const jsx = await renderMarkdown('```jsx\nconst a = <p />;\n```\n', { file: 'x.md', bodyLine: 1, allowRawHtml: false });
    const pre = (bare.hast.children[0] as Element).children[0] as Element;
    expect(pre.properties['dataLanguage'] ?? pre.properties['data-language']).toBe('jsx');
    const html = (r: typeof bare) => (((r.hast.children[0] as Element).children[0] as Element).children[0] as Element).data as unknown as { html: string };
    expect(html(bare).html).toMatch(/^<span data-line=""><span class="/);
    expect(html(bare).html).toBe(html(jsx).html);
    expect(bare.code.map((c) => c.lang)).toEqual(['']);
  });

  it('highlights a block the same whatever other languages its thread loaded before (injections stay in their own)', async () => {
    // Vue's grammars inject into Markdown's, ts-tags' into JavaScript's, nix's into Markdown's.
    const blocks = [
      { lang: 'markdown', text: '- **bold** and `code`\n- <p>HTML elements</p>\n- {{ count }} and <div v-if="x" :a="b">y</div>' },
      { lang: 'js', text: 'const c = css`a { color: red }`;\nconst h = html`<p>${x}</p>`;' },
      { lang: 'pug', text: 'div(v-if="x" :a="b") {{ y }}' },
    ];
    const alone = await Promise.all(blocks.map(async (b) => (await new CodeHighlighter().highlight([b]))[0]));
    const h = new CodeHighlighter();
    await h.highlight([{ lang: 'vue', text: '<template><p v-if="a">{{ b }}</p></template>' }, { lang: 'ts-tags', text: 'css`a{}`' }, { lang: 'nix', text: '{ a = 1; }' }]);
    expect(await h.highlight(blocks)).toEqual(alone);
  });
});

/** rehype-pretty-code's own parser (rehype-parse, as a fragment), a tree without positions, and the site's code blocks. */
async function parseKit() {
  const { default: rehypeParse } = await import('rehype-parse');
  const { unified } = await import('unified');
  const { fencedCode } = await import('../../src/generator/highlight/fenced-code.js');
  const fg = (await import('fast-glob')).default;
  const fs = await import('node:fs');
  return {
    unified,
    parser: unified().use(rehypeParse, { fragment: true }),
    noPositions: (tree: unknown) => JSON.parse(JSON.stringify(tree, (k, v) => (k === 'position' ? undefined : v))),
    siteBlocks: () => fg.sync('content/**/*.md').flatMap((f) => fencedCode(fs.readFileSync(f, 'utf8'))),
  };
}

describe("rehype-pretty-code's parse of the highlighter's HTML", () => {
  it('gives exactly the tree the highlighter hands over, for every block of the site', async () => {
    const { plainHtml, plainTree } = await import('../../src/generator/highlight/pretty-code-highlighter.js');
    const { parser, noPositions, siteBlocks } = await parseKit();
    const blocks = siteBlocks();
    blocks.push({ lang: 'html', text: '<a href="x">&amp; "q" <b>\n\n  </b>' }, { lang: 'plaintext', text: '' });
    const runs = await new CodeHighlighter().highlight(blocks);
    expect(runs.length).toBeGreaterThan(150);
    for (const [i, r] of runs.entries()) expect(plainTree(r), blocks[i]!.text.slice(0, 80)).toEqual(noPositions(parser.parse(plainHtml(r))));
  });

  it("gives exactly the tree handed over for blocks with Shiki's diff notation, and parses none of them", async () => {
    const { prettyCodeHighlighter, RunTable } = await import('../../src/generator/highlight/pretty-code-highlighter.js');
    const { default: rehypeParseHandedOver } = await import('../../src/generator/highlight/pretty-code-parse.js');
    const { loadDiffNotation } = await import('../../src/generator/highlight/diff-notation.js');
    const { unified, parser, noPositions, siteBlocks } = await parseKit();
    // As the code step does before rehype-pretty-code runs on a block with a notation.
    await loadDiffNotation();
    // Parses as rehype-pretty-code does in the CLI bundle: handed-over HTML is answered with its tree.
    const handedOver = unified().use(rehypeParseHandedOver, { fragment: true }).freeze();
    const blocks = siteBlocks().filter((b) => b.text.includes('[!code'));
    blocks.push(
      { lang: 'jsx', text: 'const a = "<b>&</b>"; // [!code --]\n\n  const b = 2; // [!code ++]\n// [!code ++]\nlast();' },
      // The notation split over two tokens: Shiki leaves an empty text, which parsing drops.
      { lang: 'sql', text: 'foo(); // [!code ++] note\nbar();' },
      // A lone CR, which parsing turns into a line feed: this block is parsed, not handed over.
      { lang: 'js', text: 'a\rb; // [!code ++]\nc' },
    );
    expect(blocks.length).toBeGreaterThan(20);
    const table = new RunTable();
    const runs = await new CodeHighlighter().highlight(blocks);
    blocks.forEach((b, i) => table.hold(b, runs[i]!));
    const highlighter = await prettyCodeHighlighter();
    for (const b of blocks) {
      const html = highlighter.codeToHtml(b.text, { lang: b.lang, meta: {}, transformers: [table.transformer()] } as never);
      expect(html).toContain('diff');
      const tree = handedOver.parse(html);
      expect(tree.position === undefined, `${b.text.slice(0, 40)} handed over`).toBe(!b.text.includes('\r'));
      expect(noPositions(tree), b.text.slice(0, 80)).toEqual(noPositions(parser.parse(html)));
    }
  });
});
