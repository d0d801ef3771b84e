/** Opening a page of the built site in a fresh browser context, at a phone or desktop width, in a chosen theme. */
import type { Browser, BrowserContext, Page } from 'playwright';

/** The two widths every widget is proven at. */
export const PHONE = { width: 375, height: 812 };
/** Desktop width: sidebar fixed, ads column shown. */
export const DESKTOP = { width: 1280, height: 900 };

/** How to open a page: viewport, remembered theme (unset = the site's default), touch, clipboard, CSP bypass (for axe). */
export interface OpenOptions {
  viewport?: { width: number; height: number };
  theme?: 'dark' | 'light';
  hasTouch?: boolean;
  clipboard?: boolean;
  bypassCSP?: boolean;
}

/** An opened page, its own context (close it at the end of the test) and the errors the page reported. */
export interface OpenedPage { page: Page; ctx: BrowserContext; errors: string[] }

/** Opens `origin + path` in a new context; console errors and uncaught exceptions are collected in `errors`. */
export async function openPage(browser: Browser, origin: string, path: string, o: OpenOptions = {}): Promise<OpenedPage> {
  const ctx = await browser.newContext({ viewport: o.viewport ?? DESKTOP, hasTouch: o.hasTouch, bypassCSP: o.bypassCSP });
  if (o.theme) await ctx.addInitScript((t) => localStorage.setItem('reactsite-theme', t), o.theme);
  if (o.clipboard) await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // DOM ready is enough: every test waits for what it needs (an island hydrated, an element), not for images.
  await page.goto(origin + path, { waitUntil: 'domcontentloaded' });
  return { page, ctx, errors };
}

/** Waits until island `name` (the first one, or the `nth`) is hydrated. */
export async function hydrated(page: Page, name: string, nth = 0): Promise<void> {
  await page.locator(`[data-island="${name}"][data-hydrated]`).nth(nth).waitFor({ state: 'attached' });
}

/** Waits until the page script has taken every island in hand (they hydrate when the visitor acts). */
export async function armed(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-island]:not([data-armed])'), undefined, { timeout: 10_000 });
}

/** Hydrates every island the way a first interaction does (a pointer down inside it, a pointer move) and waits for all. */
export async function hydrateAll(page: Page): Promise<void> {
  await armed(page);
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-island]')) el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    dispatchEvent(new PointerEvent('pointermove'));
  });
  await page.waitForFunction(() => !document.querySelector('[data-island]:not([data-hydrated])'), undefined, { timeout: 10_000 });
}

/** Stops link clicks from navigating (their other click handlers still run), to see what a click does to the page. */
export async function holdNavigation(page: Page): Promise<void> {
  await page.evaluate(() => document.addEventListener('click', (e) => (e.target as Element).closest('a') && e.preventDefault(), true));
}
