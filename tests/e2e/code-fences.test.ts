/**
 * rehype-pretty-code's fence syntax through the real build, read in Chromium: titles and captions, highlighted
 * lines and words, line numbers, the diff notation, inline code with a language, what Copy copies, and what
 * shows with JavaScript off. Bad fence meta is a warning naming the file and line, and the block still renders.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { makeProject, REPO } from '../helpers/project.js';
import { serveOut, type TestServer } from '../helpers/server.js';

const FEATURES = fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'fence-features.md'), 'utf8');
const PAGE = '/tutorial/react-alpha/';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  const root = makeProject({ 'content/tutorials/alpha.md': FEATURES });
  const built = await runCli(['build', '--root', root]);
  if (built.code !== 0) throw new Error(built.output);
  [browser, server] = await Promise.all([launchBrowser(), serveOut(path.join(root, 'out'))]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the features page (with or without JavaScript); the figure with the heading `id` above it is `block(id)`. */
async function open(javaScriptEnabled = true): Promise<{ page: Page; block: (id: string) => ReturnType<Page['locator']>; close: () => Promise<void> }> {
  const ctx = await browser.newContext({ javaScriptEnabled });
  const page = await ctx.newPage();
  await page.goto(server.origin + PAGE);
  return { page, block: (id) => page.locator(`h2#${id} + figure`), close: () => ctx.close() };
}

