/**
 * Search on a site past the sidebar's full-list limit, in Chromium: the box searches the shared index (the
 * sidebar lists only the current category), shows the hits, and the arrow keys step through them.
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

const COUNT = SIDEBAR_FULL_LIMIT + 10;
const CATEGORIES = ['Hooks', 'Routing', 'Styling', 'State'];
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  const registry = JSON.parse(fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'basic', 'content', 'registry.json'), 'utf8')) as { id: string }[];
  const intro = registry.find((e) => e.id === 'react-intro')!;
  const files: Record<string, string | null> = { 'content/tutorials/alpha.md': null, 'content/tutorials/beta.md': null, 'content/tutorials/react-intro.md': 'The introduction.\n' };
  const entries = Array.from({ length: COUNT }, (_, i) => {
    files[`content/tutorials/t${i}.md`] = `Body of tutorial ${i}.\n\n## Part ${i}\n\nText.\n`;
    return { id: `t${i}`, slug: `tutorial-${i}`, name: `${i % 7 === 0 ? 'Effect' : 'Topic'} ${i}`, title: `Tutorial ${i}`, description: `Tutorial number ${i}.`, category: CATEGORIES[i % 4], difficulty: 'Beginner', keywords: [`kw${i}`] };
  });
  files['content/registry.json'] = JSON.stringify([intro, ...entries], null, 2);
  const root = makeProject(files);
  const built = await runCli(['build', '--root', root]);
  if (built.code !== 0) throw new Error(built.output);
  [browser, server] = await Promise.all([launchBrowser(), serveOut(path.join(root, 'out'))]);
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
});
