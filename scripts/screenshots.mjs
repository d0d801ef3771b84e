// Takes screenshots of the built site (served by `reactsite preview`) in both themes at phone and desktop
// widths, for a person to look at: node scripts/screenshots.mjs [baseURL] [outDir]
import fs from 'node:fs';
import { chromium } from 'playwright';
import { browserPath, LAUNCH_ARGS } from './browser-path.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173';
const dir = process.argv[3] ?? 'test-results/screenshots';
fs.mkdirSync(dir, { recursive: true });
const pages = { landing: '/', intro: '/tutorial/react-intro/', article: '/tutorial/react-jsx/', static: '/about/', notfound: '/tutorial/nope/' };
const browser = await chromium.launch({ executablePath: browserPath(), args: LAUNCH_ARGS });
for (const [theme, scheme] of [['dark', 'dark'], ['light', 'light']]) {
  for (const [device, viewport] of [['phone', { width: 375, height: 812 }], ['desktop', { width: 1280, height: 900 }]]) {
    const ctx = await browser.newContext({ viewport, colorScheme: scheme, deviceScaleFactor: 1 });
    await ctx.addInitScript((t) => localStorage.setItem('reactsite-theme', t), theme);
    const page = await ctx.newPage();
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.screenshot({ path: `${dir}/${name}-${device}-${theme}.png` });
    }
    if (device === 'phone') {
      await page.goto(base + pages.article, { waitUntil: 'networkidle' });
      await page.click('.drawer-btn');
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${dir}/drawer-${device}-${theme}.png` });
    }
    await ctx.close();
  }
}
await browser.close();
console.log(`screenshots in ${dir}`);
