// `npm run bench`: build speed, memory, page weight, Lighthouse and dev latency of reactsite. Prints figures only
// (nothing is asserted). Every section runs on its own: one failing does not stop the others.
//   node scripts/bench.mjs [--quick] [--runs N] [--seed S] [--only real,corpora,weight,browser,islands,lighthouse,dev]
//                          [--no-compile] [--keep] [--max-rss-gb G] [--heap-mb MB]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { browserPath } from './browser-path.mjs';
import { eleventyBuilds } from './bench-eleventy.mjs';
import { islandsBench } from './bench-islands.mjs';
import { lighthouseAll, lighthouseUnavailable } from './bench-lighthouse.mjs';
import { exited, fmtBytes, fmtKb, fmtMs, gnuTime, lastLines, median, memInfo, REPO, runBuild, startChild, stopAll } from './bench-run.mjs';
import { browserWeight, PAGE_TYPES, staticWeight } from './bench-weight.mjs';
import { CORPUS_VERSION, generateCorpus } from './corpus.mjs';

const SECTIONS = ['real', 'corpora', 'weight', 'browser', 'islands', 'lighthouse', 'dev'];
const STAGES = ['load', 'markdown', 'bundle', 'pages', 'render', 'integrity', 'write'];
// Counts the CLI prints next to its stage times: tutorial pages rendered, reused from the page store,
// rendered from packed Markdown trees, and rendered on worker threads.
const COUNTS = ['rendered', 'reused', 'packed', 'workerPages'];

function parseArgs(argv) {
  const a = { quick: false, runs: undefined, seed: 1, only: undefined, compile: true, keep: false, maxRssGb: 12 };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const next = () => argv[++i];
    if (k === '--quick') a.quick = true;
    else if (k === '--runs') a.runs = Math.max(1, Number(next()) | 0);
    else if (k === '--seed') a.seed = Number(next()) | 0;
    else if (k === '--only') a.only = next().split(',');
    else if (k === '--no-compile') a.compile = false;
    else if (k === '--keep') a.keep = true;
    else if (k === '--max-rss-gb') a.maxRssGb = Number(next());
    else if (k === '--heap-mb') a.heapMb = Number(next()) | 0;
    else if (k === '--help' || k === '-h') a.help = true;
    else throw new Error(`unknown argument ${k} (see --help)`);
  }
  return a;
}

const args = (() => {
  try {
    return parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`bench: ${e.message}`);
    process.exit(2);
  }
})();
if (args.help) {
  console.log(fs.readFileSync(new URL(import.meta.url), 'utf8').split('\n').slice(0, 4).join('\n').replace(/^\/\/ ?/gm, ''));
  process.exit(0);
}
const enabled = new Set(args.only ?? (args.quick ? ['real', 'corpora', 'weight'] : SECTIONS));
const log = (s = '') => console.log(s);
const benchStart = performance.now();
const loads = [];
const sampleLoad = () => loads.push(os.loadavg()[0]);
const loadTimer = setInterval(sampleLoad, 5000);
sampleLoad();

process.on('exit', stopAll);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    console.error(`\nbench: ${sig}, stopping child processes`);
    stopAll();
    process.exit(130);
  });
}

const results = { builds: [], weight: undefined, browser: undefined, islands: undefined, lighthouse: undefined, dev: undefined, failures: [] };
const mem = memInfo();
const maxRssKb = Math.min(args.maxRssGb * 1024 * 1024, mem.availableKb * 0.6);
// Builds run with Node's default heap limit, as users run them, unless --heap-mb raises it.
const heapEnv = args.heapMb ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${args.heapMb}`.trim() } : {};

/** Runs one section, logging its failure instead of throwing. */
async function section(name, title, f) {
  if (!enabled.has(name)) return;
  log(`\n## ${title}\n`);
  const t0 = performance.now();
  try {
    await f();
  } catch (e) {
    const msg = e?.message?.split('\n')[0] ?? String(e);
    results.failures.push(`${title}: ${msg}`);
    log(`  ✗ section failed: ${msg}`);
  }
  log(`  (section took ${fmtMs(performance.now() - t0)})`);
}

