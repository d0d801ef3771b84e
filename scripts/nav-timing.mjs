// Measures moving between tutorials in Chromium with and without prefetch-on-intent, under emulated networks.
// node scripts/nav-timing.mjs [baseURL] [runs]   (with `reactsite preview` running). Prints figures; asserts nothing.
// "cold": the link is followed with no hover or focus first, so nothing was prefetched (keyboard-less, e.g. a script).
// "hover": the pointer rests on the link for DWELL ms (a person aiming and clicking), then the link is clicked.
// Prefetch here is the DrawerButton island marking the link for the page's speculation rules (see prefetch.ts).
import { chromium } from 'playwright';
import { browserPath, LAUNCH_ARGS } from './browser-path.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173';
const runs = Number(process.argv[3] ?? 5);
const DWELL = 300;
const NETWORKS = {
  'no throttling': undefined,
  '4G (40 ms RTT, 9 Mbps)': { latency: 40, downloadThroughput: (9e6 / 8) | 0, uploadThroughput: (1.5e6 / 8) | 0 },
  'slow 4G (150 ms RTT, 1.6 Mbps)': { latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 },
};
const PAIRS = [['react-jsx', 'react-props'], ['react-props', 'react-state'], ['react-state', 'react-hooks'], ['react-hooks', 'react-usememo']];

const browser = await chromium.launch({ executablePath: browserPath(), args: LAUNCH_ARGS });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function once(net, from, to, mode) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await page.goto(`${base}/tutorial/${from}/`, { waitUntil: 'load' }); // warms the shared CSS/JS (immutable assets)
  await page.locator('[data-island="DrawerButton"][data-hydrated]').waitFor({ state: 'attached' });
  if (net) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...net });
  const link = page.locator(`.side-link[data-slug="${to}"]`);
  await link.scrollIntoViewIfNeeded();
  if (mode === 'hover') {
    await link.hover();
    await page.waitForTimeout(DWELL);
    await link.click();
  } else {
    await link.evaluate((a) => a.click()); // no pointer or focus events: nothing is prefetched
  }
  await page.waitForURL(`**/tutorial/${to}/`);
  await page.waitForLoadState('load');
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 5000 }).catch(() => {});
  const t = await page.evaluate(() => {
    // deliveryType is "navigational-prefetch" when the page came from the prefetch.
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return { response: nav.responseEnd - nav.startTime, fcp: fcp ? fcp.startTime : NaN, load: nav.loadEventEnd - nav.startTime, prefetched: nav.deliveryType === 'navigational-prefetch' ? 1 : 0 };
  });
  await ctx.close();
  return t;
}

console.log(`navigation between tutorials (sidebar link, desktop), median of ${runs * PAIRS.length} runs each; times from navigation start, ms`);
for (const [name, net] of Object.entries(NETWORKS)) {
  for (const mode of ['cold', 'hover']) {
    const r = { response: [], fcp: [], load: [], prefetched: [] };
    for (let i = 0; i < runs; i++) {
      for (const [from, to] of PAIRS) {
        const t = await once(net, from, to, mode);
        for (const k of Object.keys(r)) r[k].push(t[k]);
      }
    }
    console.log(`${name.padEnd(32)} ${mode === 'cold' ? 'without prefetch' : `prefetch (${DWELL} ms hover)`.padEnd(16)}  document ${String(Math.round(median(r.response))).padStart(5)}  first paint ${String(Math.round(median(r.fcp))).padStart(5)}  load ${String(Math.round(median(r.load))).padStart(5)}  served from prefetch ${r.prefetched.reduce((a, b) => a + b, 0)}/${r.prefetched.length}`);
  }
}
await browser.close();
