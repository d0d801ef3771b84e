// Measures `reactsite dev` as a maintainer sees it, in Chromium: the first response after starting on a project
// without a cache, and for body edits, registry title edits and component edits the time from writing the file
// to the new text being on the screen (found in the page by a MutationObserver, stamped at the next frame), with
// the tab scrolled down and "use" typed in the search box, as someone would be working.
//   node scripts/bench-dev.mjs [--edits 20] [--tutorial react-jsx] [--project DIR] [--memory SECONDS]
// With --memory it only starts dev on the project without a cache and prints the peak RSS of the dev process over
// its first SECONDS (read from /proc every 250 ms, Linux), while dev renders every page in the background.
// It runs on a temporary copy of the real project's content/ and public/ (or of DIR's: a corpus of the bench, say,
// its first tutorial edited unless --tutorial names one), and of src/site (through REACTSITE_SITE_DIR), so the
// working tree is never edited.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { browserPath, LAUNCH_ARGS } from './browser-path.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const EDITS = Number(arg('edits', '20'));
const PROJECT = path.resolve(arg('project', REPO));
const REGISTRY = JSON.parse(fs.readFileSync(path.join(PROJECT, 'content', 'registry.json'), 'utf8'));
const TUTORIAL = arg('tutorial', PROJECT === path.resolve(REPO) ? 'react-jsx' : REGISTRY[0].id);
const SLUG = REGISTRY.find((t) => t.id === TUTORIAL)?.slug ?? TUTORIAL;
const COMPONENT = 'components/SiteFooter.tsx';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const fmt = (xs) => `p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, n=${xs.length})`;

/** Starts `reactsite dev`; resolves with its URL once it prints its address. */
function startDev(root, siteDir) {
  const child = spawn(process.execPath, [path.join(REPO, 'bin', 'reactsite'), 'dev', '--root', root, '--port', '0'], { cwd: REPO, env: { ...process.env, REACTSITE_SITE_DIR: siteDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /reactsite dev: (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1], output: () => out });
    });
    child.on('exit', (code) => reject(new Error(`dev exited with ${code}:\n${out}`)));
  });
}

const stop = async (dev) => {
  dev.child.kill('SIGINT');
  await new Promise((r) => dev.child.once('exit', r));
};

