// The bench's build measurements: cold, warm, one-body-changed and registry-title-changed builds of a project,
// each a whole `reactsite build` process, plus Eleventy 3 on the same corpus and the synthetic corpora themselves.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eleventyBuilds } from './bench-eleventy.mjs';
import { fmtKb, fmtMs, median, REPO, runBuild } from './bench-run.mjs';
import { CORPUS_VERSION, generateCorpus } from './corpus.mjs';

/**
 * Counts the CLI prints next to its stage times: tutorial pages rendered, reused from the page store, rendered
 * from packed Markdown trees, and rendered on worker threads.
 */
export const COUNTS = ['rendered', 'reused', 'packed', 'workerPages'];

/** How the bench names a synthetic corpus: `docs-4000`, with its categories after a dash unless even (`docs-4000-uneven`, `plain-4000-one`). */
export function corpusName(kind, n, categories = 'even') {
  return `${kind}-${n}${categories === 'even' ? '' : `-${categories}`}`;
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
export const removeTree = (dir) => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });

/** A short hash of every file under src/ (the site sources are bundled afresh by each build). */
export function srcFingerprint() {
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

/**
 * Lets the disk settle: writes out what earlier runs left dirty (a 4,000-page build leaves hundreds of MB) so a
 * build is measured, not the write-back of the run before it. That made cold runs vary by a third, and the first
 * changed build after docs-4000's cold one took 1.43 s in one run against 1.0 s in others: it waited on the
 * disk writing the cold build's 700 MB (docs/performance.md says so, under "Bench notes").
 */
function settle() {
  spawnSync('sync');
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

/**
 * The build measurements of one bench run. `results` collects rows (builds, eleventy), `srcSeen` every src/
 * fingerprint a build ran with; builds above `maxRssKb` are stopped; `env` is added to each build's environment.
 */
export function projectBench({ results, srcSeen, log, maxRssKb, env, seed }) {
  /** One build, logged as it finishes. */
  async function oneBuild(label, root, { cold }) {
    // A cold build is a user's first: no cache and no out/ (Eleventy's builds start from an empty output too).
    // Keeping the last run's out/ measured plain-4000 about 4 % faster than building from none (3 runs each).
    if (cold) {
      removeTree(cacheDir(root));
      removeTree(path.join(root, 'out'));
    }
    settle();
    const src = srcFingerprint();
    srcSeen.add(src);
    const r = await runBuild({ root, out: path.join(root, 'out'), maxRssKb, env });
    const t = r.timings ? Object.entries(r.timings).map(([k, v]) => (COUNTS.includes(k) ? `${k} ${v}` : `${k} ${fmtMs(v)}`)).join(', ') : 'timings n/a';
    if (r.ok) log(`  ${label} [src ${src}]: ${fmtMs(r.wallMs)} wall (CLI says ${r.cliSeconds} s), ${r.pages} pages, peak RSS ${fmtKb(r.peakRssKb)} (process tree ${fmtKb(r.treePeakKb)}); ${t}`);
    else log(`  ${label} [src ${src}]: FAILED after ${fmtMs(r.wallMs)} (peak RSS ${fmtKb(r.peakRssKb)}, process tree ${fmtKb(r.treePeakKb)}; ${r.timings ? t : 'no stage timings printed'}): ${r.error}`);
    return r;
  }

  /**
   * Measures cold / warm / one-file-changed / registry-title-changed / registry-name-changed builds of a project:
   * one row per mode.
   */
  async function measureProject(name, root, { cold = 1, warm = 0, change = 0, retitle = 0, rename = 0, changeFile }) {
    const modes = [['cold', cold], ['warm', warm], ['one file changed', change], ['registry title changed', retitle], ['registry name changed', rename]];
    const original = changeFile ? fs.readFileSync(changeFile, 'utf8') : undefined;
    const registryFile = path.join(root, 'content', 'registry.json');
    const registry = fs.readFileSync(registryFile, 'utf8');
    try {
      for (const [mode, n] of modes) {
        const runs = [];
        for (let i = 0; i < n; i++) {
          if (mode === 'one file changed') fs.writeFileSync(changeFile, `${original}\nBench edit ${i + 1}: this sentence changes the body text (${process.pid}).\n`);
          // A title shows on its own page and in its neighbours' links: those pages are rendered again. A name shows
          // on every page (the sidebar lists it, or the search index's URL changes with it): every page is rendered
          // again, from its packed Markdown.
          if (mode === 'registry title changed' || mode === 'registry name changed') {
            const entries = JSON.parse(registry);
            const [field, entry] = mode === 'registry title changed' ? ['title', entries[0]] : ['name', entries.find((e) => !e.isIntro)];
            entry[field] = `${entry[field]} (bench edit ${i + 1})`;
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

  /**
   * A synthetic corpus, generated once per (kind, n, seed, category layout, generator version) and kept in
   * os.tmpdir(); `name` is how the bench calls it (`docs-4000`, `docs-4000-uneven`).
   */
  function corpus(kind, n, categories = 'even') {
    const name = corpusName(kind, n, categories);
    const dir = path.join(os.tmpdir(), 'reactsite-bench', `${name}-seed${seed}`);
    const marker = path.join(dir, '.corpus.json');
    let meta;
    try {
      meta = JSON.parse(fs.readFileSync(marker, 'utf8'));
    } catch {
      meta = undefined;
    }
    if (meta?.version === CORPUS_VERSION && meta.n === n && meta.kind === kind && meta.seed === seed && (meta.categories ?? 'even') === categories) {
      log(`  corpus ${name}: reusing ${dir}`);
    } else {
      const t0 = performance.now();
      fs.rmSync(dir, { recursive: true, force: true });
      generateCorpus({ n, kind, seed, out: dir, categories });
      log(`  corpus ${name}: generated in ${fmtMs(performance.now() - t0)} → ${dir}`);
    }
    return dir;
  }

  return { measureProject, compareWithEleventy, corpus };
}
