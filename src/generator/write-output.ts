/** Stage 6 sink: the only module that writes out/. Builds in a sibling temp folder and swaps it in at the end. */
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { problem, ReactsiteError } from './errors.js';

/** Files of a build: out-relative path -> contents. */
export type OutputFiles = Map<string, string | Uint8Array>;

/** Puts back an out/ left aside by a build killed mid-swap; removes leftovers of killed builds. */
export function recoverOutput(outDir: string): void {
  const parent = path.dirname(outDir);
  const name = path.basename(outDir);
  if (!fs.existsSync(parent)) return;
  const leftovers = fs.readdirSync(parent).filter((f) => f.startsWith(`.${name}.tmp-`) || f.startsWith(`.${name}.old-`));
  const old = leftovers.filter((f) => f.startsWith(`.${name}.old-`)).sort().pop();
  if (!fs.existsSync(outDir) && old) fs.renameSync(path.join(parent, old), outDir);
  for (const f of leftovers) if (fs.existsSync(path.join(parent, f))) fs.rmSync(path.join(parent, f), { recursive: true, force: true });
}

/** Writes `files` plus a copy of `publicDir` into a fresh folder, then swaps it in place of `outDir`;
 *  a file-system failure becomes a ReactsiteError naming the path, and the previous out/ stays as it was. */
export async function writeOutput(outDir: string, files: OutputFiles, publicDir: string | undefined): Promise<void> {
  try {
    await writeAndSwap(outDir, files, publicDir);
  } catch (e) {
    throw writeError(outDir, e);
  }
}

/** A failed write as a located problem with a fix; errors that are not file-system errors pass through. */
function writeError(outDir: string, e: unknown): unknown {
  const err = e as NodeJS.ErrnoException;
  if (!err?.code || e instanceof ReactsiteError) return e;
  const at = err.path ?? outDir;
  const hints: Record<string, string> = {
    ENOTDIR: `part of the path ${at} is a file, not a folder: pass --out a folder path, e.g. --out out`,
    EEXIST: `${at} is in the way: move it, or pass another --out`,
    EISDIR: `${at} is a folder where a file was expected: pass another --out`,
    EACCES: 'choose a folder you can write to (--out), or fix its permissions',
    EPERM: 'choose a folder you can write to (--out), or fix its permissions',
    EROFS: 'the file system is read-only: pass --out a writable folder',
    ENOSPC: 'the disk is full: free some space and build again',
  };
  return new ReactsiteError(problem(`cannot write the output folder ${outDir}: ${err.code} on ${at}`, { file: at, field: '--out', hint: hints[err.code] ?? 'pass --out a writable folder and build again' }), { cause: e });
}

async function writeAndSwap(outDir: string, files: OutputFiles, publicDir: string | undefined): Promise<void> {
  recoverOutput(outDir);
  const parent = path.dirname(outDir);
  fs.mkdirSync(parent, { recursive: true });
  const tmp = path.join(parent, `.${path.basename(outDir)}.tmp-${process.pid}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  try {
    if (publicDir && fs.existsSync(publicDir)) {
      for (const f of await fg('**/*', { cwd: publicDir, dot: false, onlyFiles: true })) {
        fs.mkdirSync(path.dirname(path.join(tmp, f)), { recursive: true });
        fs.copyFileSync(path.join(publicDir, f), path.join(tmp, f));
      }
    }
    const dirs = new Set<string>();
    for (const f of files.keys()) dirs.add(path.dirname(path.join(tmp, f)));
    for (const d of dirs) fs.mkdirSync(d, { recursive: true });
    await Promise.all([...files].map(([f, data]) => fs.promises.writeFile(path.join(tmp, f), data)));
    swapIn(tmp, outDir);
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}

/** Replaces `outDir` with `tmp` using two back-to-back renames; recoverOutput repairs a kill between them. */
function swapIn(tmp: string, outDir: string): void {
  const old = path.join(path.dirname(outDir), `.${path.basename(outDir)}.old-${process.pid}`);
  const had = fs.existsSync(outDir);
  if (had) fs.renameSync(outDir, old);
  try {
    fs.renameSync(tmp, outDir);
  } catch (e) {
    if (had) fs.renameSync(old, outDir);
    throw e;
  }
  if (had) fs.rmSync(old, { recursive: true, force: true });
}
