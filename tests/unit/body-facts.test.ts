import GithubSlugger from 'github-slugger';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { CodeHighlighter } from '../../src/generator/highlight/highlight-code.js';
import { countWords } from '../../src/generator/markdown/body-facts.js';
import { headingId, MarkdownRenderer } from '../../src/generator/markdown/render-markdown.js';
import { isLayoutId } from '../../src/site/document/layout-ids.js';

const renderer = new MarkdownRenderer(new CodeHighlighter().highlight);
const render = (source: string, allowRawHtml = false) => renderer.render(source, { file: 'content/tutorials/t.md', bodyLine: 5, allowRawHtml });
const headingIds = (html: string) => [...html.matchAll(/<h[2-6] id="([^"]*)"/g)].map((m) => m[1]);

describe('heading ids', () => {
  it('keep clear of the ids of the page layout, and are never empty', async () => {
    const md = ['## Main', '## Sidebar', '## External Links', '## Footnote label', '## Main', '## 🎉', '## ???', '## Section', '## Side cat React', '## User content fn 1', '## Plain words', 'Text.[^a]', '', '[^a]: A note.'].join('\n\n');
    const html = toHtml((await render(md)).hast);
    const ids = headingIds(html);
    expect(ids).toEqual(['main-1', 'sidebar-1', 'external-links-1', 'footnote-label-1', 'main-2', 'section', 'section-1', 'section-2', 'section-side-cat-react', 'section-user-content-fn-1', 'plain-words']);
    // Every id on the body is unique, the footnotes' own included.
    const all = [...html.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]);
    expect(all).toContain('footnote-label');
    expect(new Set(all).size).toBe(all.length);
  });

  it('are GitHub slugs otherwise, unique within a body', () => {
    const slugger = new GithubSlugger();
    expect(['Hello World', 'Hello World', '1. First step', '<App /> & more', 'main'].map((t) => headingId(slugger, t))).toEqual(['hello-world', 'hello-world-1', '1-first-step', 'app---more', 'main-1']);
    expect(['main', 'sidebar', 'footnote-label', 'side-cat-x', 'user-content-fn-1'].every(isLayoutId)).toBe(true);
    expect(isLayoutId('main-1')).toBe(false);
  });
});

describe('code languages', () => {
  it('are read in any case, as on GitHub: ```JSX and {:TSX} highlight as jsx and tsx, without a warning', async () => {
    const code = 'const a = <div className="x">{1}</div>;';
    const upper = await render(`\`\`\`JSX\n${code}\n\`\`\`\n\nInline \`let b = 1{:TSX}\`.`);
    const lower = await render(`\`\`\`jsx\n${code}\n\`\`\`\n\nInline \`let b = 1{:tsx}\`.`);
    expect(upper.warnings).toEqual([]);
    expect(toHtml(upper.hast)).toBe(toHtml(lower.hast));
    expect(toHtml(upper.hast)).toContain('data-language="jsx"');
    expect(upper.code.map((c) => c.lang)).toEqual(['jsx']);
  });

  it('unknown in any case are plain text with a warning naming the language as written', async () => {
    const r = await render('```Nosuchlang\nx\n```');
    expect(r.warnings.map((w) => w.message)).toEqual(['unknown code language "Nosuchlang", shown as plain text']);
    expect(toHtml(r.hast)).toContain('data-language="plaintext"');
  });
});

describe('links of a body, for the problems that point at them', () => {
  it('records reference links where they are used, with the URL of their definition (written before or after)', async () => {
    const md = ['Intro.', '', 'Read [this][r] and ![pic][p].', '', '[r]: /tutorial/x/', '', 'Then [that][late].', '', '[p]: /images/a.png', '[late]: /tutorial/y/#z'].join('\n');
    const links = (await render(md)).links;
    expect(links).toEqual(expect.arrayContaining([{ href: '/tutorial/x/', line: 7 }, { href: '/images/a.png', line: 7 }, { href: '/tutorial/y/#z', line: 11 }]));
    expect(links).toHaveLength(3);
  });

  it('records links and level-1 headings of raw HTML at their lines, when the site allows raw HTML', async () => {
    const md = ['Text.', '', '<div>', '<a href="/tutorial/x/?a=1&amp;b=2">x</a>', '<!-- <h1>old</h1> <a href="/gone/">gone</a> -->', "<img src='/images/b.png' alt=\"\">", '<h1>Title</h1>', '</div>'].join('\n');
    const r = await render(md, true);
    expect(r.links).toEqual([{ href: '/tutorial/x/?a=1&b=2', line: 8 }, { href: '/images/b.png', line: 10 }]);
    expect(r.warnings.map((w) => [w.line, w.field])).toEqual([[11, 'heading']]);
    // Shown as text when it does not: no links, no heading.
    const text = await render(md, false);
    expect(text.links).toEqual([]);
    expect(text.warnings).toEqual([]);
  });
});

describe('word counts', () => {
  it('count what the word pattern matches, in every script, on 20,000 random texts', () => {
    const pattern = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
    const pieces = ['a', 'Z', '9', ' ', '  ', "'", '’', '-', '--', '_', '.', ',', 'é', 'e\u0301', 'ß', 'Ω', 'ж', 'ع', '中文', '٣', '½', '😀', '𝒜', '\ud800', '\udc00', '\n', '\t', '\u00a0', '`', 'x-y', "don't", 'l’été', '–', '—'];
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let i = 0; i < 20000; i++) {
      const text = Array.from({ length: Math.floor(next() * 12) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
      expect(countWords(text), JSON.stringify(text)).toBe(pattern(text));
    }
    expect(countWords("Don't re-render the 2 lists: 中文 𝒜x")).toBe(7);
  });
});
