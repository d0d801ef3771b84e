/**
 * An article's pictures keep their place: with the images held back, each one already takes the box it will fill
 * (its width and height are in the page), so the text below does not move when the picture arrives.
 */
import { describe, expect, it } from 'vitest';
import { useBuiltSite } from '../helpers/server.js';
import { DESKTOP, PHONE } from '../helpers/site-page.js';

const site = useBuiltSite();
const PICTURES = [
  { page: '/tutorial/react-usestate-hook/', img: 'img[src$="/each-click-renders@2x.webp"]' },
  { page: '/tutorial/react-rendering/', img: 'img[src$="/trigger-render-commit.svg"]' },
];

for (const viewport of [PHONE, DESKTOP]) {
  describe(`article pictures (${viewport.width}px)`, () => {
    for (const { page: url, img } of PICTURES) {
      it(`${url}: the picture's box is there before it loads, and nothing below it moves when it does`, async () => {
        const ctx = await site.browser.newContext({ viewport });
        let release!: () => void;
        const released = new Promise<void>((r) => (release = r));
        await ctx.route(/\/images\/tutorials\//, async (route) => {
          await released;
          await route.continue().catch(() => {});
        });
        const page = await ctx.newPage();
        await page.goto(site.origin + url, { waitUntil: 'domcontentloaded' });
        const picture = page.locator(img);
        await picture.scrollIntoViewIfNeeded();
        const next = picture.locator('xpath=following::p[1]');
        const before = { box: await picture.boundingBox(), next: await next.boundingBox(), loaded: await picture.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0) };
        expect(before.loaded).toBe(false);
        const { width, height } = await picture.evaluate((i: HTMLImageElement) => ({ width: Number(i.getAttribute('width')), height: Number(i.getAttribute('height')) }));
        // Scaled to the column, in its own proportions.
        expect(before.box!.height).toBeGreaterThan(100);
        expect(Math.abs(before.box!.height - (before.box!.width * height) / width)).toBeLessThan(2);
        release();
        await picture.evaluate((i: HTMLImageElement) => (i.complete && i.naturalWidth ? undefined : new Promise((r) => i.addEventListener('load', r, { once: true }))));
        expect(await picture.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
        expect(await picture.boundingBox()).toEqual(before.box);
        expect(await next.boundingBox()).toEqual(before.next);
        await ctx.close();
      });
    }
  });
}
