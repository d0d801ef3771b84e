/** The tutorial hub and the other screens in a real Chromium: drawer, search, sidebar, prefetch, article view, landing. */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { useBuiltSite } from '../helpers/server.js';
import { DESKTOP, holdNavigation, hydrated, openPage, PHONE, type OpenOptions } from '../helpers/site-page.js';

const site = useBuiltSite();
const open = (p: string, o?: OpenOptions) => openPage(site.browser, site.origin, p, o);
const SITE = 'https://react-tutorial-hub.example.com';
interface Entry { slug: string; name: string; category: string; keywords: string[]; isIntro?: boolean; difficulty: string; prev?: string; next?: string }
const registry = JSON.parse(fs.readFileSync(path.resolve('content/registry.json'), 'utf8')) as Entry[];
const focusedIn = (page: Page, sel: string) => page.evaluate((s) => !!document.activeElement?.closest(s), sel);
const visibleSlugs = (page: Page) => page.locator('.sidebar-list a').evaluateAll((as) => as.filter((a) => (a as HTMLElement).offsetParent !== null).map((a) => a.getAttribute('data-slug')));

describe('sidebar drawer (phone)', () => {
  const drawerOpen = (page: Page) => page.evaluate(() => document.getElementById('sidebar')!.hasAttribute('data-open'));

  it('opens with focus inside, shows the hint, and closes on overlay tap and Escape with focus back on the button', async () => {
    const { page, ctx, errors } = await open('/tutorial/react-jsx/', { viewport: PHONE });
    const button = page.locator('.drawer-btn');
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    await hydrated(page, 'DrawerButton');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await drawerOpen(page)).toBe(true);
    expect(await focusedIn(page, '#sidebar')).toBe(true);
    expect(await page.locator('.drawer-hint').textContent()).toBe('Swipe or tap outside to close');
    expect(await page.locator('.drawer-hint').isVisible()).toBe(true);
    expect(await page.locator('#sidebar').evaluate((e) => e.getBoundingClientRect().width)).toBe(320);
    await page.locator('.drawer-overlay').waitFor();
    await page.mouse.click(PHONE.width - 15, 500);
    expect(await drawerOpen(page)).toBe(false);
    expect(await page.locator('.drawer-overlay').count()).toBe(0);
    expect(await focusedIn(page, '.drawer-btn')).toBe(true);
    await button.click();
    expect(await drawerOpen(page)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await drawerOpen(page)).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await focusedIn(page, '.drawer-btn')).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('closes on a swipe to the left', async () => {
    const { page, ctx } = await open('/tutorial/react-jsx/', { viewport: PHONE, hasTouch: true });
    await page.locator('.drawer-btn').click();
    await hydrated(page, 'DrawerButton');
    expect(await drawerOpen(page)).toBe(true);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 260, y: 420 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 200, y: 422 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 120, y: 425 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => drawerOpen(page)).toBe(false);
    await ctx.close();
  });

  it('closes when an entry is chosen, which opens /tutorial/{slug}/', async () => {
    const { page, ctx } = await open('/tutorial/react-jsx/', { viewport: PHONE });
    await page.locator('.drawer-btn').click();
    await hydrated(page, 'DrawerButton');
    await holdNavigation(page);
    await page.locator('.side-link[data-slug="react-props"]').click();
    expect(await drawerOpen(page)).toBe(false);
    await page.reload();
    await page.locator('.drawer-btn').click();
    await hydrated(page, 'DrawerButton');
    await page.locator('.side-link[data-slug="react-props"]').click();
    await page.waitForURL('**/tutorial/react-props/');
    expect(await page.locator('h1').textContent()).toMatch(/Props/);
    expect(await drawerOpen(page)).toBe(false);
    await ctx.close();
  });

  it('clamps descriptions to two lines and shows the current entry when opened deep in the list', async () => {
    const { page, ctx } = await open('/tutorial/react-usememo/', { viewport: PHONE });
    await page.locator('.drawer-btn').click();
    await hydrated(page, 'DrawerButton');
    const desc = page.locator('.side-desc').first();
    expect(await desc.evaluate((e) => getComputedStyle(e).webkitLineClamp)).toBe('2');
    const { height, line } = await desc.evaluate((e) => ({ height: e.getBoundingClientRect().height, line: parseFloat(getComputedStyle(e).lineHeight) }));
    expect(height).toBeLessThanOrEqual(2 * line + 1);
    expect(await page.locator('.side-link[data-slug="react-usememo"]').evaluate((a) => {
      const r = a.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    })).toBe(true);
    await ctx.close();
  });
});

