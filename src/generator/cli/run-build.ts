/** `reactsite build`: the pipeline into a temp folder, swapped in place of out/ only when the site is whole. */
import fs from 'node:fs';
import path from 'node:path';
import { projectCacheDir } from '../cache/cache-keys.js';
import { writeBuild } from '../output/output-dir.js';
import { buildSummary } from '../report/build-summary.js';
import { summaryLines } from '../report/print-summary.js';
import { Progress, progressDelay } from '../report/progress.js';
import { styleFor, useColor } from '../report/style.js';
import { siteUrlAndBase } from '../render/site-data.js';
import { startPagePool } from '../workers/page-pool.js';
import { guard, printTimings, report } from './guard.js';
import { resolveOptions, type CliFlags } from './options.js';

/** How much `build` prints: `quiet` errors only, `verbose` a line per page too; `json` the summary as JSON on stdout, `report` to a file. */
export interface OutputFlags { quiet?: boolean; verbose?: boolean; json?: boolean; report?: string }

/** Runs a build with the command line's flags; resolves to the exit code. */
export async function runBuild(flags: CliFlags & OutputFlags): Promise<number> {
  return guard(async () => {
    const t0 = performance.now();
    const opts = resolveOptions(flags);
    // First of all: a cold build waits on the workers' warm-up, which runs while this thread loads the rest.
    const pool = startPagePool(opts);
    // Progress goes to stderr, so stdout stays the summary (or the JSON report) alone.
    const progress = flags.quiet || flags.json ? undefined : new Progress({ stream: process.stderr, escapes: useColor(process.stderr), delayMs: progressDelay() });
    let done;
    try {
      const { buildSite } = await import('../pipeline.js');
      // Pages go into a temp folder as they are made; out/ is only replaced once everything passed.
      done = await writeBuild({ outDir: opts.outDir, trashDir: projectCacheDir(opts.root, 'trash'), publicDir: path.join(opts.root, 'public') }, async (output) => {
        const result = await buildSite(opts, { mode: 'build', output, pool, progress });
        progress?.stage('write');
        return { result, files: result.files };
      });
    } finally {
      progress?.end();
      // Whatever happened: live workers would keep the process from exiting.
      await pool.close();
    }
    const { result } = done;
    Object.assign(result.timings, { write: done.writeMs, swap: done.swapMs });
    const wallMs = performance.now() - t0;
    if (process.env.REACTSITE_TIMINGS === '1') printTimings(result.timings, { ...result.pages, threads: pool.stats });
    if (flags.quiet && !flags.json && !flags.report) return;
    const summary = await buildSummary({ outDir: opts.outDir, sizes: done.sizes, base: siteUrlAndBase(result.content, opts).base, routes: result.routes, pages: result.pages, warnings: result.warnings, timings: result.timings, wallMs });
    if (flags.report) fs.writeFileSync(path.resolve(flags.report), `${JSON.stringify(summary, null, 2)}\n`);
    if (flags.json) return void process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    if (flags.quiet) return;
    report(result.warnings);
    const style = styleFor(process.stdout);
    const counts = `${result.pages.rendered} rendered, ${result.pages.reused} reused${result.warnings.length ? ` · ${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'}` : ''}`;
    console.log(`${style.ok('✓')} built ${result.routes.length} pages in ${(wallMs / 1000).toFixed(2)} s → ${path.relative(process.cwd(), opts.outDir) || '.'} ${style.dim(`(${counts})`)}`);
    if (flags.verbose) for (const r of result.routes) console.log(style.dim(`  ${r.path}  ${r.file}`));
    console.log(summaryLines(summary, style).join('\n'));
  });
}
