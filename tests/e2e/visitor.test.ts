import type { BrowserContext, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { useBuiltSite } from '../helpers/server.js';

const site = useBuiltSite();

async function open(path: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; ctx: BrowserContext; errors: string[] }> {
  const ctx = await site.browser.newContext({ viewport });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(site.origin + path);
  return { page, ctx, errors };
}

describe('a visitor on the built site', () => {
  it('goes from the landing page through "React Tutorials" to the intro', async () => {
    const { page, ctx, errors } = await open('/');
    await page.getByRole('link', { name: 'React Tutorials' }).click();
    await page.waitForURL('**/tutorial/react-intro/');
    await expect(page.locator('h1').first().textContent()).resolves.toContain('Introduction');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('opens a tutorial from the sidebar, highlighted as current', async () => {
    const { page, ctx } = await open('/tutorial/react-intro/');
    await page.locator('.sidebar-list a', { hasText: 'JSX' }).first().click();
    await page.waitForURL('**/tutorial/react-jsx/');
    await expect(page.locator('h1.article-title').textContent()).resolves.toMatch(/JSX/);
    await expect(page.locator('.side-link[aria-current="page"] .side-name').textContent()).resolves.toBe('JSX');
    await ctx.close();
  });

  it('copies a code block to the clipboard and shows "Copied!" for 2 seconds', async () => {
    const { page, ctx, errors } = await open('/tutorial/react-jsx/');
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
    const first = page.locator('figure.code-block').first();
    const button = first.locator('.copy-btn');
    await button.click();
    // The label changes once the asynchronous clipboard write has resolved, not at the click.
    await expect.poll(() => button.textContent()).toContain('Copied!');
    const code = await first.locator('pre code').innerText();
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    // An empty line shows one space (so the grid keeps its height); the copy has none.
    expect(clip.trim()).toBe(code.replace(/^ $/gm, '').trim());
    expect(clip.length).toBeGreaterThan(10);
    await page.waitForFunction(() => !document.querySelector('.copy-btn')?.textContent?.includes('Copied!'), undefined, { timeout: 4000 });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('flips the theme with the switch and keeps it across a reload without a flash', async () => {
    const { page, ctx } = await open('/tutorial/react-jsx/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const toggle = page.locator('.theme-toggle');
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await toggle.click();
    await page.locator('[data-island="ThemeToggle"][data-hydrated]').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('false');
    await ctx.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrame: string }).firstFrame = `${document.documentElement.className}|${getComputedStyle(document.body).backgroundColor}`;
      });
    });
    await page.reload();
    await page.waitForFunction(() => 'firstFrame' in window);
    const firstFrame = await page.evaluate(() => (window as unknown as { firstFrame: string }).firstFrame);
    expect(firstFrame).toBe('|rgb(255, 255, 255)');
    await ctx.close();
  });

  it('shows the not-found panel under /tutorial/ and its button leads to the intro', async () => {
    const { page, ctx } = await open('/tutorial/no-such-tutorial/');
    await expect(page.locator('.panel-notfound p').textContent()).resolves.toBe('The requested tutorial could not be found. Please select a tutorial from the sidebar or return to the introduction.');
    expect(page.url()).toBe(`${site.origin}/tutorial/no-such-tutorial/`);
    await page.getByRole('link', { name: 'Go to Introduction' }).click();
    await page.waitForURL('**/tutorial/react-intro/');
    await ctx.close();
  });

  it('ends any other unknown path on the home page', async () => {
    const { page, ctx } = await open('/no/such/page');
    await page.waitForURL(`${site.origin}/`);
    await expect(page.locator('h1').textContent()).resolves.toContain('Learn React');
    await ctx.close();
  });
});
