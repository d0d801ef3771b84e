/** `reactsite build`: the pipeline into a temp folder, swapped in place of out/ only when the site is whole. */
import fs from 'node:fs';
import path from 'node:path';
import { projectCacheDir } from '../cache/cache-keys.js';
import { unwritableCache } from '../cache/writable-cache.js';
import { writeBuild } from '../output/write-build.js';
import { forgetLastBuild, LastBuild, type BuildReport } from './last-build.js';
import { buildSummary } from '../report/build-summary.js';
import { GzipMemo } from '../report/gzip-memo.js';
import { summaryLines } from '../report/print-summary.js';
import { Progress, progressDelay } from '../report/progress.js';
import { styleFor, useColor } from '../report/style.js';
import { warningSample } from '../report/warning-sample.js';
import { siteUrlAndBase } from '../render/site-data.js';
import { startPagePool } from '../workers/build-pool.js';
import { thisMachine, threadNote } from '../workers/pool-plan.js';
import { guard, printTimings, report } from './guard.js';
import type { BuildOptions } from '../build-options.js';
import { makeSpreadFolder } from '../output/spread-folder.js';
import { resolveOptions, type CliFlags } from './options.js';
import { problem, ReactsiteError, UsageError, type Problem } from '../problems/problem.js';

/** How much `build` prints: `quiet` errors only, `verbose` a line per page and every warning too; `json` the summary as JSON on stdout, `report` to a file. */
export interface OutputFlags { quiet?: boolean; verbose?: boolean; json?: boolean; report?: string }

/** Runs a build with the command line's flags; resolves to the exit code. */
export async function runBuild(flags: CliFlags & OutputFlags): Promise<number> {
  return guard(async () => {
    try {
      await build(flags);
    } catch (e) {
      // A failed build still answers --json and --report: its problems, so that CI can read why.
      if (e instanceof ReactsiteError && !(e instanceof UsageError) && (flags.json || flags.report)) {
        const failed = { ok: false, errors: e.problems.filter((p) => p.severity === 'error').length, problems: e.problems };
        if (flags.report) fs.writeFileSync(path.resolve(flags.report), `${JSON.stringify(failed, null, 2)}\n`);
        if (flags.json) process.stdout.write(`${JSON.stringify(failed, null, 2)}\n`);
      }
      throw e;
    }
  });
}

/** Where --report writes: a file whose folder is made now and can be written, or a usage error. */
function reportProblems(file: string): Problem[] {
  const abs = path.resolve(file);
  const hint = 'pass a file path you can write, e.g. --report build-report.json';
  if (fs.existsSync(abs) && fs.statSync(abs).isDirectory()) return [problem(`--report ${abs} is a folder`, { field: '--report', hint })];
  try {
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.accessSync(fs.existsSync(abs) ? abs : path.dirname(abs), fs.constants.W_OK);
    return [];
  } catch (e) {
    return [problem(`--report ${abs} cannot be written (${(e as NodeJS.ErrnoException).code ?? 'error'})`, { field: '--report', hint })];
  }
}

