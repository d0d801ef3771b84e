import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { makeProject } from '../helpers/project.js';
import { copySite, startDev, type DevProcess } from './dev-process.js';

const WAIT = { timeout: 30_000 };

let browser: Browser;
let dev: DevProcess;
let project: string;
let site: string;
beforeAll(async () => {
  project = makeProject();
  site = copySite();
  [browser, dev] = await Promise.all([launchBrowser(), startDev(project, { siteDir: site })]);
});
afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  for (const dir of [project, site]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Waits until the tab's live-reload stream is connected (after each load). */
const live = (page: Page) => page.locator('html[data-reactsite-live]').waitFor({ state: 'attached', ...WAIT });

/** Rewrites a file in place. */
function edit(file: string, change: (text: string) => string): void {
  fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
}

describe('reactsite dev in a browser', () => {
  it('shows Markdown edits, errors with file and line, and component edits without a manual reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${dev.origin}/tutorial/react-alpha/`);
    await live(page);
    await expect(page.locator('h1').first().textContent()).resolves.toContain('Alpha');

    // A body edit appears by itself.
    const body = path.join(project, 'content', 'tutorials', 'alpha.md');
    const original = fs.readFileSync(body, 'utf8');
    const filler = Array.from({ length: 40 }, (_, i) => `Filler paragraph ${i} keeps the page long enough to scroll.`).join('\n\n');
    fs.writeFileSync(body, `${original}\n\nLive edit marker one.\n\n${filler}\n`);
    await page.getByText('Live edit marker one').waitFor(WAIT);
    await live(page);

    // The next reload keeps the scroll position. Scrolled once the page has loaded: until then the dev client
    // is still restoring the position saved by the last reload (the top), and would undo the scroll.
    await page.waitForFunction(() => document.readyState === 'complete', undefined, WAIT);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => Math.abs(window.scrollY - 900) < 2, undefined, WAIT);
    // Content edits update the page in place: what lives in the tab's window survives them.
    const marker = () => page.evaluate(() => (window as unknown as { inPlace?: number }).inPlace);
    await page.evaluate(() => ((window as unknown as { inPlace: number }).inPlace = 7));
    edit(body, (t) => t.replace('Live edit marker one.', 'Live edit marker two.'));
    await page.getByText('Live edit marker two').waitFor(WAIT);
    await page.waitForFunction(() => Math.abs(window.scrollY - 900) < 50, undefined, WAIT);
    expect(await marker()).toBe(7);
    await live(page);

    // Broken front matter: the overlay names the file and line and shows the line.
    const good = fs.readFileSync(body, 'utf8');
    fs.writeFileSync(body, good.replace('faq:\n', 'faq: : :\n'));
    const overlay = page.locator('.reactsite-errors');
    await overlay.waitFor(WAIT);
    await expect(overlay.locator('.where').first().textContent()).resolves.toMatch(/^content\/tutorials\/alpha\.md:2\b/);
    await expect(overlay.locator('.frame').first().textContent()).resolves.toContain('faq: : :');
    await live(page);

    // Fixing it brings the page back, where it was: the errors were drawn over the page, which never left.
    fs.writeFileSync(body, good);
    await overlay.waitFor({ state: 'detached', ...WAIT });
    await page.getByText('Live edit marker two').waitFor(WAIT);
    await page.waitForFunction(() => Math.abs(window.scrollY - 900) < 50, undefined, WAIT);
    expect(await marker()).toBe(7);
    await live(page);

    // A component edit is rebundled and re-rendered.
    const footer = path.join(site, 'components', 'SiteFooter.tsx');
    const component = fs.readFileSync(footer, 'utf8');
    expect(component).toContain('<footer');
    fs.writeFileSync(footer, component.replace('<footer', '<footer data-dev-edit="component"'));
    await page.locator('footer[data-dev-edit="component"]').waitFor({ state: 'attached', ...WAIT });
    await live(page);

    // A syntax error in a component: overlay with its file and line; restoring it brings the page back.
    fs.writeFileSync(footer, component.replace('<footer', '<footer {'));
    await overlay.waitFor(WAIT);
    await expect(overlay.locator('.where').first().textContent()).resolves.toMatch(/components\/SiteFooter\.tsx:\d+/);
    await live(page);

    // A component that throws while rendering: the overlay points at the line in its source (not the bundle).
    const line = component.split('\n').findIndex((l) => l.includes('<footer')) + 1;
    fs.writeFileSync(footer, component.replace('<footer', '<footer data-x={(null as unknown as { x: string }).x}'));
    await overlay.locator('.message', { hasText: /^rendering \/tutorial\/react-alpha\/ failed: / }).waitFor(WAIT);
    await expect(overlay.locator('.where').first().textContent()).resolves.toMatch(new RegExp(`components/SiteFooter\\.tsx:${line}:\\d+$`));
    await live(page);
    fs.writeFileSync(footer, component);
    await page.getByText('Live edit marker two').waitFor(WAIT);
    expect(await page.locator('footer[data-dev-edit]').count()).toBe(0);
    await live(page);

    // A stylesheet edit applies without reloading the page.
    await page.evaluate(() => ((window as unknown as { devMarker: number }).devMarker = 42));
    edit(path.join(site, 'styles', 'site.css'), (t) => `${t}\nhtml body { outline: 3px solid rgb(1, 2, 3); }\n`);
    await page.waitForFunction(() => getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)', undefined, WAIT);
    expect(await page.evaluate(() => (window as unknown as { devMarker?: number }).devMarker)).toBe(42);
    await page.waitForFunction(() => document.querySelectorAll('link[rel="stylesheet"]').length === 1, undefined, WAIT);

    expect(errors).toEqual([]);
    expect(dev.output()).toMatch(/content\/tutorials\/alpha\.md → tutorial\/react-alpha\//);
    await page.close();
  }, 180_000);
});