/** From spawning `reactsite dev` on a project without .cache to the first 200 response of `page` with its h1. */
async function firstResponse(root, siteDir, page) {
  fs.rmSync(path.join(root, '.cache'), { recursive: true, force: true });
  const t0 = now();
  const child = spawn(process.execPath, [path.join(REPO, 'bin', 'reactsite'), 'dev', '--root', root, '--port', '0'], { cwd: REPO, env: { ...process.env, REACTSITE_SITE_DIR: siteDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  let port;
  while (!(port = /127\.0\.0\.1:(\d+)/.exec(out)?.[1])) await sleep(2);
  for (;;) {
    const r = await fetch(`http://127.0.0.1:${port}${page}`).catch(() => undefined);
    if (r?.status === 200 && (await r.text()).includes('<h1')) break;
    await sleep(5);
  }
  const ms = now() - t0;
  await stop({ child });
  return ms;
}

/**
 * In every document of the tab: once the text sessionStorage names as `bench-token` is in the page, the time of
 * the next frame (epoch ms) goes to sessionStorage `bench-seen`. Works across in-place updates and reloads.
 */
function watchForToken() {
  const check = () => {
    const token = sessionStorage.getItem('bench-token');
    if (!token || sessionStorage.getItem('bench-seen') || !document.body?.textContent.includes(token)) return;
    requestAnimationFrame(() => sessionStorage.setItem('bench-seen', String(performance.timeOrigin + performance.now())));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  addEventListener('DOMContentLoaded', check);
}

/** Writes `text` to `file` and resolves with the ms until `token` is on the tab's screen. */
async function timedEdit(page, file, text, token) {
  await page.evaluate((t) => (sessionStorage.removeItem('bench-seen'), sessionStorage.setItem('bench-token', t)), token);
  const t0 = now();
  fs.writeFileSync(file, text);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const seen = await page.evaluate(() => sessionStorage.getItem('bench-seen')).catch(() => null);
    if (seen) return Number(seen) - t0;
    if (Date.now() > deadline) throw new Error(`"${token}" did not show within 15 s`);
    await sleep(5);
  }
}

/** The peak RSS (MB) of `reactsite dev` over its first `seconds` on a project without a cache. */
async function peakRss(root, siteDir, seconds) {
  fs.rmSync(path.join(root, '.cache'), { recursive: true, force: true });
  const dev = await startDev(root, siteDir);
  let peak = 0;
  for (const end = Date.now() + seconds * 1000; Date.now() < end; await sleep(250)) {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${dev.child.pid}/status`, 'utf8'))?.[1] ?? 0);
    peak = Math.max(peak, kb / 1024);
  }
  await stop(dev);
  return peak;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-bench-dev-'));
const root = path.join(tmp, 'project');
const siteDir = path.join(tmp, 'site');
fs.cpSync(path.join(PROJECT, 'content'), path.join(root, 'content'), { recursive: true });
fs.cpSync(path.join(PROJECT, 'public'), path.join(root, 'public'), { recursive: true });
fs.cpSync(path.join(REPO, 'src', 'site'), siteDir, { recursive: true });
const memory = arg('memory');
console.log(`reactsite dev benchmark: ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}${memory ? '' : ', in Chromium'}`);

if (memory) {
  try {
    console.log(`peak RSS of reactsite dev over its first ${memory} s, without a cache: ${(await peakRss(root, siteDir, Number(memory))).toFixed(0)} MB`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  process.exit(0);
}

let dev;
let browser;
try {
  const pagePath = `/tutorial/${SLUG}/`;
  const first = [];
  for (let i = 0; i < 3; i++) first.push(await firstResponse(root, siteDir, pagePath));
  console.log(`first response on a project without a cache: ${fmt(first)}   (target <= 1500)`);

  dev = await startDev(root, siteDir);
  browser = await chromium.launch({ executablePath: browserPath(), args: LAUNCH_ARGS, headless: true });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(watchForToken);
  await page.goto(`${dev.url.replace(/\/$/, '')}${pagePath}`);
  await page.locator('html[data-reactsite-live]').waitFor({ state: 'attached' });
  await page.evaluate(() => scrollTo(0, document.body.scrollHeight / 2));
  await page.locator('#tutorial-search').fill('use');
  await sleep(1500); // the open tab's Markdown is highlighted once in the background, as after opening a page

  const bodyFile = path.join(root, 'content', 'tutorials', `${TUTORIAL}.md`);
  const original = fs.readFileSync(bodyFile, 'utf8');
  const body = [];
  for (let i = 0; i < EDITS; i++) {
    const token = `Benchmark edit ${i} ${Date.now()}`;
    body.push(await timedEdit(page, bodyFile, `${original}\n\n${token}.\n`, token));
    await sleep(150);
  }
  fs.writeFileSync(bodyFile, original);
  await sleep(500);
  const kept = await page.evaluate(() => ({ search: document.getElementById('tutorial-search')?.value, scrolled: scrollY > 0 }));

  const registryFile = path.join(root, 'content', 'registry.json');
  const registry = fs.readFileSync(registryFile, 'utf8');
  const entries = JSON.parse(registry);
  const entry = entries.find((t) => t.id === TUTORIAL || t.slug === TUTORIAL);
  const registryMs = [];
  for (let i = 0; i < Math.max(1, EDITS / 2); i++) {
    const token = `Bench title ${i} ${Date.now()}`;
    const next = entries.map((t) => (t === entry ? { ...t, title: token, name: `${t.name} ${i}` } : t));
    registryMs.push(await timedEdit(page, registryFile, `${JSON.stringify(next, null, 2)}\n`, token));
    await sleep(150);
  }
  fs.writeFileSync(registryFile, registry);
  await sleep(500);

  const componentFile = path.join(siteDir, COMPONENT);
  const source = fs.readFileSync(componentFile, 'utf8');
  if (!source.includes('</footer>')) throw new Error(`${COMPONENT} has no </footer> to edit`);
  const component = [];
  for (let i = 0; i < Math.max(1, EDITS / 2); i++) {
    const token = `Bench footer ${i} ${Date.now()}`;
    component.push(await timedEdit(page, componentFile, source.replace('</footer>', `<p>${token}</p></footer>`), token));
    await sleep(300);
  }
  fs.writeFileSync(componentFile, source);
  console.log(`body edit -> on screen:      ${fmt(body)}   (target p50 <= 60, p95 <= 120)`);
  console.log(`registry edit -> on screen:  ${fmt(registryMs)}   (target p50 <= 150)`);
  console.log(`component edit -> on screen: ${fmt(component)}   (target p50 <= 400)`);
  console.log(`after the body edits the tab still had: search "${kept.search}", ${kept.scrolled ? 'its scroll position' : 'NO scroll position'}`);
  if (process.argv.includes('--verbose')) console.log(`\nwhat reactsite dev printed:\n${dev.output()}`);
} finally {
  await browser?.close().catch(() => undefined);
  if (dev) await stop(dev);
  fs.rmSync(tmp, { recursive: true, force: true });
}