/** One build, from the command line's flags to its printed report. */
async function build(flags: CliFlags & OutputFlags): Promise<void> {
  const t0 = performance.now();
  if (flags.report) throwIfUsage(reportProblems(flags.report));
  const asked = resolveOptions(flags);
  // A read-only checkout (the cache cannot be written) builds without the cache, and says so once.
  // The cache's folder is made where its files are cheap to make (see output/spread-folder.ts).
  const cacheWarning = asked.cache ? unwritableCache(asked.root, makeSpreadFolder) : undefined;
  const opts = cacheWarning ? { ...asked, cache: false } : asked;
  // Before anything else: when nothing changed since the last build, its out/ and report stand.
  const last = opts.cache ? new LastBuild(opts) : undefined;
  const unchanged = last?.unchanged();
  if (unchanged) return printBuild(flags, opts, { ...unchanged, pages: { rendered: 0, reused: unchanged.pages.rendered + unchanged.pages.reused, packed: 0 } }, t0, performance.now() - t0);
  // With the cache or without it: this build is about to replace out/.
  forgetLastBuild(opts.root, opts.outDir);
  // First of all: a cold build waits on the workers' warm-up, which runs while this thread loads the rest.
  const pool = startPagePool(opts);
  const note = flags.quiet || flags.json ? undefined : threadNote(opts.threads, thisMachine());
  if (note) process.stderr.write(`${note}\n`);
  // Progress goes to stderr, so stdout stays the summary (or the JSON report) alone.
  const progress = flags.quiet || flags.json ? undefined : new Progress({ stream: process.stderr, escapes: useColor(process.stderr), delayMs: progressDelay() });
  let done;
  try {
    const { buildSite } = await import('../pipeline.js');
    // Pages go into a temp folder as they are made; out/ is only replaced once everything passed.
    // The replaced out/ is kept in the cache's trash for the next build to recycle; without the cache it is deleted.
    done = await writeBuild({ outDir: opts.outDir, trashDir: opts.cache ? projectCacheDir(opts.root, 'trash') : undefined, publicDir: path.join(opts.root, 'public'), stamp: !!last }, async (output) => {
      const result = await buildSite(opts, { mode: 'build', output, pool, progress, inputStats: last?.inputStats(), siteKey: last?.siteKey });
      progress?.stage('write');
      return { result, files: result.files };
    });
  } finally {
    progress?.end();
    // Whatever happened: live workers would keep the process from exiting.
    await pool.close();
  }
  const { result } = done;
  if (cacheWarning) result.warnings.unshift(cacheWarning);
  Object.assign(result.timings, { write: done.writeMs, swap: done.swapMs });
  if (process.env.REACTSITE_TIMINGS === '1') printTimings(result.timings, { ...result.pages, threads: pool.stats });
  const printed = !flags.quiet || !!flags.json || !!flags.report;
  const gzip = new GzipMemo(opts.cache ? path.join(projectCacheDir(opts.root, 'report'), 'gzip-sizes.json') : undefined);
  const summaryOf = () => buildSummary({ outDir: opts.outDir, sizes: done.sizes, base: siteUrlAndBase(result.content, opts).base, routes: result.routes, pages: result.pages, warnings: result.warnings, timings: result.timings, wallMs: performance.now() - t0, gzip: gzip.size });
  // A quiet build makes its summary only for the record, and never fails on it.
  const summary = printed ? await summaryOf() : last ? await summaryOf().catch(() => undefined) : undefined;
  if (!summary) return;
  gzip.save();
  const report: BuildReport = { summary, warnings: result.warnings, routes: result.routes.map((r) => [r.path, r.file]), pages: result.pages };
  last?.record(done.stamps, report);
  printBuild(flags, opts, report, t0);
}

/** Throws the problems of the command line, if any, as a usage error (exit code 2). */
function throwIfUsage(problems: Problem[]): void {
  if (problems.length) throw new UsageError(problems);
}

/**
 * Prints a build's report as the flags ask. `unchangedMs`: the build found nothing changed since the last one
 * (whose report this is) in that time, its only stage.
 */
function printBuild(flags: CliFlags & OutputFlags, opts: BuildOptions, built: BuildReport, t0: number, unchangedMs?: number): void {
  const unchanged = unchangedMs !== undefined;
  if (unchanged && process.env.REACTSITE_TIMINGS === '1') printTimings({ unchanged: unchangedMs }, { ...built.pages, threads: { pages: { main: 0, workers: 0 }, markdown: { main: 0, workers: 0 }, highlighted: 0, early: false } });
  const wallMs = performance.now() - t0;
  const summary = { ok: true, ...built.summary, ...(unchanged && { stagesMs: { unchanged: Math.round(unchangedMs) } }), pages: { ...built.summary.pages, rendered: built.pages.rendered, reused: built.pages.reused }, wallMs: Math.round(wallMs) };
  if (flags.report) fs.writeFileSync(path.resolve(flags.report), `${JSON.stringify(summary, null, 2)}\n`);
  if (flags.json) return void process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  if (flags.quiet) return;
  const { shown, hidden } = flags.verbose ? { shown: built.warnings, hidden: 0 } : warningSample(built.warnings);
  report(shown);
  if (hidden) process.stderr.write(`… and ${hidden} more warning${hidden === 1 ? '' : 's'}, counted by kind below; --verbose prints every one\n`);
  const style = styleFor(process.stdout);
  const w = built.warnings.length;
  const counts = `${built.pages.rendered} rendered, ${built.pages.reused} reused${unchanged ? ', nothing changed since the last build' : ''}${w ? ` · ${w} warning${w === 1 ? '' : 's'}` : ''}`;
  console.log(`${style.ok('✓')} built ${summary.pages.total} pages in ${(wallMs / 1000).toFixed(2)} s → ${path.relative(process.cwd(), opts.outDir) || '.'} ${style.dim(`(${counts})`)}`);
  if (flags.verbose) for (const [p, file] of built.routes) console.log(style.dim(`  ${p}  ${file}`));
  console.log(summaryLines(summary, style).join('\n'));
}
