/**
 * A site past the sidebar's full-list limit, in Chromium: the box searches the shared index (the sidebar lists
 * only the current category), shows the hits, and the arrow keys step through them; a category too long to list
 * whole lists a window around the current tutorial, with links on past it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { makeProject, REPO } from '../helpers/project.js';
import { serveOut, type TestServer } from '../helpers/server.js';
import { hydrated } from '../helpers/site-page.js';
import { SIDEBAR_FULL_LIMIT } from '../../src/site/components/sidebar-groups.js';
import { CATEGORY_FULL_LIMIT, CATEGORY_WINDOW } from '../../src/site/components/sidebar-window.js';
import { HtmlValidate } from 'html-validate';
import config from '../../.htmlvalidate.mjs';

const COUNT = SIDEBAR_FULL_LIMIT + 10;
/** Hooks, the long category: tutorials 0 to LONG - 1, then every fourth. */
const LONG = CATEGORY_FULL_LIMIT + 5;
const CATEGORIES = ['Hooks', 'Routing', 'Styling', 'State'];
let browser: Browser;
let server: TestServer;
let out: string;

beforeAll(async () => {
  const registry = JSON.parse(fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'basic', 'content', 'registry.json'), 'utf8')) as { id: string }[];
  const intro = registry.find((e) => e.id === 'react-intro')!;
  const files: Record<string, string | null> = { 'content/tutorials/alpha.md': null, 'content/tutorials/beta.md': null, 'content/tutorials/react-intro.md': 'The introduction.\n' };
  const entries = Array.from({ length: COUNT }, (_, i) => {
    files[`content/tutorials/t${i}.md`] = `Body of tutorial ${i}.\n\n## Part ${i}\n\nText.\n`;
    return { id: `t${i}`, slug: `tutorial-${i}`, name: `${i % 7 === 0 ? 'Effect' : 'Topic'} ${i}`, title: `Tutorial ${i}`, description: `Tutorial number ${i}.`, category: i < LONG ? 'Hooks' : CATEGORIES[i % 4], difficulty: 'Beginner', keywords: [`kw${i}`] };
  });
  files['content/registry.json'] = JSON.stringify([intro, ...entries], null, 2);
  const root = makeProject(files);
  const built = await runCli(['build', '--root', root]);
  if (built.code !== 0) throw new Error(built.output);
  out = path.join(root, 'out');
  [browser, server] = await Promise.all([launchBrowser(), serveOut(out)]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe(`search past ${SIDEBAR_FULL_LIMIT} tutorials`, () => {
  it('shows the index hits for a query, and the arrow keys step through them and back to the box', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.origin}/tutorial/tutorial-1/`);
    await page.getByPlaceholder('Search tutorials...').fill('effect');
    await hydrated(page, 'SidebarSearch');
    const want = Array.from({ length: COUNT }, (_, i) => i).filter((i) => i % 7 === 0).map((i) => `/tutorial/tutorial-${i}/`);
    await expect.poll(() => page.locator('.search-results a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(want);
    expect(await page.locator('.sidebar-list').isHidden()).toBe(true);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('href') ?? document.activeElement?.id);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(want[0]);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(want[1]);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('tutorial-search');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('lists a window of a long category around the current tutorial, and its links past the window lead on', async () => {
    const hooks = Array.from({ length: COUNT }, (_, i) => i).filter((i) => i < LONG || i % 4 === 0);
    const at = 100;
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${server.origin}/tutorial/tutorial-${at}/`);
    const listed = () => page.locator('.sidebar-list a.side-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    const shown = hooks.slice(at - CATEGORY_WINDOW, at + CATEGORY_WINDOW + 1).map((i) => `/tutorial/tutorial-${i}/`);
    expect(await listed()).toEqual(shown);
    expect(await page.locator('.sidebar-list [aria-current="page"]').getAttribute('href')).toBe(`/tutorial/tutorial-${at}/`);
    const more = page.locator('.sidebar-list .side-more a');
    expect(await more.allTextContents()).toEqual([`↑ ${at - CATEGORY_WINDOW} more in Hooks`, `↓ ${hooks.length - 1 - at - CATEGORY_WINDOW} more in Hooks`]);
    // The link below leads to the first tutorial left out, whose own list shows it, marked.
    const next = hooks[at + CATEGORY_WINDOW + 1]!;
    await more.last().click();
    await page.waitForURL(`${server.origin}/tutorial/tutorial-${next}/`);
    expect(await page.locator('.sidebar-list [aria-current="page"]').getAttribute('href')).toBe(`/tutorial/tutorial-${next}/`);
    expect((await listed()).at(-1)).toBe(`/tutorial/tutorial-${hooks.at(-1)}/`);
    await ctx.close();
    const report = await new HtmlValidate(config).validateFile(path.join(out, 'tutorial', `tutorial-${at}`, 'index.html'));
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`))).toEqual([]);
  });
});
