// Page weight of a built out/: what each page type costs, read from the files (HTML, its stylesheet, its
// modulepreloads and island chunks with their static imports) and measured in Chromium via `reactsite preview`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright';
import { browserPath, LAUNCH_ARGS } from './browser-path.mjs';
import { startPreview } from './bench-run.mjs';

/** The page types measured: name, URL path, file in out/, and the URL the browser loads. */
export const PAGE_TYPES = [
  { name: 'landing', path: '/', file: 'index.html' },
  { name: 'intro', path: '/tutorial/react-intro/', file: 'tutorial/react-intro/index.html' },
  { name: 'article', path: '/tutorial/react-jsx/', file: 'tutorial/react-jsx/index.html' },
  { name: 'static', path: '/about/', file: 'about/index.html' },
  // /404.html outside /tutorial/ sends the visitor home, so the browser loads an unknown tutorial path.
  { name: '404', path: '/404.html', file: '404.html', browserPath: '/tutorial/bench-no-such-page/' },
];

/** Raw and gzip (level 9) byte counts of a buffer or string. */
export function sizes(data) {
  const buf = Buffer.isBuffer(data) ? data : Buffer.from(data);
  return { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
}

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** Static imports (`import ... from "x"`, `export ... from "x"`, `import "x"`) of a JS module's source. */
export function staticImportSpecifiers(code) {
  const out = [];
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+)["']/g;
  for (let m; (m = re.exec(code)); ) out.push(m[1]);
  return out;
}

/** What one HTML page runs before any interaction, read from out/: { html, css, js, inlineJs, beforeInteraction, requests, chunks, byWhen }. */
export function staticWeight(outDir, file) {
  const html = fs.readFileSync(path.join(outDir, file), 'utf8');
  const tags = html.match(/<link\b[^>]*>/g) ?? [];
  const cssUrls = tags.filter((t) => attr(t, 'rel') === 'stylesheet').map((t) => attr(t, 'href'));
  const preload = tags.filter((t) => attr(t, 'rel') === 'modulepreload').map((t) => attr(t, 'href'));
  const islands = [...html.matchAll(/<[a-z]+\b[^>]*\sdata-island="[^"]*"[^>]*>/g)].map((m) => ({ src: attr(m[0], 'data-src'), when: attr(m[0], 'data-when') ?? 'idle' })).filter((x) => x.src);
  const read = (url) => fs.readFileSync(path.join(outDir, decodeURI(url.replace(/^\//, ''))));
  const js = new Map();
  const when = new Map();
  const add = (url, w) => {
    if (!when.has(url) || w === 'load') when.set(url, w);
    if (js.has(url)) return;
    const buf = read(url);
    js.set(url, buf);
    for (const spec of staticImportSpecifiers(buf.toString('utf8'))) add(new URL(spec, `http://x${url}`).pathname, w);
  };
  for (const u of preload) add(u, 'preload');
  // Islands that wait for the visitor (an interaction inside them, or a pointer move) run nothing before that.
  const waits = (w) => w === 'interaction' || w === 'pointer';
  for (const i of islands) if (!waits(i.when)) add(i.src, i.when);
  const inline = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)].filter((m) => !/type="application\/(ld\+)?json"/.test(m[1] ?? '') && !/\ssrc=/.test(m[1] ?? '')).map((m) => m[2]).join('\n');
  const cssBufs = cssUrls.map(read);
  const sum = (bufs) => bufs.reduce((s, b) => ({ raw: s.raw + sizes(b).raw, gzip: s.gzip + sizes(b).gzip }), { raw: 0, gzip: 0 });
  const byWhen = {};
  for (const i of islands) byWhen[i.when] = (byWhen[i.when] ?? 0) + 1;
  return {
    html: sizes(html),
    css: sum(cssBufs),
    js: sum([...js.values()]),
    inlineJs: sizes(inline),
    // Everything that runs before the first interaction: the chunks above and the inline scripts.
    beforeInteraction: sizes(Buffer.concat([...js.values(), Buffer.from(inline)])),
    requests: 1 + cssUrls.length + js.size,
    chunks: [...js.keys()].map((u) => `${path.basename(u)} ${js.get(u).length} B`),
    islands: islands.length,
    byWhen,
    ldJson: sizes([...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('')).raw,
  };
}

/**
 * Loads each page in headless Chromium from `reactsite preview` and sums, per page, the transferred bytes of
 * script and stylesheet responses and the number of requests, after network idle.
 */
export async function browserWeight(outDir, pages = PAGE_TYPES, viewport = { width: 1280, height: 800 }) {
  const exe = browserPath();
  if (!exe) throw new Error('no Chromium found (set CHROMIUM_PATH or install /usr/bin/chromium)');
  const preview = await startPreview(outDir);
  let browser;
  try {
    browser = await chromium.launch({ executablePath: exe, args: LAUNCH_ARGS, headless: true });
    const results = {};
    for (const p of pages) {
      const ctx = await browser.newContext({ viewport });
      const page = await ctx.newPage();
      const reqs = [];
      page.on('requestfinished', (r) => reqs.push(r));
      page.on('requestfailed', (r) => reqs.push(r));
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const t0 = performance.now();
      const resp = await page.goto(preview.url + (p.browserPath ?? p.path), { waitUntil: 'networkidle', timeout: 60_000 });
      const loadMs = performance.now() - t0;
      const hydrated = await page.evaluate(() => [document.querySelectorAll('[data-island]').length, document.querySelectorAll('[data-island][data-hydrated]').length]);
      const by = {};
      let external = 0;
      for (const r of reqs) {
        const type = r.resourceType();
        const s = await r.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
        const e = (by[type] ??= { count: 0, bytes: 0 });
        e.count++;
        e.bytes += s.responseBodySize + s.responseHeadersSize;
        if (!r.url().startsWith(preview.url)) external++;
      }
      results[p.name] = {
        status: resp?.status(),
        requests: reqs.length,
        external,
        jsBytes: by.script?.bytes ?? 0,
        jsCount: by.script?.count ?? 0,
        cssBytes: by.stylesheet?.bytes ?? 0,
        docBytes: by.document?.bytes ?? 0,
        imgBytes: by.image?.bytes ?? 0,
        byType: by,
        islands: hydrated[0],
        hydrated: hydrated[1],
        loadMs,
        errors,
      };
      await ctx.close();
    }
    return results;
  } finally {
    await browser?.close().catch(() => undefined);
    await preview.stop();
  }
}
