/**
 * Every widget as a visitor on a slow phone meets it: the CPU throttled 4x and the islands' JavaScript held back
 * (at least 1.5 s, and until the visitor has acted), so each first click, tap, key or typed text lands before React
 * is there. It must have the same effect as after hydration, and links inside widgets keep their native navigation.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { useBuiltSite } from '../helpers/server.js';
import { DESKTOP, PHONE } from '../helpers/site-page.js';

const site = useBuiltSite();
const CHUNK = /\/assets\/[^/]+\.js$/;
const registry = JSON.parse(fs.readFileSync(path.resolve('content/registry.json'), 'utf8')) as { slug: string; name: string; category: string; keywords: string[]; isIntro?: boolean }[];
const matching = (q: string) => registry.filter((t) => !t.isIntro && [t.name, t.category, ...t.keywords].some((s) => s.toLowerCase().includes(q))).map((t) => t.slug);

interface SlowPage { page: Page; ctx: BrowserContext; errors: string[]; /** Lets the held chunks through (they still wait out their 1.5 s). */ release(): void }

/** Opens `path` on a 4x slower CPU with every script chunk held back until `release()` and for at least 1.5 s. */
async function openSlow(url: string, viewport: { width: number; height: number }, o: { clipboard?: boolean } = {}): Promise<SlowPage> {
  const ctx = await site.browser.newContext({ viewport, hasTouch: viewport === PHONE });
  if (o.clipboard) await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await ctx.route(CHUNK, async (route) => {
    await Promise.all([released, new Promise((r) => setTimeout(r, 1500))]);
    await route.continue().catch(() => {});
  });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(site.origin + url, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => !document.querySelector('[data-island]:not([data-armed])'));
  return { page, ctx, errors, release };
}

const isHydrated = (page: Page, name: string) => page.locator(`[data-island="${name}"][data-hydrated]`).count().then((n) => n > 0);
const press = (page: Page, selector: string, viewport: typeof PHONE) => (viewport === PHONE ? page.locator(selector).first().tap() : page.locator(selector).first().click());
const visibleSlugs = (page: Page) => page.locator('.sidebar-list a').evaluateAll((as) => as.filter((a) => (a as HTMLElement).offsetParent !== null).map((a) => a.getAttribute('data-slug')));