/** Bytes of every file under dir, and how many files. */
function dirSize(dir) {
  let bytes = 0;
  let files = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) (bytes += fs.statSync(p).size), files++;
    }
  };
  try {
    walk(dir);
  } catch {
    // a missing out/ is size 0
  }
  return { bytes, files };
}

const cacheDir = (root) => path.join(root, '.cache', 'reactsite');

/**
 * Deletes a folder a build may still be working in (a detached process of it may still be deleting old trash);
 * Node's retries (linear back-off, about 10 s in all) outlast anything that could race the removal.
 */
const removeTree = (dir) => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });

/** A short hash of every file under src/ (the site sources are bundled afresh by each build). */
function srcFingerprint() {
  const h = createHash('sha256');
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) h.update(`${path.relative(REPO, p)}\0`).update(fs.readFileSync(p));
    }
  };
  walk(path.join(REPO, 'src'));
  return h.digest('hex').slice(0, 8);
}
const srcSeen = new Set();

/**
 * Lets the disk settle: writes out what earlier runs left dirty (a 4,000-page build leaves hundreds of MB) so a
 * build is measured, not the write-back of the run before it. That made cold runs vary by a third, and the first
 * changed build after docs-4000's cold one took 1.43 s in one run against 1.0 s in others: it waited on the
 * disk writing the cold build's 700 MB (the README says so with the figures).
 */
function settle() {
  spawnSync('sync');
}

/** One build, logged as it finishes. */
async function oneBuild(label, root, { cold }) {
  if (cold) removeTree(cacheDir(root));
  settle();
  const src = srcFingerprint();
  srcSeen.add(src);
  const r = await runBuild({ root, out: path.join(root, 'out'), maxRssKb, env: heapEnv });
  const t = r.timings ? Object.entries(r.timings).map(([k, v]) => (COUNTS.includes(k) ? `${k} ${v}` : `${k} ${fmtMs(v)}`)).join(', ') : 'timings n/a';
  if (r.ok) log(`  ${label} [src ${src}]: ${fmtMs(r.wallMs)} wall (CLI says ${r.cliSeconds} s), ${r.pages} pages, peak RSS ${fmtKb(r.peakRssKb)} (process tree ${fmtKb(r.treePeakKb)}); ${t}`);
  else log(`  ${label} [src ${src}]: FAILED after ${fmtMs(r.wallMs)} (peak RSS ${fmtKb(r.peakRssKb)}, process tree ${fmtKb(r.treePeakKb)}; ${r.timings ? t : 'no stage timings printed'}): ${r.error}`);
  return r;
}

/** Measures cold / warm / one-file-changed builds of a project and records one row per mode. */
/** Eleventy 3 on the same corpus, right after reactsite's builds of it: its median wall time and the ratio. */
function compareWithEleventy(name, dir, runs) {
  try {
    const ms = median(eleventyBuilds(dir, { runs, log }));
    const ours = results.builds.find((b) => b.name === name && b.mode === 'cold')?.wallMs;
    results.eleventy ??= [];
    results.eleventy.push({ name, ms, ours });
    log(`  Eleventy 3 (markdown-it + syntaxhighlight), same bodies: ${fmtMs(ms)} · reactsite cold / Eleventy: ${ours ? (ours / ms).toFixed(2) : 'n/a'}x`);
  } catch (e) {
    log(`  Eleventy comparison skipped: ${e.message}`);
  }
}

async function measureProject(name, root, { cold = 1, warm = 0, change = 0, retitle = 0, changeFile }) {
  const modes = [['cold', cold], ['warm', warm], ['one file changed', change], ['registry title changed', retitle]];
  const original = changeFile ? fs.readFileSync(changeFile, 'utf8') : undefined;
  const registryFile = path.join(root, 'content', 'registry.json');
  const registry = fs.readFileSync(registryFile, 'utf8');
  try {
    for (const [mode, n] of modes) {
      const runs = [];
      for (let i = 0; i < n; i++) {
        if (mode === 'one file changed') fs.writeFileSync(changeFile, `${original}\nBench edit ${i + 1}: this sentence changes the body text (${process.pid}).\n`);
        // Every page lists every title (the sidebar): each page is rendered again, from its packed Markdown.
        if (mode === 'registry title changed') {
          const entries = JSON.parse(registry);
          entries[0].title = `${entries[0].title} (bench edit ${i + 1})`;
          fs.writeFileSync(registryFile, JSON.stringify(entries, null, 2));
        }
        const r = await oneBuild(`${name} ${mode} #${i + 1}`, root, { cold: mode === 'cold' });
        runs.push(r);
        if (!r.ok) break;
      }
      if (n) results.builds.push(summarizeRuns(name, mode, runs, dirSize(path.join(root, 'out')), dirSize(path.join(root, 'out', 'tutorial'))));
    }
  } finally {
    if (original !== undefined) fs.writeFileSync(changeFile, original);
    fs.writeFileSync(registryFile, registry);
  }
}

