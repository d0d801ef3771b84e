import type { BrowserContext, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { useBuiltSite } from '../helpers/server.js';

const site = useBuiltSite();

const WARNING = 'GlobalMarker: Only one instance can be active at a time';

interface Opened { page: Page; ctx: BrowserContext; errors: string[]; warnings: string[] }

async function open(path: string, reducedMotion: 'reduce' | 'no-preference' = 'no-preference'): Promise<Opened> {
  const ctx = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion });
  // Counts animation frames requested but not yet run, to see that the effects' loop stops when idle.
  await ctx.addInitScript(() => {
    const w = window as unknown as { rafPending: number; trailStrokes: number };
    w.rafPending = 0;
    // Counts trail segments drawn, however fast they fade afterwards (fade is 200 ms: a busy machine may miss them on screen).
    w.trailStrokes = 0;
    const stroke = CanvasRenderingContext2D.prototype.stroke;
    CanvasRenderingContext2D.prototype.stroke = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      w.trailStrokes++;
      return (stroke as (...a: unknown[]) => void).apply(this, args);
    } as typeof stroke;
    const request = window.requestAnimationFrame.bind(window);
    const cancel = window.cancelAnimationFrame.bind(window);
    const live = new Set<number>();
    window.requestAnimationFrame = (cb) => {
      const id = request((t) => {
        if (live.delete(id)) w.rafPending--;
        cb(t);
      });
      live.add(id);
      w.rafPending++;
      return id;
    };
    window.cancelAnimationFrame = (id) => {
      if (live.delete(id)) w.rafPending--;
      cancel(id);
    };
  });
  const page = await ctx.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.goto(site.origin + path);
  // The effects hydrate on the first pointer move.
  await page.mouse.move(5, 5);
  await page.locator('[data-island="PointerEffects"][data-hydrated]').waitFor({ state: 'attached' });
  return { page, ctx, errors, warnings };
}

/** Moves the real mouse through `points`, one step per animation-ish interval so the 16 ms throttle lets each through. */
async function wiggle(page: Page, points: Array<[number, number]>) {
  for (const [x, y] of points) await page.mouse.move(x, y, { steps: 4 });
}

/** How many pixels of the trail canvas are not fully transparent (-1 when there is no canvas). */
const paintedPixels = (page: Page) =>
  page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('canvas.pe-trail');
    if (!c || !c.width) return -1;
    // Read a copy, so the test's own readbacks do not make Chrome warn about the trail canvas.
    const copy = Object.assign(document.createElement('canvas'), { width: c.width, height: c.height }).getContext('2d', { willReadFrequently: true })!;
    copy.drawImage(c, 0, 0);
    const data = copy.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]) n++;
    return n;
  });

describe('pointer effects on a tutorial page', () => {
  it('draws a trail and a glow without taking clicks, and goes idle when the pointer rests', async () => {
    const { page, ctx, errors, warnings } = await open('/tutorial/react-jsx/');
    const canvas = page.locator('canvas.pe-trail');
    await canvas.waitFor({ state: 'attached' });
    expect(await canvas.evaluate((c) => [getComputedStyle(c).pointerEvents, getComputedStyle(c).position, getComputedStyle(c).zIndex, c.getAttribute('aria-hidden')])).toEqual(['none', 'fixed', '10000', 'true']);
    const glow = page.locator('.pe-glow');
    expect(await glow.evaluate((g) => [getComputedStyle(g).pointerEvents, getComputedStyle(g).position, getComputedStyle(g).zIndex, g.getAttribute('aria-hidden')])).toEqual(['none', 'fixed', '-1', 'true']);

    const link = page.locator('.sidebar-list a', { hasText: 'Installation' }).first();
    const box = (await link.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await wiggle(page, [[cx - 120, cy - 60], [cx - 80, cy - 30], [cx - 40, cy - 10], [cx - 10, cy], [cx + 20, cy + 5], [cx, cy]]);
    await page.waitForFunction(() => (window as unknown as { trailStrokes: number }).trailStrokes > 0);
    // The glow followed the pointer: its blob is shown and moved to the pointer.
    expect(await page.locator('.pe-blob').evaluate((b) => [getComputedStyle(b).transform !== 'none', b.style.opacity])).toEqual([true, '0.8']);

    // What the pointer hits is the link itself, not an effect layer; a real click there navigates.
    const hit = await page.evaluate(([x, y]) => {
      const el = document.elementFromPoint(x!, y!);
      return { inLink: !!el?.closest('.sidebar-list a'), inEffect: !!el?.closest('[data-island="PointerEffects"]') };
    }, [cx, cy]);
    expect(hit).toEqual({ inLink: true, inEffect: false });

    // Once the pointer rests, the trail fades out, the canvas is cleared and no animation frame stays scheduled.
    await page.waitForFunction(() => (window as unknown as { rafPending: number }).rafPending === 0);
    expect(await paintedPixels(page)).toBe(0);

    await page.mouse.click(cx, cy);
    await page.waitForURL('**/tutorial/react-installation/');
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    await ctx.close();
  });

  it('refuses a second trail instance with the GlobalMarker warning', async () => {
    const { page, ctx, errors, warnings } = await open('/tutorial/react-jsx/');
    await page.locator('canvas.pe-trail').waitFor({ state: 'attached' });
    // Mount a second copy of the island from its real chunk, on the page's own server-rendered markup.
    // (A string, so the test runner does not rewrite its dynamic import.)
    await page.evaluate(`(async () => {
      const html = await (await fetch(location.href)).text();
      const server = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-island="PointerEffects"]');
      const second = document.importNode(server, true);
      second.id = 'second';
      document.body.append(second);
      const chunk = await import(second.dataset.src);
      chunk.default(second, JSON.parse(second.dataset.props));
    })()`);
    await page.locator('#second[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForFunction(() => (window as unknown as { rafPending: number }).rafPending === 0);
    await wiggle(page, [[300, 300], [340, 320], [380, 340]]);
    expect(warnings).toEqual([WARNING]);
    expect(await page.locator('canvas.pe-trail').count()).toBe(1);
    expect(await page.locator('#second canvas').count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('draws no trail and no glow when reduced motion is requested', async () => {
    const { page, ctx, errors, warnings } = await open('/tutorial/react-jsx/', 'reduce');
    await wiggle(page, [[300, 300], [360, 320], [420, 340], [480, 360]]);
    expect(await page.locator('canvas').count()).toBe(0);
    expect(await page.locator('.pe-glow').evaluate((g) => getComputedStyle(g).display)).toBe('none');
    expect(await page.locator('.pe-blob').evaluate((b) => b.style.opacity)).toBe('');
    expect(await page.evaluate(() => (window as unknown as { rafPending: number }).rafPending)).toBe(0);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    await ctx.close();
  });
});
