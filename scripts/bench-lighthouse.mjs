// Lighthouse (v12, programmatic) on pages of a built out/ served by `reactsite preview`: the four category scores
// plus LCP, TBT and CLS, mobile (default config) and desktop, and every audit that errored (e.g. needing network).
import { startPreview } from './bench-run.mjs';

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
