// Lighthouse (v12, programmatic) on pages of a built out/ served by `reactsite preview`: the four category scores
// plus LCP, TBT and CLS, mobile (default config) and desktop, and every audit that errored (e.g. needing network).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmtMs, startPreview } from './bench-run.mjs';
import { PAGE_TYPES } from './bench-weight.mjs';
import { browserPath } from './browser-path.mjs';

/** Chromium flags for Lighthouse runs on these machines (headless, no sandbox as root, no background network). */
export const LH_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Why Lighthouse cannot run here, or undefined when it can be imported. */
export async function lighthouseUnavailable() {
  try {
    await import('lighthouse');
    await import('chrome-launcher');
    return undefined;
  } catch (e) {
    return `cannot import lighthouse/chrome-launcher (${e.message.split('\n')[0]}); install with: npm install -D lighthouse@12`;
  }
}

/** One Lighthouse run on a fresh Chromium: scores (0-100), metrics and audit failures. */
async function runOne(url, formFactor, chromePath) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const config = formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: LH_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, config);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    const a = lhr.audits;
    const num = (id) => a[id]?.numericValue;
    const errored = Object.values(a).filter((x) => x.scoreDisplayMode === 'error').map((x) => `${x.id}: ${x.errorMessage ?? 'error'}`);
    const failing = [];
    for (const cat of CATEGORIES) {
      for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
        const x = a[ref.id];
        if (ref.weight > 0 && x && typeof x.score === 'number' && x.score < 0.9 && x.scoreDisplayMode !== 'informative') {
          const node = x.details?.items?.[0]?.node;
          const where = node ? ` e.g. ${node.selector ?? node.snippet}` : '';
          failing.push(`${cat}/${x.id} ${Math.round(x.score * 100)}${x.displayValue ? ` (${x.displayValue})` : ''}${x.details?.items?.length ? ` [${x.details.items.length} item(s)${where}]` : ''}`);
        }
      }
    }
    const opportunities = Object.values(a)
      .filter((x) => x.details?.type === 'opportunity' && (x.details.overallSavingsMs ?? 0) >= 50)
      .map((x) => `${x.id} ~${Math.round(x.details.overallSavingsMs)} ms${x.details.overallSavingsBytes ? ` / ${Math.round(x.details.overallSavingsBytes / 1000)} kB` : ''}`);
    return {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)])),
      lcp: num('largest-contentful-paint'),
      fcp: num('first-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      si: num('speed-index'),
      lcpElement: a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
      runtimeError: lhr.runtimeError?.message,
      warnings: lhr.runWarnings ?? [],
      errored,
      failing,
      opportunities,
      version: lhr.lighthouseVersion,
      benchmarkIndex: lhr.environment?.benchmarkIndex,
    };
  } finally {
    await chrome.kill();
  }
}

/** Runs Lighthouse `runs[formFactor]` times in a row for each page and form factor; a failed run is reported, not thrown. */
export async function lighthouseAll(outDir, pages, { chromePath, log = console.log, runs = { mobile: 1, desktop: 1 } } = {}) {
  const preview = await startPreview(outDir);
  const results = [];
  try {
    for (const formFactor of ['mobile', 'desktop']) {
      for (const p of pages) for (let i = 0; i < (runs[formFactor] ?? 1); i++) {
        const t0 = performance.now();
        try {
          const r = await runOne(preview.url + p.path, formFactor, chromePath);
          results.push({ page: p.name, formFactor, ...r, ms: performance.now() - t0 });
          log(`  ${formFactor} ${p.name}: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        } catch (e) {
          results.push({ page: p.name, formFactor, error: e.message.split('\n')[0], ms: performance.now() - t0 });
          log(`  ${formFactor} ${p.name}: failed: ${e.message.split('\n')[0]}`);
        }
      }
    }
  } finally {
    await preview.stop();
  }
  return results;
}

/**
 * The bench's Lighthouse section on a built `outDir`: every page type, mobile three times and desktop once, each
 * run logged; returns the runs. Throws when Lighthouse or a Chromium is missing.
 */
export async function lighthouseSite(outDir, { log }) {
  const why = await lighthouseUnavailable();
  if (why) throw new Error(why);
  const chromePath = fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : browserPath();
  if (!chromePath) throw new Error('no Chromium at /usr/bin/chromium');
  // Lighthouse audits no page answered with status 404, and /404.html itself sends a visitor outside /tutorial/
  // home: a copy of out/ serves the 404 page's own document under /tutorial/ with status 200.
  const lhOut = path.join(os.tmpdir(), `reactsite-bench-lh-${process.pid}`);
  fs.rmSync(lhOut, { recursive: true, force: true });
  fs.cpSync(outDir, lhOut, { recursive: true });
  fs.mkdirSync(path.join(lhOut, 'tutorial', 'bench-404'), { recursive: true });
  fs.copyFileSync(path.join(lhOut, '404.html'), path.join(lhOut, 'tutorial', 'bench-404', 'index.html'));
  const pages = PAGE_TYPES.map((p) => ({ ...p, path: p.name === '404' ? '/tutorial/bench-404/' : p.path }));
  let results;
  try {
    results = await lighthouseAll(lhOut, pages, { chromePath, log, runs: { mobile: 3, desktop: 1 } });
  } finally {
    fs.rmSync(lhOut, { recursive: true, force: true });
  }
  log('');
  for (const r of results) {
    if (r.error) {
      log(`  ${r.formFactor} ${r.page}: could not run: ${r.error}`);
      continue;
    }
    const s = r.scores;
    log(`  ${r.formFactor.padEnd(7)} ${r.page.padEnd(8)} perf ${s.performance} · a11y ${s.accessibility} · best practices ${s['best-practices']} · SEO ${s.seo} · LCP ${fmtMs(r.lcp)} (${r.lcpElement ?? '?'}) · TBT ${fmtMs(r.tbt)} · CLS ${r.cls?.toFixed(3)} · FCP ${fmtMs(r.fcp)} · benchmarkIndex ${Math.round(r.benchmarkIndex ?? 0)}`);
    if (r.runtimeError) log(`      runtime error: ${r.runtimeError}`);
    for (const w of r.warnings) log(`      warning: ${w.split('\n')[0]}`);
    for (const e of r.errored) log(`      audit errored: ${e}`);
    for (const f of r.failing) log(`      below 90: ${f}`);
    if (r.opportunities.length) log(`      opportunities: ${r.opportunities.join(', ')}`);
  }
  if (results.every((r) => !r.errored?.length)) log('\n  no audit errored (nothing needed the network)');
  return results;
}
