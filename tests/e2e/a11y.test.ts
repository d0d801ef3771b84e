/** Accessibility of every page type in both themes at 375 and 1280 px: axe-core finds nothing; keyboard, landmarks, h1. */
import { createRequire } from 'node:module';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { useBuiltSite } from '../helpers/server.js';
import { armed, DESKTOP, hydrated, openPage, PHONE } from '../helpers/site-page.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PAGES = { landing: '/', intro: '/tutorial/react-intro/', article: '/tutorial/react-jsx/', fenceFeatures: '/tutorial/react-usestate-hook/', terminal: '/tutorial/react-installation/', static: '/about/', template: '/template/', notFound: '/tutorial/no-such-tutorial/' };

const site = useBuiltSite();

interface AxeViolation { id: string; impact: string; help: string; nodes: { target: string[] }[] }

/** Runs axe-core on the page as it is now; returns one line per violation: id, impact, help and targets. */
async function axe(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => (await (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe.run()).violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })));
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describe('axe-core finds no violation', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const viewport of [PHONE, DESKTOP]) {
      it(`on every page type, ${theme}, ${viewport.width}px`, async () => {
        const { page, ctx } = await openPage(site.browser, site.origin, '/', { viewport, theme, bypassCSP: true });
        const found: string[] = [];
        for (const [name, path] of Object.entries(PAGES)) {
          await page.goto(site.origin + path);
          await armed(page);
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
          for (const v of await axe(page)) found.push(`${name}: ${v}`);
        }
        expect(found).toEqual([]);
        await ctx.close();
      });
    }
  }

  it('with the widgets open: nav menu, drawer and share menu (phone), ads collapsed (desktop)', async () => {
    const { page, ctx } = await openPage(site.browser, site.origin, PAGES.article, { viewport: PHONE, bypassCSP: true });
    await armed(page);
    const found: string[] = [];
    await page.locator('.menu-btn').click();
    await hydrated(page, 'NavMenu');
    found.push(...(await axe(page)).map((v) => `nav menu: ${v}`));
    await page.keyboard.press('Escape');
    await page.locator('.share-toggle').click();
    await hydrated(page, 'ShareWidget');
    found.push(...(await axe(page)).map((v) => `share: ${v}`));
    await page.keyboard.press('Escape');
    await page.locator('.drawer-btn').click();
    await hydrated(page, 'DrawerButton');
    await page.locator('#tutorial-search').fill('zzz');
    await hydrated(page, 'SidebarSearch');
    found.push(...(await axe(page)).map((v) => `drawer: ${v}`));
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await page.locator('.ads-collapse').click();
    await hydrated(page, 'AdsPanel');
    found.push(...(await axe(page)).map((v) => `ads: ${v}`));
    expect(found).toEqual([]);
    await ctx.close();
  });
});

describe('structure and keyboard', () => {
  it('each page type has one h1, banner / main / contentinfo landmarks, alt on every image, and a working skip link', async () => {
    const { page, ctx } = await openPage(site.browser, site.origin, '/');
    for (const [name, path] of Object.entries(PAGES)) {
      await page.goto(site.origin + path);
      const facts = await page.evaluate(() => ({
        h1: document.querySelectorAll('h1').length,
        firstHeading: document.querySelector('h1, h2, h3, h4, h5, h6')?.tagName,
        banner: document.querySelectorAll('body > header, [role="banner"]').length,
        main: document.querySelectorAll('main').length,
        contentinfo: document.querySelectorAll('body > footer').length,
        noAlt: [...document.querySelectorAll('img')].filter((i) => !i.hasAttribute('alt')).map((i) => i.src),
      }));
      expect(facts, name).toEqual({ h1: 1, firstHeading: 'H1', banner: 1, main: 1, contentinfo: 1, noAlt: [] });
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent), name).toBe('Skip to content');
      expect(await page.evaluate(() => document.activeElement!.getBoundingClientRect().top >= 0)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id), name).toBe('main');
    }
    await ctx.close();
  });

  it('shows a visible focus ring on every control reached by Tab (article page, both widths)', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, ctx } = await openPage(site.browser, site.origin, PAGES.article, { viewport });
      await armed(page);
      const missing: string[] = [];
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const f = await page.evaluate(() => {
          const e = document.activeElement as HTMLElement | null;
          if (!e || e === document.body) return null;
          const s = getComputedStyle(e);
          return { what: `${e.tagName.toLowerCase()}.${e.className}`, ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 };
        });
        if (f && !f.ring) missing.push(f.what);
      }
      expect(missing, `${viewport.width}px`).toEqual([]);
      await ctx.close();
    }
  });

  it('toggles carry aria-expanded / aria-pressed', async () => {
    const { page, ctx } = await openPage(site.browser, site.origin, PAGES.article, { viewport: PHONE });
    await armed(page);
    for (const sel of ['.menu-btn', '.drawer-btn', '.share-toggle']) expect(await page.locator(sel).getAttribute('aria-expanded'), sel).toMatch(/^(true|false)$/);
    expect(await page.locator('.theme-toggle').getAttribute('aria-pressed')).toBe('true');
    await ctx.close();
  });
});
