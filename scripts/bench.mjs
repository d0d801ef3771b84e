// `npm run bench`: build speed, memory, page weight, Lighthouse and dev latency of reactsite. Prints figures only
// (nothing is asserted). Every section runs on its own: one failing does not stop the others.
//   node scripts/bench.mjs [--quick] [--runs N] [--seed S] [--only real,corpora,weight,browser,islands,lighthouse,dev]
//                          [--no-compile] [--keep] [--max-rss-gb G] [--heap-mb MB]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { islandsBench } from './bench-islands.mjs';
import { lighthouseSite } from './bench-lighthouse.mjs';
import { corpusName, projectBench, removeTree, srcFingerprint } from './bench-projects.mjs';
import { exited, fmtBytes, fmtKb, fmtMs, gnuTime, lastLines, memInfo, REPO, runBuild, startChild, stopAll } from './bench-run.mjs';
import { printSummary } from './bench-summary.mjs';
import { browserWeight, PAGE_TYPES, staticWeight } from './bench-weight.mjs';

const SECTIONS = ['real', 'corpora', 'weight', 'browser', 'islands', 'lighthouse', 'dev'];

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
const srcSeen = new Set();
const { measureProject, compareWithEleventy, corpus } = projectBench({ results, srcSeen, log, maxRssKb, env: heapEnv, seed: args.seed });

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
    await measureProject('real site', realRoot, { cold: realRuns, warm: realRuns, change: realRuns, retitle: realRuns, rename: realRuns, changeFile: path.join(realRoot, 'content', 'tutorials', 'react-jsx.md') });
  });

  await section('corpora', `Synthetic corpora (seed ${args.seed}; ${args.runs ?? 1} run each, warm and changed builds at least 3)`, async () => {
    const runs = args.runs ?? 1;
    // Warm and changed builds take a second or a few: their median of three costs little, and a single run of
    // one body changed once measured 1.57 s where three runs of the same flow gave 0.95-1.00 s.
    const again = Math.max(3, runs);
    const plan = args.quick
      ? [['code', 1000, {}]]
      : [['code', 1000, {}], ['plain', 1000, {}], ['docs', 1000, {}], ['code', 4000, { warm: again, change: again }], ['plain', 4000, {}], ['docs', 4000, { warm: again, change: again, retitle: again, rename: again }], ['docs', 4000, { categories: 'uneven', change: again, retitle: again, rename: again }], ['plain', 4000, { categories: 'one' }]];
    for (const [kind, n, { categories = 'even', ...extra }] of plan) {
      // docs-4000's bodies in uneven categories, as real documentation has them (a sidebar's open list of up to
      // 1,000 tutorials), and plain-4000's in one category (a flat registry): the same bodies, so Eleventy's time
      // is that of the corpus in even categories.
      const name = corpusName(kind, n, categories);
      try {
        const dir = corpus(kind, n, categories);
        const mid = JSON.parse(fs.readFileSync(path.join(dir, 'content', 'registry.json'), 'utf8'))[n >> 1].id;
        await measureProject(name, dir, { cold: runs, ...extra, changeFile: path.join(dir, 'content', 'tutorials', `${mid}.md`) });
        if (categories === 'even') compareWithEleventy(name, dir, runs);
        if (!args.keep) for (const d of ['out', '.cache']) removeTree(path.join(dir, d));
      } catch (e) {
        results.failures.push(`${name}: ${e.message}`);
        log(`  ✗ ${name} failed: ${e.message}`);
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
    await ensureRealOut();
    results.lighthouse = await lighthouseSite(realOut, { log });
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

printSummary(results, { loads, srcSeen, totalMs: performance.now() - benchStart, log });
