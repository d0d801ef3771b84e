/**
 * `reactsite dev` updates open tabs in place: after a body edit, a registry title edit and a static page's front
 * matter edit, everything the visitor had on screen is still there (scroll, typed search and its filtered list,
 * focus, an open FAQ item, the open drawer, the theme, the hydrated islands) and the new text is visible.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { makeProject } from '../helpers/project.js';
import { startDev, type DevProcess } from './dev-process.js';

const WAIT = { timeout: 30_000 };
let browser: Browser;
let dev: DevProcess;
let project: string;
beforeAll(async () => {
  const filler = Array.from({ length: 40 }, (_, i) => `Filler paragraph ${i} keeps the page long enough to scroll.`).join('\n\n');
  project = makeProject();
  const body = path.join(project, 'content', 'tutorials', 'alpha.md');
  fs.writeFileSync(body, `${fs.readFileSync(body, 'utf8')}\n\n${filler}\n`);
  [browser, dev] = await Promise.all([launchBrowser(), startDev(project)]);
});
afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

const file = (rel: string) => path.join(project, rel);
const edit = (rel: string, change: (text: string) => string) => fs.writeFileSync(file(rel), change(fs.readFileSync(file(rel), 'utf8')));

/** What the visitor has on screen that an update must not take away. */
const screenState = (page: Page) =>
  page.evaluate(() => ({
    scrolled: Math.round(scrollY / 100) * 100,
    search: (document.getElementById('tutorial-search') as HTMLInputElement | null)?.value,
    focused: document.activeElement?.id,
    listed: [...document.querySelectorAll<HTMLElement>('.sidebar-list li')].filter((li) => !li.hidden).length,
    faqOpen: document.querySelectorAll('details[open]').length,
    drawer: document.getElementById('sidebar')?.hasAttribute('data-open') ?? false,
    dark: document.documentElement.classList.contains('dark'),
    hydrated: [...document.querySelectorAll('[data-island][data-hydrated]')].map((e) => e.getAttribute('data-island')).sort(),
    window: (window as unknown as { kept?: string }).kept,
  }));

/** A tab on `pathname` of the dev server, once its live script has connected. */
async function openLive(pathname: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(`${dev.origin}${pathname}`);
  await page.locator('html[data-reactsite-live]').waitFor({ state: 'attached', ...WAIT });
  return page;
}