describe('sidebar (desktop)', () => {
  it('is fixed at 18rem, leaves intro entries out, groups under headings, and highlights and reveals the current entry without scrolling the page', async () => {
    const { page, ctx } = await open('/tutorial/react-usememo/', { viewport: DESKTOP });
    expect(await page.locator('.drawer-btn').isVisible()).toBe(false);
    const sidebar = page.locator('#sidebar');
    expect(await sidebar.isVisible()).toBe(true);
    expect(await sidebar.evaluate((e) => e.getBoundingClientRect().width)).toBe(288);
    const intro = registry.filter((t) => t.isIntro).map((t) => t.slug);
    const listed = await page.locator('.sidebar-list a').evaluateAll((as) => as.map((a) => a.getAttribute('data-slug')));
    expect(listed).toEqual(registry.filter((t) => !t.isIntro).map((t) => t.slug));
    expect(listed.filter((s) => intro.includes(s!))).toEqual([]);
    const headings = await page.locator('.side-heading').allTextContents();
    expect(headings).toEqual([...new Set(registry.filter((t) => !t.isIntro).map((t) => t.category))]);
    const current = page.locator('.side-link[aria-current="page"]');
    expect(await current.getAttribute('data-slug')).toBe('react-usememo');
    expect(await current.evaluate((e) => e.classList.contains('is-current'))).toBe(true);
    await expect.poll(() => current.evaluate((a) => {
      const list = a.closest('.sidebar-list')!.getBoundingClientRect();
      const r = a.getBoundingClientRect();
      return r.top >= list.top && r.bottom <= list.bottom;
    })).toBe(true);
    expect(await page.evaluate(() => document.querySelector('.sidebar-list')!.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await ctx.close();
  });

  it('shows the ads column only on desktop', async () => {
    const desk = await open('/tutorial/react-jsx/', { viewport: DESKTOP });
    expect(await desk.page.locator('.ads-column').isVisible()).toBe(true);
    expect(await desk.page.locator('.ads-column').evaluate((e) => e.getBoundingClientRect().width)).toBe(288);
    await desk.ctx.close();
    const phone = await open('/tutorial/react-jsx/', { viewport: PHONE });
    expect(await phone.page.locator('.ads-column').isVisible()).toBe(false);
    await phone.ctx.close();
  });
});

describe('search', () => {
  const expected = (q: string) =>
    registry
      .filter((t) => !t.isIntro)
      .filter((t) => [t.name, t.category, ...t.keywords].some((s) => s.toLowerCase().includes(q.toLowerCase())))
      .map((t) => t.slug);

  it('filters instantly and case-insensitively over name, category and keywords; hides empty groups', async () => {
    const { page, ctx } = await open('/tutorial/react-jsx/', { viewport: DESKTOP });
    const input = page.getByPlaceholder('Search tutorials...');
    for (const q of ['HOOK', 'styling', 'keyup', 'Routing & Performance']) {
      await input.fill(q);
      await hydrated(page, 'SidebarSearch');
      const want = expected(q);
      expect(want.length).toBeGreaterThan(0);
      expect(await visibleSlugs(page)).toEqual(want);
    }
    await input.fill('usememo');
    const groups = new Set(registry.filter((t) => expected('usememo').includes(t.slug)).map((t) => t.category));
    expect(await page.locator('.side-group').filter({ visible: true }).locator('.side-heading').allTextContents()).toEqual([...groups]);
    expect(groups.size).toBeLessThan(new Set(registry.map((t) => t.category)).size);
    await ctx.close();
  });

  it('says "No tutorials found" with a Clear search button that restores the list', async () => {
    const { page, ctx } = await open('/tutorial/react-jsx/', { viewport: DESKTOP });
    const input = page.getByPlaceholder('Search tutorials...');
    await input.fill('Quantum Zebra');
    await hydrated(page, 'SidebarSearch');
    expect(await page.locator('.search-empty p').textContent()).toBe('No tutorials found for "Quantum Zebra"');
    expect(await visibleSlugs(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await input.inputValue()).toBe('');
    await page.locator('.search-empty').waitFor({ state: 'detached' });
    expect((await visibleSlugs(page)).length).toBe(registry.filter((t) => !t.isIntro).length);
    expect(await focusedIn(page, '#tutorial-search')).toBe(true);
    await ctx.close();
  });

  it('is focused by "/" and by Ctrl-K (desktop)', async () => {
    const { page, ctx } = await open('/tutorial/react-jsx/', { viewport: DESKTOP });
    await page.locator('h1').click();
    await page.keyboard.press('/');
    expect(await focusedIn(page, '#tutorial-search')).toBe(true);
    expect(await page.locator('#tutorial-search').inputValue()).toBe('');
    await page.locator('h1').click();
    await page.keyboard.press('Control+k');
    expect(await focusedIn(page, '#tutorial-search')).toBe(true);
    await ctx.close();
  });

  it('steps through the entries it shows with the arrow keys, and back up to the box', async () => {
    const { page, ctx, errors } = await open('/tutorial/react-jsx/', { viewport: DESKTOP });
    const input = page.getByPlaceholder('Search tutorials...');
    await input.fill('hook');
    await hydrated(page, 'SidebarSearch');
    const want = expected('hook');
    expect(want.length).toBeGreaterThan(2);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-slug') ?? document.activeElement?.id);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(want[0]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(want[2]);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe(want[0]);
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('tutorial-search');
    // The page did not scroll, and Enter on an entry opens it.
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/tutorial/${want[0]}/`);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('opens the drawer and focuses the box on "/" (phone), and matches there too', async () => {
    const { page, ctx } = await open('/tutorial/react-jsx/', { viewport: PHONE });
    await page.keyboard.press('/');
    await expect.poll(() => focusedIn(page, '#tutorial-search')).toBe(true);
    expect(await page.locator('#sidebar').isVisible()).toBe(true);
    await page.keyboard.type('memo');
    await hydrated(page, 'SidebarSearch');
    expect(await visibleSlugs(page)).toEqual(expected('memo'));
    await ctx.close();
  });
});

describe('prefetch on intent', () => {
  const delivery = (page: Page) => page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType: string }).deliveryType);

  it('prefetches a sidebar entry on hover or keyboard focus, so the click is served from the prefetch', async () => {
    const { page, ctx, errors } = await open('/tutorial/react-jsx/', { viewport: DESKTOP });
    await page.locator('.side-link[data-slug="react-props"]').hover();
    await page.locator('.side-link[data-slug="react-state"]').focus();
    await page.locator('.pn-next').hover();
    const marked = await page.locator('a[data-prefetch]').evaluateAll((as) => as.map((a) => a.getAttribute('data-slug')));
    expect(marked).toEqual(['react-props', 'react-state']);
    // Previous/next point at the public site (another origin here): never prefetched.
    expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
    await expect.poll(async () => {
      await page.locator('.side-link[data-slug="react-props"]').click();
      await page.waitForURL('**/tutorial/react-props/');
      const d = await delivery(page);
      if (d !== 'navigational-prefetch') await page.goBack();
      return d;
    }, { timeout: 10_000 }).toBe('navigational-prefetch');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('leaves a link that was never pointed at or focused alone (the navigation fetches it)', async () => {
    const { page, ctx } = await open('/tutorial/react-jsx/', { viewport: DESKTOP });
    await page.locator('.side-link[data-slug="react-props"]').evaluate((a) => (a as HTMLAnchorElement).click());
    await page.waitForURL('**/tutorial/react-props/');
    expect(await delivery(page)).toBe('');
    await ctx.close();
  });
});

describe('article view', () => {
  it('shows badges, title, description, byline, read time, at most 5 tags, FAQ, footer and prev/next', async () => {
    const { page, ctx } = await open('/tutorial/react-jsx/', { viewport: DESKTOP });
    const t = registry.find((x) => x.slug === 'react-jsx')!;
    expect(await page.locator('.badge').first().textContent()).toBe(t.difficulty);
    expect(await page.locator('.badge-category').textContent()).toBe(t.category);
    expect(await page.locator('.byline').textContent()).toMatch(/^By Viren · \d+ min read$/);
    const tags = await page.locator('.tags li').allTextContents();
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.length).toBeLessThanOrEqual(5);
    expect(await page.locator('.tags h2').textContent()).toBe('Tutorial Tags');
    const footer = await page.locator('.article-footer').textContent();
    expect(footer).toContain(`${SITE}/tutorial/react-jsx/`);
    expect(footer).toContain('Schema: Article, Tutorial, TechArticle');
    const faq = page.locator('.faq-item').first();
    expect(await faq.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await faq.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await faq.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await faq.locator('p').isVisible()).toBe(true);
    const i = registry.findIndex((x) => x.slug === 'react-jsx');
    for (const [sel, slug] of [['.pn-prev', registry[i - 1]!.slug], ['.pn-next', registry[i + 1]!.slug]] as const) {
      const a = page.locator(sel);
      expect(await a.getAttribute('href')).toBe(`${SITE}/tutorial/${slug}/`);
      expect(await a.getAttribute('target')).toBe('_blank');
    }
    await ctx.close();
  });

  it('colours difficulty badges: Beginner green, Intermediate yellow, otherwise red', async () => {
    const { page, ctx } = await open('/tutorial/react-jsx/', { viewport: PHONE });
    for (const [slug, tone] of [['react-jsx', 'green'], ['react-router', 'yellow'], ['react-usememo', 'red']] as const) {
      await page.goto(`${site.origin}/tutorial/${slug}/`);
      const badge = page.locator('.badges .badge').first();
      expect(await badge.getAttribute('class')).toContain(`badge-${tone}`);
    }
    const colours = await page.evaluate(() => ['green', 'yellow', 'red'].map((c) => getComputedStyle(document.documentElement).getPropertyValue(`--${c}-bg`).trim()));
    expect(new Set(colours).size).toBe(3);
    await ctx.close();
  });
});

describe('landing, template and static pages', () => {
  it('landing: full-screen image at opacity 0.8 under a 20% dark overlay, and one "React Tutorials" button to /tutorial/', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, ctx } = await open('/', { viewport });
      const img = await page.locator('.landing-bg img').evaluate((e) => ({ opacity: getComputedStyle(e).opacity, w: e.getBoundingClientRect().width, h: e.getBoundingClientRect().height }));
      expect(img.opacity).toBe('0.8');
      expect(img.w).toBe(viewport.width);
      expect(img.h).toBeGreaterThanOrEqual(viewport.height - 64);
      expect(await page.locator('.landing-overlay').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgba(0, 0, 0, 0.2)');
      const buttons = page.locator('main a');
      expect(await buttons.count()).toBe(1);
      expect(await buttons.textContent()).toBe('React Tutorials');
      expect(await buttons.getAttribute('href')).toBe('/tutorial/');
      await ctx.close();
    }
  });

  it('template shows "The React"; About links to /contact/', async () => {
    const { page, ctx } = await open('/template/');
    expect(await page.locator('h1').textContent()).toBe('The React');
    await page.goto(`${site.origin}/about/`);
    expect(await page.locator('main a[href="/contact/"]').count()).toBeGreaterThan(0);
    await ctx.close();
  });
});
