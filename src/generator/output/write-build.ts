/** A build's output written whole: into a temp folder next to out/, then swapped in (see OutputDir). */
import type { Stamp } from '../cache/file-stamps.js';
import { OutputDir, type OutputFiles } from './output-dir.js';
import { writeError } from './write-error.js';

/**
 * Runs `make` into a fresh temp folder next to `outDir` (public/ copied first; `make` may place files itself once
 * `output.ready()` resolves, which it does while `make` loads), writes the files it returns and swaps the folder in
 * place of `outDir`. On any failure the temp folder is dropped and `outDir` stays as it was; a file-system failure
 * becomes a located problem (see writeError). Returns `make`'s result, the time spent writing and swapping, the
 * size of every file placed, and with `stamp` the stamps of out/ as this build placed it (see commit).
 */
export async function writeBuild<R>(o: { outDir: string; trashDir?: string; publicDir?: string; stamp?: boolean }, make: (output: OutputDir) => Promise<{ result: R; files: OutputFiles }>): Promise<{ result: R; writeMs: number; swapMs: number; sizes: ReadonlyMap<string, number>; stamps?: Stamp[] }> {
  const output = OutputDir.open(o.outDir, o.trashDir);
  let made: Awaited<ReturnType<typeof make>>;
  let t1: number;
  const prepared = output.prepare(o.publicDir);
  // Awaited below, after `make`: a failure before then must not count as unhandled (it would end the process).
  prepared.catch(() => undefined);
  try {
    made = await make(output);
    await prepared;
    t1 = performance.now();
    for (const [f, data] of made.files) output.write(f, data);
  } catch (e) {
    // Nothing may still be copied into the temp folder when it is dropped.
    await prepared.catch(() => undefined);
    output.abort();
    throw writeError(o.outDir, e);
  }
  const t2 = performance.now();
  const stamps = await output.commit(o.stamp);
  return { result: made.result, writeMs: t2 - t1, swapMs: performance.now() - t2, sizes: output.sizes, stamps };
}