/** Median figures of a set of runs (only successful ones count). */
function summarizeRuns(name, mode, runs, out, tutorials) {
  const ok = runs.filter((r) => r.ok);
  const keys = [...new Set(ok.flatMap((r) => Object.keys(r.timings ?? {})))];
  const timings = ok.some((r) => r.timings) ? Object.fromEntries(keys.map((k) => [k, median(ok.map((r) => r.timings?.[k]))])) : null;
  const pages = ok[0]?.pages;
  const wallMs = median(ok.map((r) => r.wallMs));
  return { name, mode, runs: runs.length, okRuns: ok.length, error: runs.find((r) => !r.ok)?.error, failed: runs.find((r) => !r.ok), pages, wallMs, msPerPage: pages ? wallMs / pages : undefined, peakRssKb: median(ok.map((r) => r.peakRssKb)), timings, outBytes: out.bytes, outFiles: out.files, tutorialHtmlAvg: tutorials.files ? tutorials.bytes / tutorials.files : undefined };
}

/** A synthetic corpus, generated once per (kind, n, seed, generator version) and kept in os.tmpdir(). */
function corpus(kind, n) {
  const dir = path.join(os.tmpdir(), 'reactsite-bench', `${kind}-${n}-seed${args.seed}`);
  const marker = path.join(dir, '.corpus.json');
  let meta;
  try {
    meta = JSON.parse(fs.readFileSync(marker, 'utf8'));
  } catch {
    meta = undefined;
  }
  if (meta?.version === CORPUS_VERSION && meta.n === n && meta.kind === kind && meta.seed === args.seed) {
    log(`  corpus ${kind}-${n}: reusing ${dir}`);
  } else {
    const t0 = performance.now();
    fs.rmSync(dir, { recursive: true, force: true });
    generateCorpus({ n, kind, seed: args.seed, out: dir });
    log(`  corpus ${kind}-${n}: generated in ${fmtMs(performance.now() - t0)} → ${dir}`);
  }
  return dir;
}

// ---------------------------------------------------------------------------------------------------------------

