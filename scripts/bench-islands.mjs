// The islands as a visitor on a slow phone meets them, in Chromium with the CPU throttled 4x: the JavaScript each
// page type runs before any interaction (V8 coverage: scripts whose top level ran), and for each widget's first
// interaction its Interaction to Next Paint (Event Timing API) and the time until its effect is on the screen.
import { chromium } from 'playwright';
import { browserPath, LAUNCH_ARGS } from './browser-path.mjs';
import { startPreview } from './bench-run.mjs';
import { PAGE_TYPES, sizes } from './bench-weight.mjs';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** Each widget's first interaction: page, width, what the visitor does, and what shows that it worked. */
const WIDGETS = [
  { name: 'theme switch', path: '/tutorial/react-jsx/', viewport: DESKTOP, act: (p) => p.click('.theme-toggle'), done: () => !document.documentElement.classList.contains('dark') },
  { name: 'share', path: '/tutorial/react-jsx/', viewport: PHONE, act: (p) => p.tap('.share-toggle'), done: () => !!document.querySelector('.share-menu') },
  { name: 'copy', path: '/tutorial/react-jsx/', viewport: DESKTOP, act: (p) => p.click('.copy-btn'), done: () => !!document.querySelector('.copy-btn[data-copied]') },
  { name: 'search', path: '/tutorial/react-jsx/', viewport: DESKTOP, act: async (p) => (await p.focus('#tutorial-search'), p.keyboard.type('m')), done: () => !!document.querySelector('.sidebar-list li[hidden]') },
  { name: 'drawer', path: '/tutorial/react-jsx/', viewport: PHONE, act: (p) => p.tap('.drawer-btn'), done: () => document.getElementById('sidebar')?.hasAttribute('data-open') },
  { name: 'links menu', path: '/about/', viewport: PHONE, act: (p) => p.tap('.menu-btn'), done: () => document.querySelector('.menu-btn')?.getAttribute('aria-expanded') === 'true' },
  { name: 'ads collapse', path: '/tutorial/react-jsx/', viewport: DESKTOP, act: (p) => p.click('.ads-collapse'), done: () => document.querySelector('.ads-collapse')?.getAttribute('aria-expanded') === 'false' },
];

/** In the page, before acting: records the first trusted input's time, the Event Timing entries, and when `done` first holds on a frame. */
function watch(doneSource) {
  const done = new Function(`return (${doneSource})()`);
  const w = (window.__bench = { start: undefined, effect: undefined, events: [] });
  for (const t of ['pointerdown', 'keydown', 'focusin']) addEventListener(t, (e) => e.isTrusted && w.start === undefined && (w.start = e.timeStamp), { capture: true });
  new PerformanceObserver((list) => w.events.push(...list.getEntries().filter((e) => e.interactionId).map((e) => ({ name: e.name, start: e.startTime, duration: e.duration })))).observe({ type: 'event', durationThreshold: 16, buffered: true });
  const frame = (now) => (w.start !== undefined && done() ? (w.effect = now - w.start) : requestAnimationFrame(frame));
  requestAnimationFrame(frame);
}

async function throttled(browser, viewport) {
  // CSP bypassed only so the measuring code can build its predicate; the page's own scripts are unchanged.
  const ctx = await browser.newContext({ viewport, hasTouch: viewport === PHONE, bypassCSP: true });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { ctx, page };
}

/** Bytes of JavaScript whose top level ran on `path` before any interaction (after load and idle prefetch). */
async function executedBeforeInteraction(browser, url) {
  const { ctx, page } = await throttled(browser, PHONE);
  await page.coverage.startJSCoverage({ reportAnonymousScripts: true, resetOnNavigation: false });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const entries = await page.coverage.stopJSCoverage();
  await ctx.close();
  // A module only fetched (modulepreload) is compiled but never run: its top-level function has count 0.
  const ran = entries.filter((e) => e.source && e.functions.some((f) => f.ranges[0]?.startOffset === 0 && f.ranges[0].count > 0 && f.ranges[0].endOffset >= e.source.length - 1));
  const sources = ran.map((e) => e.source);
  return { scripts: ran.length, ...sizes(sources.join('')) };
}

/** Runs every measure on `outDir` served by `reactsite preview`; `runs` first interactions per widget. */
export async function islandsBench(outDir, { runs = 3, log = console.log } = {}) {
  const exe = browserPath();
  if (!exe) throw new Error('no Chromium found (set CHROMIUM_PATH or install /usr/bin/chromium)');
  const preview = await startPreview(outDir);
  const browser = await chromium.launch({ executablePath: exe, args: LAUNCH_ARGS, headless: true });
  const result = { executed: {}, widgets: {} };
  try {
    for (const p of PAGE_TYPES) {
      const e = (result.executed[p.name] = await executedBeforeInteraction(browser, preview.url + (p.browserPath ?? p.path)));
      log(`  ${p.name.padEnd(8)} JS run before any interaction: ${e.scripts} script(s), ${e.raw} B raw, ${e.gzip} B gzip`);
    }
    for (const w of WIDGETS) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const { ctx, page } = await throttled(browser, w.viewport);
        await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: preview.url });
        await page.goto(preview.url + w.path, { waitUntil: 'networkidle' });
        await page.evaluate(watch, w.done.toString());
        await w.act(page);
        await page.waitForFunction(() => window.__bench.effect !== undefined, undefined, { timeout: 20_000 });
        await page.waitForTimeout(300);
        const b = await page.evaluate(() => window.__bench);
        samples.push({ inp: Math.max(0, ...b.events.map((e) => e.duration)), effect: b.effect });
        await ctx.close();
      }
      const med = (k) => samples.map((s) => s[k]).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
      result.widgets[w.name] = { inp: med('inp'), effect: med('effect'), samples };
      log(`  ${w.name.padEnd(13)} ${w.viewport === PHONE ? 'phone  ' : 'desktop'} first interaction: INP ${Math.round(med('inp'))} ms · on screen after ${Math.round(med('effect'))} ms (median of ${runs}; runs ${samples.map((s) => `${Math.round(s.inp)}/${Math.round(s.effect)}`).join(', ')})`);
    }
  } finally {
    await browser.close().catch(() => undefined);
    await preview.stop();
  }
  return result;
}
