/** `reactsite build`: the pipeline into a temp folder, swapped in place of out/ only when the site is whole. */
import path from 'node:path';
import { projectCacheDir } from '../cache/cache-keys.js';
import { writeBuild } from '../output/output-dir.js';
import { startPagePool } from '../workers/page-pool.js';
import { guard, printTimings, report } from './guard.js';
import { resolveOptions, type CliFlags } from './options.js';

/** Runs a build with the command line's flags; resolves to the exit code. */
export async function runBuild(flags: CliFlags): Promise<number> {
  return guard(async () => {
    const t0 = performance.now();
    const opts = resolveOptions(flags);
    // First of all: a cold build waits on the workers' warm-up, which runs while this thread loads the rest.
    const pool = startPagePool(opts);
    let done;
    try {
      const { buildSite } = await import('../pipeline.js');
      // Pages go into a temp folder as they are made; out/ is only replaced once everything passed. An out/
      // made before the page store it links to was (re)made is not worth recycling.
      done = await writeBuild({ outDir: opts.outDir, trashDir: projectCacheDir(opts.root, 'trash'), publicDir: path.join(opts.root, 'public') }, async (output) => {
        const result = await buildSite(opts, { mode: 'build', output, pool });
        return { result, files: result.files, recyclable: result.pages.reused > 0 };
      });
    } finally {
      // Whatever happened: live workers would keep the process from exiting.
      await pool.close();
    }
    const { result } = done;
    Object.assign(result.timings, { write: done.writeMs, swap: done.swapMs });
    report(result.warnings);
    if (process.env.REACTSITE_TIMINGS === '1') printTimings(result.timings, { ...result.pages, threads: pool.stats });
    const warned = result.warnings.length ? ` (${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'})` : '';
    console.log(`✓ built ${result.routes.length} pages in ${((performance.now() - t0) / 1000).toFixed(2)} s → ${path.relative(process.cwd(), opts.outDir) || '.'}${warned}`);
  });
}