describe('code fences (rehype-pretty-code)', () => {
  it('puts title="…" above the code and caption="…" below it', async () => {
    const { block, close } = await open();
    const figure = block('titles-and-captions');
    expect(await figure.getAttribute('data-rehype-pretty-code-figure')).toBe('');
    expect(await figure.locator('> [data-rehype-pretty-code-title]').textContent()).toBe('Counter.jsx');
    expect(await figure.locator('> figcaption[data-rehype-pretty-code-caption]').textContent()).toBe('A counter that remembers its count.');
    const order = await figure.evaluate((f) => [...f.children].map((c) => (c.hasAttribute('data-rehype-pretty-code-title') ? 'title' : c.tagName === 'PRE' ? 'pre' : c.tagName === 'FIGCAPTION' ? 'caption' : 'head')));
    expect(order).toEqual(['title', 'head', 'pre', 'caption']);
    await close();
  });

  it('marks the lines of {1,4-5} and the words /useState/ and occurrences 2-3 of /count/', async () => {
    const { block, close } = await open();
    const lines = block('highlighted-lines-and-words').locator('pre code > [data-line]');
    const marked = await lines.evaluateAll((ls) => ls.flatMap((l, i) => (l.hasAttribute('data-highlighted-line') ? [i + 1] : [])));
    expect(marked).toEqual([1, 4, 5]);
    const words = await block('highlighted-lines-and-words').locator('[data-highlighted-chars]').allTextContents();
    expect(words).toEqual(['useState', 'useState', 'count', 'count']);
    // The second and third "count" are those of line 5; the first (line 4) is not marked.
    expect(await lines.nth(3).locator('[data-highlighted-chars]').allTextContents()).toEqual(['useState']);
    await close();
  });

  it('numbers lines from 12 with showLineNumbers{12}', async () => {
    const { block, close } = await open();
    const code = block('line-numbers').locator('pre code');
    expect(await code.getAttribute('data-line-numbers')).toBe('');
    expect(await code.evaluate((c) => getComputedStyle(c).counterSet)).toBe('line 11');
    expect(await code.locator('> [data-line]').first().evaluate((l) => getComputedStyle(l, '::before').content)).toBe('counter(line)');
    await close();
  });

  it('shows added and removed lines of // [!code ++] / [!code --], without the notation comments', async () => {
    const { block, close } = await open();
    const lines = block('a-diff').locator('pre code > [data-line]');
    expect(await lines.evaluateAll((ls) => ls.map((l) => l.className))).toEqual(['', 'diff remove', 'diff add', '']);
    expect(await block('a-diff').textContent()).not.toContain('[!code');
    await close();
  });

  it('highlights inline code with a language, `useState(0){:jsx}`, and leaves other inline code alone', async () => {
    const { page, close } = await open();
    const inline = page.locator('.prose p span[data-rehype-pretty-code-figure] > code[data-language="jsx"]');
    expect(await inline.textContent()).toBe('useState(0)');
    expect(await inline.locator('span[class]').count()).toBeGreaterThan(0);
    expect(await page.locator('.prose p > code').allTextContents()).toContain('npm test');
    await close();
  });

  it('copies the code alone: no removed lines, no notation, no line numbers, no $ prompts', async () => {
    const { page, block, close } = await open();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    const copied = async (id: string, which = 0) => {
      const figure = id ? block(id) : page.locator('figure.code-block').nth(which);
      await figure.locator('.copy-btn').click();
      await expect.poll(() => figure.locator('.copy-btn').textContent()).toContain('Copied!');
      return page.evaluate(() => navigator.clipboard.readText());
    };
    expect(await copied('a-diff')).toBe('function Greeting({ name }) {\n  return <p>Hello, {name}!</p>;\n}');
    expect(await copied('line-numbers')).toBe('const a = 1;\nconst b = 2;');
    expect(await copied('titles-and-captions')).toBe(FEATURES.split('```jsx title="Counter.jsx" caption="A counter that remembers its count."\n')[1]!.split('\n```')[0]);
    expect(await copied('', 4)).toBe('npm install react');
    await close();
  });

  it('shows terminal output (```ansi) in each theme\'s terminal colours, without its escape sequences', async () => {
    const { page, block, close } = await open();
    const figure = block('terminal-output');
    expect(await figure.locator('.code-lang').textContent()).toBe('terminal');
    expect(await figure.locator('pre code').textContent()).toBe('✓ built 52 pages in 1.20 s\nwarning content/tutorials/alpha.md:9');
    const colorOf = (text: string) => figure.locator('pre code span', { hasText: text }).last().evaluate((s) => getComputedStyle(s).color);
    const weightOf = (text: string) => figure.locator('pre code span', { hasText: text }).last().evaluate((s) => getComputedStyle(s).fontWeight);
    // github-dark-default's and github-light-default's terminal green and yellow; bold stays bold in both.
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    expect([await colorOf('✓'), await colorOf('warning'), await weightOf('52 pages')]).toEqual(['rgb(63, 185, 80)', 'rgb(210, 153, 34)', '700']);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    expect([await colorOf('✓'), await colorOf('warning'), await weightOf('52 pages')]).toEqual(['rgb(17, 99, 41)', 'rgb(77, 45, 0)', '700']);
    // Its stylesheet is this page's alone: a page without terminal output does not carry it.
    const terminalStyle = () => page.locator('head style').evaluateAll((ss) => ss.some((s) => s.textContent!.includes('.a-green{')));
    expect(await terminalStyle()).toBe(true);
    await page.goto(`${server.origin}/tutorial/react-beta/`);
    expect(await terminalStyle()).toBe(false);
    await close();
  });

  it('is readable with JavaScript off: the code, its colours and its marks are there', async () => {
    const { block, close } = await open(false);
    const figure = block('highlighted-lines-and-words');
    expect(await figure.locator('pre code').textContent()).toContain('export default function Counter()');
    const line = figure.locator('[data-highlighted-line]').first();
    expect(await line.evaluate((l) => getComputedStyle(l).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await figure.locator('pre code span[class]').first().evaluate((s) => getComputedStyle(s).color)).not.toBe(await figure.locator('pre code').evaluate((c) => getComputedStyle(c).color));
    await close();
  });

  it('warns about bad fence meta, naming file and line, and still renders the block', async () => {
    const body = ['---', 'faq: []', '---', '', 'Text.', '', '## Table', '', '```jsx {0,5-3,9} /unclosed title="App.jsx', 'const a = 1;', 'const b = 2;', '```', '', 'Inline `x(){:jsz}`.', ''].join('\n');
    const root = makeProject({ 'content/tutorials/alpha.md': body });
    const run = await runCli(['build', '--root', root]);
    expect(run.code).toBe(0);
    const warnings = run.stderr.split(/\n(?=warning )/).filter((w) => w.startsWith('warning content/tutorials/alpha.md'));
    const text = warnings.join('\n');
    expect(text).toContain('warning content/tutorials/alpha.md:9');
    for (const m of ['title=" is not closed', 'line range {0} starts at 0', 'line range {5-3} runs backwards', 'line range {9} goes past the last line (the block has 2)', '/unclosed is not closed']) expect(text).toContain(m);
    expect(text).toMatch(/alpha\.md:14[\s\S]*unknown code language "jsz"[\s\S]*did you mean "jsx"/);
    const html = fs.readFileSync(path.join(root, 'out', 'tutorial', 'react-alpha', 'index.html'), 'utf8');
    expect(html).toContain('const');
    expect(html).toContain('data-rehype-pretty-code-figure');
  });
});
