/** `reactsite check`: the pipeline without writing, plus the content checks; exit 1 on any error. */
import { ReactsiteError } from '../problems/problem.js';
import { PagePool } from '../workers/page-pool.js';
import { limitHeapGrowth } from '../workers/heap-growth.js';
import { bodyCount, thisMachine, threadNote, workerCount } from '../workers/pool-plan.js';
import { Progress, progressDelay } from '../report/progress.js';
import { styleFor, useColor } from '../report/style.js';
import { guard, printTimings, report } from './guard.js';
import { resolveOptions, type CliFlags } from './options.js';

/** Runs a check with the command line's flags; resolves to the exit code. */
export async function runCheck(flags: CliFlags & { quiet?: boolean }): Promise<number> {
  return guard(async () => {
    // Nothing is written: the output folder is not checked.
    const opts = resolveOptions(flags, process.cwd(), { writes: false });
    // A check renders every body: its heaps' growth is held from the start, as a cold build's (see startPagePool).
    limitHeapGrowth(bodyCount(opts.root));
    // Workers start only if there are enough bodies to render (see PagePool.markdown).
    const pool = PagePool.start(workerCount(opts.threads), false);
    const note = threadNote(opts.threads, thisMachine());
    if (note && !flags.quiet) process.stderr.write(`${note}\n`);
    const progress = flags.quiet ? undefined : new Progress({ stream: process.stderr, escapes: useColor(process.stderr), delayMs: progressDelay() });
    let result;
    try {
      const { buildSite } = await import('../pipeline.js');
      result = await buildSite(opts, { mode: 'check', pool, progress });
    } finally {
      progress?.end();
      await pool.close();
    }
    if (process.env.REACTSITE_TIMINGS === '1') printTimings(result.timings, { threads: pool.stats });
    const { contentChecks } = await import('../verify/content-checks.js');
    const problems = [...result.warnings, ...(await contentChecks(opts.root, result))];
    if (problems.some((p) => p.severity === 'error')) throw new ReactsiteError(problems);
    if (flags.quiet) return;
    report(problems);
    console.log(`${styleFor(process.stdout).ok('✓')} checked ${result.routes.length} pages: ${problems.length ? `${problems.length} warning(s)` : 'no errors, no warnings'}`);
  });
}