log('# reactsite benchmark');
log(`\n${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? '?'}) · ${fmtKb(mem.totalKb)} RAM (${fmtKb(mem.availableKb)} available) · load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
log(`sections: ${[...enabled].join(', ')}${args.quick ? ' (--quick)' : ''} · build memory limit ${fmtKb(maxRssKb)} (a build above it is stopped) · V8 heap ${args.heapMb ? `${args.heapMb} MB (--heap-mb)` : "Node's default"} · src ${srcFingerprint()}`);
gnuTime(log);

if (args.compile) {
  const c = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: REPO, encoding: 'utf8' });
  log(c.status === 0 ? 'compiled dist/cli.js from src/ (node scripts/build-cli.mjs)' : `could not compile dist/cli.js, measuring the existing one: ${lastLines(c.stderr || c.stdout, 3)}`);
}

// The real site is copied (content/, public/) into a temp project so the shared tree, its out/ and its
// .cache are never touched; the site sources (src/site) are the package's own, as for any user.
const realRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-bench-real-'));
const realOut = path.join(realRoot, 'out');
const realRuns = Math.max(args.runs ?? 3, 1);
async function ensureRealOut() {
  if (!fs.existsSync(path.join(realRoot, 'content'))) {
    fs.cpSync(path.join(REPO, 'content'), path.join(realRoot, 'content'), { recursive: true });
    fs.cpSync(path.join(REPO, 'public'), path.join(realRoot, 'public'), { recursive: true });
  }
  if (!fs.existsSync(path.join(realOut, 'index.html'))) {
    const r = await runBuild({ root: realRoot, out: realOut, maxRssKb });
    if (!r.ok) throw new Error(`the real site does not build: ${r.error}`);
  }
}

try {
  await section('real', `Real site builds (median of ${realRuns}; copy of content/ + public/ in ${realRoot})`, async () => {
    await ensureRealOut();
    await measureProject('real site', realRoot, { cold: realRuns, warm: realRuns, change: realRuns, retitle: realRuns, changeFile: path.join(realRoot, 'content', 'tutorials', 'react-jsx.md') });
  });

  await section('corpora', `Synthetic corpora (seed ${args.seed}; ${args.runs ?? 1} run each)`, async () => {
    const runs = args.runs ?? 1;
    const plan = args.quick
      ? [['code', 1000, {}]]
      : [['code', 1000, {}], ['plain', 1000, {}], ['docs', 1000, {}], ['code', 4000, { warm: runs, change: runs }], ['plain', 4000, {}], ['docs', 4000, { warm: runs, change: runs, retitle: runs }]];
    for (const [kind, n, extra] of plan) {
      try {
        const dir = corpus(kind, n);
        const mid = JSON.parse(fs.readFileSync(path.join(dir, 'content', 'registry.json'), 'utf8'))[n >> 1].id;
        await measureProject(`${kind}-${n}`, dir, { cold: runs, ...extra, changeFile: path.join(dir, 'content', 'tutorials', `${mid}.md`) });
        compareWithEleventy(`${kind}-${n}`, dir, runs);
        if (!args.keep) for (const d of ['out', '.cache']) removeTree(path.join(dir, d));
      } catch (e) {
        results.failures.push(`${kind}-${n}: ${e.message}`);
        log(`  ✗ ${kind}-${n} failed: ${e.message}`);
      }
    }
  });

  await section('weight', 'Page weight from the files (real site out/; gzip = zlib level 9)', async () => {
    await ensureRealOut();
    results.weight = {};
    for (const p of PAGE_TYPES) {
      const w = staticWeight(realOut, p.file);
      results.weight[p.name] = w;
      log(`  ${p.name.padEnd(8)} ${p.path.padEnd(24)} HTML ${fmtBytes(w.html.raw)} (${fmtBytes(w.html.gzip)} gz, JSON-LD ${fmtBytes(w.ldJson)}) · CSS ${fmtBytes(w.css.raw)} (${fmtBytes(w.css.gzip)} gz) · JS ${fmtBytes(w.js.raw)} (${fmtBytes(w.js.gzip)} gz) + inline ${fmtBytes(w.inlineJs.raw)} · ${w.requests} requests · ${w.islands} islands ${JSON.stringify(w.byWhen)}`);
      log(`           chunks: ${w.chunks.join(', ')}`);
    }
  });

  await section('browser', 'Page weight in Chromium (reactsite preview, fresh context per page, 1280×800, after network idle)', async () => {
    await ensureRealOut();
    results.browser = await browserWeight(realOut);
    log('  note: `reactsite preview` sends no Content-Encoding, so transferred bytes here are the raw sizes.');
    for (const p of PAGE_TYPES) {
      const b = results.browser[p.name];
      log(`  ${p.name.padEnd(8)} ${(p.browserPath ?? p.path).padEnd(30)} status ${b.status} · ${b.requests} requests (${b.external} external) · JS ${fmtBytes(b.jsBytes)} in ${b.jsCount} · CSS ${fmtBytes(b.cssBytes)} · HTML ${fmtBytes(b.docBytes)} · images ${fmtBytes(b.imgBytes)} · islands hydrated ${b.hydrated}/${b.islands} · ${fmtMs(b.loadMs)} to network idle${b.errors.length ? ` · page errors: ${b.errors.join('; ')}` : ''}`);
    }
  });

  await section('islands', 'Islands on a slow phone (Chromium, CPU 4x slower, reactsite preview): JS run before any interaction, first interaction with each widget', async () => {
    await ensureRealOut();
    results.islands = await islandsBench(realOut, { runs: args.quick ? 1 : 3, log });
  });

  await section('lighthouse', 'Lighthouse (mobile = default config, desktop = desktop-config; served by reactsite preview)', async () => {
    const why = await lighthouseUnavailable();
    if (why) throw new Error(why);
    const chromePath = fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : browserPath();
    if (!chromePath) throw new Error('no Chromium at /usr/bin/chromium');
    await ensureRealOut();
    // Lighthouse audits no page answered with status 404, and /404.html itself sends a visitor outside /tutorial/
    // home: a copy of out/ serves the 404 page's own document under /tutorial/ with status 200.
    const lhOut = path.join(os.tmpdir(), `reactsite-bench-lh-${process.pid}`);
    fs.rmSync(lhOut, { recursive: true, force: true });
    fs.cpSync(realOut, lhOut, { recursive: true });
    fs.mkdirSync(path.join(lhOut, 'tutorial', 'bench-404'), { recursive: true });
    fs.copyFileSync(path.join(lhOut, '404.html'), path.join(lhOut, 'tutorial', 'bench-404', 'index.html'));
    const pages = PAGE_TYPES.map((p) => ({ ...p, path: p.name === '404' ? '/tutorial/bench-404/' : p.path }));
    try {
      results.lighthouse = await lighthouseAll(lhOut, pages, { chromePath, log, runs: { mobile: 3, desktop: 1 } });
    } finally {
      fs.rmSync(lhOut, { recursive: true, force: true });
    }
    log('');
    for (const r of results.lighthouse) {
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
    if (results.lighthouse.every((r) => !r.errored?.length)) log('\n  no audit errored (nothing needed the network)');
  });

  await section('dev', 'Dev server latency (scripts/bench-dev.mjs)', async () => {
    const script = path.join(REPO, 'scripts', 'bench-dev.mjs');
    if (!fs.existsSync(script)) {
      results.dev = { skipped: 'scripts/bench-dev.mjs does not exist yet' };
      log('  skipped: scripts/bench-dev.mjs does not exist yet');
      return;
    }
    const child = startChild(process.execPath, [script], { cwd: REPO });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => (out += '\n[bench: stopped bench-dev.mjs after 10 minutes]\n', process.kill(-child.pid, 'SIGTERM')), 10 * 60_000);
    const { code } = await exited(child);
    clearTimeout(timer);
    results.dev = { code, out: out.trimEnd() };
    log(out.trimEnd().split('\n').map((l) => `  | ${l}`).join('\n'));
    if (code !== 0) throw new Error(`bench-dev.mjs exited with ${code}`);
  });
} finally {
  clearInterval(loadTimer);
  if (!args.keep) removeTree(realRoot);
  else log(`\n(kept ${realRoot})`);
}

printSummary();

function printSummary() {
  const total = performance.now() - benchStart;
  log('\n## Summary\n');
  if (srcSeen.size > 1) log(`⚠ src/ changed during the run (${srcSeen.size} versions: ${[...srcSeen].join(', ')}): builds measured different code; see [src …] in the log.\n`);
  log(`Node ${process.version}, ${os.cpus().length} CPU, load average during the run ${median(loads)?.toFixed(1)} median / ${Math.max(...loads).toFixed(1)} max; bench took ${fmtMs(total)}.`);
  if (results.builds.length) {
    log('\n| build | pages | rendered / reused | wall | ms/page | peak RSS | out/ size | HTML/tutorial | load | markdown² | bundle¹ | pages³ | render⁴ | integrity | write | other stages |');
    log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const b of results.builds) {
      const t = (k) => (b.timings && b.timings[k] !== undefined ? fmtMs(b.timings[k]) : 'n/a');
      const other = b.timings ? Object.keys(b.timings).filter((k) => !STAGES.includes(k) && !COUNTS.includes(k)).map((k) => `${k} ${fmtMs(b.timings[k])}`).join(', ') || '' : 'n/a';
      const counts = b.timings?.rendered !== undefined ? `${b.timings.rendered} / ${b.timings.reused}` : 'n/a';
      const runs = b.runs > 1 ? ` (median of ${b.okRuns})` : '';
      if (!b.okRuns) log(`| ${b.name} ${b.mode} | failed after ${fmtMs(b.failed?.wallMs)}, peak RSS ${fmtKb(b.failed?.peakRssKb)}: ${b.error?.replace(/\|/g, '/')} |||||||||||||||`);
      else log(`| ${b.name} ${b.mode}${runs} | ${b.pages} | ${counts} | ${fmtMs(b.wallMs)} | ${b.msPerPage.toFixed(1)} | ${fmtKb(b.peakRssKb)} | ${fmtBytes(b.outBytes)} | ${fmtBytes(Math.round(b.tutorialHtmlAvg ?? NaN))} | ${t('load')} | ${t('markdown')} | ${t('bundle')} | ${t('pages')} | ${t('render')} | ${t('integrity')} | ${t('write')} | ${other} |`);
    }
    log('\n¹ stage times come from the CLI (REACTSITE_TIMINGS=1); bundling runs concurrently with load and markdown, so stages overlap and do not add up to the wall time. Peak RSS is `/usr/bin/time -v` of the build process (worker threads included).');
    log('² Markdown of the static pages (tutorial bodies are part of "pages"). ³ Tutorial pages: Markdown, highlighting, rendering and writing together, per page, on every core (or linking them from the page store). ⁴ The other pages (landing, hub, static, 404, redirects) on the main thread.');
  }
  if (results.eleventy?.length) {
    log('\n| corpus | reactsite cold | Eleventy 3 (same bodies) | ratio |');
    log('| --- | ---: | ---: | ---: |');
    for (const e of results.eleventy) log(`| ${e.name} | ${fmtMs(e.ours)} | ${fmtMs(e.ms)} | ${e.ours ? (e.ours / e.ms).toFixed(2) : 'n/a'}x |`);
  }
  if (results.weight) {
    const br = results.browser ?? {};
    log('\n| page | HTML raw / gzip | CSS raw / gzip | JS chunks before interaction raw / gzip | inline JS | all JS run before interaction, gzip (budget 2 kB) | requests (files) | Chromium: requests · JS · CSS transferred |');
    log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const p of PAGE_TYPES) {
      const w = results.weight[p.name];
      const b = br[p.name];
      log(`| ${p.name} \`${p.path}\` | ${fmtBytes(w.html.raw)} / ${fmtBytes(w.html.gzip)} | ${fmtBytes(w.css.raw)} / ${fmtBytes(w.css.gzip)} | ${fmtBytes(w.js.raw)} / ${fmtBytes(w.js.gzip)} | ${fmtBytes(w.inlineJs.raw)} | ${fmtBytes(w.beforeInteraction.gzip)} | ${w.requests} | ${b ? `${b.requests} · ${fmtBytes(b.jsBytes)} · ${fmtBytes(b.cssBytes)}` : 'n/a'} |`);
    }
  }
  if (results.lighthouse) {
    log('\n| Lighthouse (median of the runs) | runs | perf | a11y | best practices | SEO | LCP | TBT | CLS | benchmarkIndex |');
    log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const groups = new Map();
    for (const r of results.lighthouse) groups.set(`${r.page} (${r.formFactor})`, [...(groups.get(`${r.page} (${r.formFactor})`) ?? []), r]);
    for (const [name, rs] of groups) {
      const ok = rs.filter((r) => !r.error);
      if (!ok.length) {
        log(`| ${name} | could not run: ${rs[0].error.replace(/\|/g, '/')} |||||||||`);
        continue;
      }
      const m = (f) => median(ok.map(f));
      log(`| ${name} | ${ok.length} | ${m((r) => r.scores.performance)} | ${m((r) => r.scores.accessibility)} | ${m((r) => r.scores['best-practices'])} | ${m((r) => r.scores.seo)} | ${fmtMs(m((r) => r.lcp))} | ${fmtMs(m((r) => r.tbt))} | ${m((r) => r.cls)?.toFixed(3)} | ${Math.round(m((r) => r.benchmarkIndex ?? 0))} |`);
    }
  }
  if (results.islands) {
    log('\n| first interaction (CPU 4x slower) | INP | on screen after |');
    log('| --- | ---: | ---: |');
    for (const [name, w] of Object.entries(results.islands.widgets)) log(`| ${name} | ${fmtMs(w.inp)} | ${fmtMs(w.effect)} |`);
    log(`\nJS run before any interaction (Chromium, gzip): ${Object.entries(results.islands.executed).map(([k, e]) => `${k} ${fmtBytes(e.gzip)}`).join(' · ')}`);
  }
  if (results.dev) log(`\nDev latency: ${results.dev.skipped ?? 'see the "Dev server latency" section above'}`);
  if (results.failures.length) log(`\nFailed sections:\n${results.failures.map((f) => `- ${f}`).join('\n')}`);
}