describe('reactsite dev updates tabs in place', () => {
  it('keeps scroll, typed search, focus, an open FAQ item, the theme and hydrated islands through content edits (desktop)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${dev.origin}/tutorial/react-alpha/`);
    await page.locator('html[data-reactsite-live]').waitFor({ state: 'attached', ...WAIT });
    await page.locator('.theme-toggle').click();
    await page.locator('details summary').first().click();
    await page.evaluate(() => ((window as unknown as { kept: string }).kept = 'still here'));
    await page.evaluate(() => scrollTo(0, 700));
    await page.locator('#tutorial-search').fill('alp');
    await page.locator('[data-island="SidebarSearch"][data-hydrated]').waitFor({ state: 'attached', ...WAIT });
    const before = await screenState(page);
    expect(before).toMatchObject({ scrolled: 700, search: 'alp', focused: 'tutorial-search', listed: 1, faqOpen: 1, dark: false, window: 'still here' });

    const updated = async (n: number, visible: () => Promise<unknown>) => {
      await page.locator(`html[data-reactsite-updated="${n}"]`).waitFor({ state: 'attached', ...WAIT });
      await visible();
      expect(await screenState(page)).toEqual(before);
    };
    edit('content/tutorials/alpha.md', (t) => t.replace('Alpha has code.', 'Alpha has code. Body edit marker.'));
    await updated(1, () => page.getByText('Body edit marker').waitFor(WAIT));
    edit('content/registry.json', (t) => t.replace('"Alpha: The First Article"', '"Alpha: The Renamed Article"'));
    await updated(2, async () => expect(await page.locator('h1').textContent()).toBe('Alpha: The Renamed Article'));
    edit('content/pages/about.md', (t) => t.replace('title: "About"', 'title: "About Us"'));
    await updated(3, async () => expect(await page.locator('footer a', { hasText: 'About Us' }).count()).toBe(1));
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('keeps the open drawer and the search typed in it on a phone through body, registry and static page edits', async () => {
    const page = await openLive('/tutorial/react-alpha/', { width: 375, height: 812 });
    await page.locator('.drawer-btn').click();
    await page.locator('#sidebar[data-open]').waitFor({ state: 'attached', ...WAIT });
    await page.locator('#tutorial-search').fill('bet');
    await page.locator('[data-island="SidebarSearch"][data-hydrated]').waitFor({ state: 'attached', ...WAIT });
    const drawer = () => page.evaluate(() => ({ open: document.getElementById('sidebar')!.hasAttribute('data-open'), overlay: document.querySelectorAll('.drawer-overlay').length, expanded: document.querySelector('.drawer-btn')!.getAttribute('aria-expanded'), search: (document.getElementById('tutorial-search') as HTMLInputElement).value, listed: [...document.querySelectorAll<HTMLElement>('.sidebar-list li')].filter((li) => !li.hidden).length }));
    const before = await drawer();
    expect(before).toEqual({ open: true, overlay: 1, expanded: 'true', search: 'bet', listed: 1 });
    const edits: [string, (t: string) => string, string][] = [
      ['content/tutorials/alpha.md', (t) => t.replace('Body edit marker.', 'Second body edit marker.'), 'Second body edit marker'],
      ['content/registry.json', (t) => t.replace('"Alpha: The Renamed Article"', '"Alpha: Renamed Twice"'), 'Alpha: Renamed Twice'],
      ['content/pages/about.md', (t) => t.replace('title: "About Us"', 'title: "About Them"'), 'About Them'],
    ];
    for (const [n, [rel, change, text]] of edits.entries()) {
      edit(rel, change);
      await page.locator(`html[data-reactsite-updated="${n + 1}"]`).waitFor({ state: 'attached', ...WAIT });
      await page.getByText(text).first().waitFor({ state: 'attached', ...WAIT });
      expect(await drawer(), rel).toEqual(before);
    }
    await page.close();
  }, 90_000);

  it('keeps the paragraph being read at the same height when blocks are added above it or taken away', async () => {
    const page = await openLive('/tutorial/react-alpha/');
    const read = page.locator('p', { hasText: 'Filler paragraph 20 keeps' });
    await read.evaluate((p) => scrollTo(0, scrollY + p.getBoundingClientRect().top - 120));
    const top = () => read.evaluate((p) => Math.round(p.getBoundingClientRect().top));
    expect(await top()).toBe(120);
    const added = '## An added section\n\nAn added paragraph.\n\n```js\nconst added = 1;\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n';
    edit('content/tutorials/alpha.md', (t) => t.replace('Filler paragraph 2 keeps', `${added}Filler paragraph 2 keeps`));
    await page.locator('html[data-reactsite-updated="1"]').waitFor({ state: 'attached', ...WAIT });
    await page.getByText('An added paragraph.').waitFor({ state: 'attached', ...WAIT });
    expect(await top()).toBe(120);
    edit('content/tutorials/alpha.md', (t) => t.replace(added, '').replace('Filler paragraph 5 keeps the page long enough to scroll.\n\n', ''));
    await page.locator('html[data-reactsite-updated="2"]').waitFor({ state: 'attached', ...WAIT });
    expect(await page.getByText('An added paragraph.').count()).toBe(0);
    expect(await top()).toBe(120);
    await page.close();
  }, 90_000);

  it('updates a tab on a missing page without logging an error in its console', async () => {
    const page = await openLive('/tutorial/no-such-page/');
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    edit('content/registry.json', (t) => t.replace('"name": "Alpha Hooks"', '"name": "Alpha Hooks Renamed"'));
    await page.locator('html[data-reactsite-updated="1"]').waitFor({ state: 'attached', ...WAIT });
    expect(await page.getByText('Alpha Hooks Renamed').count()).toBeGreaterThan(0);
    expect(logged).toEqual([]);
    await page.close();
  }, 90_000);

  it("follows its tutorial to the new URL when the tutorial's slug changes while the tab is open", async () => {
    const page = await openLive('/tutorial/react-beta/');
    edit('content/registry.json', (t) => t.replace('"slug": "react-beta"', '"slug": "react-beta-moved"'));
    await page.waitForURL(`${dev.origin}/tutorial/react-beta-moved/`, WAIT);
    await page.locator('html[data-reactsite-live]').waitFor({ state: 'attached', ...WAIT });
    expect(await page.locator('h1').textContent()).toContain('Beta');
    edit('content/registry.json', (t) => t.replace('"slug": "react-beta-moved"', '"slug": "react-beta"'));
    await page.waitForURL(`${dev.origin}/tutorial/react-beta/`, WAIT);
    await page.close();
  }, 90_000);
});