for (const viewport of [PHONE, DESKTOP]) {
  const at = `${viewport.width}px`;
  describe(`before the widgets' JavaScript arrives (${at}, CPU 4x slower)`, () => {
    it('the first theme click switches the theme, and it is remembered', async () => {
      const { page, ctx, errors, release } = await openSlow('/tutorial/react-jsx/', viewport);
      await press(page, '.theme-toggle', viewport);
      expect(await isHydrated(page, 'ThemeToggle')).toBe(false);
      release();
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')), { timeout: 15_000 }).toBe(false);
      expect(await page.locator('.theme-toggle').getAttribute('aria-pressed')).toBe('false');
      expect(await page.evaluate(() => localStorage.getItem('reactsite-theme'))).toBe('light');
      expect(errors).toEqual([]);
      await ctx.close();
    });

    it('a light page says so on its theme switch before the switch hydrates', async () => {
      const { page, ctx, errors } = await openSlow('/tutorial/react-jsx/', viewport);
      await page.evaluate(() => localStorage.setItem('reactsite-theme', 'light'));
      await page.goto(`${site.origin}/about/`, { waitUntil: 'domcontentloaded' });
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      expect(await isHydrated(page, 'ThemeToggle')).toBe(false);
      const toggle = page.locator('.theme-toggle');
      expect([await toggle.getAttribute('aria-pressed'), await toggle.getAttribute('title')]).toEqual(['false', 'Switch to dark mode']);
      expect(errors).toEqual([]);
      await ctx.close();
    });

    it('the first Share click opens the share menu', async () => {
      const { page, ctx, errors, release } = await openSlow('/tutorial/react-jsx/', viewport);
      await press(page, '.share-toggle', viewport);
      expect(await isHydrated(page, 'ShareWidget')).toBe(false);
      release();
      await page.locator('.share-menu').waitFor({ timeout: 15_000 });
      expect(await page.locator('.share-toggle').getAttribute('aria-expanded')).toBe('true');
      expect(await page.locator('.share-menu a').count()).toBe(5);
      expect(errors).toEqual([]);
      await ctx.close();
    });

    it('the first Copy click copies the code', async () => {
      const { page, ctx, errors, release } = await openSlow('/tutorial/react-jsx/', viewport, { clipboard: true });
      const figure = page.locator('figure.code-block').first();
      await figure.locator('.copy-btn').scrollIntoViewIfNeeded();
      await press(page, 'figure.code-block .copy-btn', viewport);
      expect(await isHydrated(page, 'CopyButton')).toBe(false);
      release();
      await expect.poll(() => figure.locator('.copy-btn').textContent(), { timeout: 15_000 }).toContain('Copied!');
      const code = (await figure.locator('pre code').innerText()).replace(/^ $/gm, '').trim();
      expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(code);
      expect(errors).toEqual([]);
      await ctx.close();
    });

    if (viewport === DESKTOP) {
      it('"/" focuses the search box at once, and text typed before hydration filters the list', async () => {
        const { page, ctx, errors, release } = await openSlow('/tutorial/react-jsx/', viewport);
        await page.locator('h1').click();
        await page.keyboard.press('/');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('tutorial-search');
        await page.keyboard.type('memo');
        expect(await isHydrated(page, 'SidebarSearch')).toBe(false);
        release();
        await expect.poll(() => visibleSlugs(page), { timeout: 15_000 }).toEqual(matching('memo'));
        expect(await page.locator('#tutorial-search').inputValue()).toBe('memo');
        expect(errors).toEqual([]);
        await ctx.close();
      });

      it('collapsing and dismissing the ads work from the first click', async () => {
        const { page, ctx, errors, release } = await openSlow('/tutorial/react-jsx/', viewport);
        const first = (await page.locator('.ad').first().getAttribute('data-ad'))!;
        await page.locator('.ad').first().hover();
        await page.locator('.ad-close').first().click();
        await page.locator('.ads-collapse').click();
        expect(await isHydrated(page, 'AdsPanel')).toBe(false);
        release();
        await expect.poll(() => page.locator(`[data-ad="${first}"]`).count(), { timeout: 15_000 }).toBe(0);
        expect(await page.locator('.ads-collapse').getAttribute('aria-expanded')).toBe('false');
        expect(await page.locator('.ads-list').isVisible()).toBe(false);
        expect(errors).toEqual([]);
        await ctx.close();
      });

      it('a link inside a widget navigates natively, once, without waiting for the widget', async () => {
        const { page, ctx, release } = await openSlow('/about/', viewport);
        const link = page.locator('.external-links a').first();
        const href = (await link.getAttribute('href'))!;
        await ctx.route(href, (r) => r.fulfill({ body: 'elsewhere', contentType: 'text/plain' }));
        const opened = ctx.waitForEvent('page');
        await link.click();
        expect(await isHydrated(page, 'NavMenu')).toBe(false);
        expect((await opened).url()).toBe(new URL(href).href);
        release();
        await page.locator('[data-island="NavMenu"][data-hydrated]').waitFor({ timeout: 15_000 });
        // The held click is not replayed on a link: no second tab.
        await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
        expect(ctx.pages().length).toBe(2);
        await ctx.close();
      });
    } else {
      it('the first tap on the menu button opens the drawer, and text typed there filters it', async () => {
        const { page, ctx, errors, release } = await openSlow('/tutorial/react-jsx/', viewport);
        await press(page, '.drawer-btn', viewport);
        expect(await isHydrated(page, 'DrawerButton')).toBe(false);
        release();
        await expect.poll(() => page.evaluate(() => document.getElementById('sidebar')!.hasAttribute('data-open')), { timeout: 15_000 }).toBe(true);
        await page.locator('#tutorial-search').tap();
        await page.keyboard.type('memo');
        await expect.poll(() => visibleSlugs(page), { timeout: 15_000 }).toEqual(matching('memo'));
        expect(errors).toEqual([]);
        await ctx.close();
      });

      it('"/" opens the drawer and focuses the search box', async () => {
        const { page, ctx, errors, release } = await openSlow('/tutorial/react-jsx/', viewport);
        await page.keyboard.press('/');
        release();
        await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 15_000 }).toBe('tutorial-search');
        expect(await page.locator('#tutorial-search').isVisible()).toBe(true);
        expect(errors).toEqual([]);
        await ctx.close();
      });

      it('the first tap on the links button opens the external links', async () => {
        const { page, ctx, errors, release } = await openSlow('/about/', viewport);
        await press(page, '.menu-btn', viewport);
        expect(await isHydrated(page, 'NavMenu')).toBe(false);
        release();
        await expect.poll(() => page.locator('.menu-btn').getAttribute('aria-expanded'), { timeout: 15_000 }).toBe('true');
        expect(await page.locator('.external-links a').first().isVisible()).toBe(true);
        expect(errors).toEqual([]);
        await ctx.close();
      });
    }
  });
}

for (const viewport of [PHONE, DESKTOP]) {
  describe(`with JavaScript off (${viewport.width}px)`, () => {
    it('reads in the dark theme, shows no control that needs a script, and every tutorial is a visible link away', async () => {
      const ctx = await site.browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await ctx.newPage();
      await page.goto(`${site.origin}/tutorial/react-jsx/`);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(await page.locator('h1').isVisible()).toBe(true);
      expect(await page.locator('.prose p').first().isVisible()).toBe(true);
      for (const control of ['.theme-toggle', '.share-toggle', '.copy-btn', '.menu-btn', '.drawer-btn', '#tutorial-search', '.ads-collapse']) {
        expect(await page.locator(control).filter({ visible: true }).count(), control).toBe(0);
      }
      const links = page.locator('.sidebar-list a').filter({ visible: true });
      expect(await links.count()).toBe(registry.filter((t) => !t.isIntro).length);
      await page.locator('.sidebar-list a[data-slug="react-props"]').click();
      await page.waitForURL('**/tutorial/react-props/');
      expect(await page.locator('h1').textContent()).toMatch(/Props/);
      await ctx.close();
    });
  });
}
