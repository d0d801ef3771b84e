/** Stage 6 sink: the only module that writes out/. Builds in a sibling temp folder and swaps it in at the end. */
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';

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

/** Writes `files` plus a copy of `publicDir` into a fresh folder, then swaps it in place of `outDir`. */
export async function writeOutput(outDir: string, files: OutputFiles, publicDir: string | undefined): Promise<void> {
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
  fs.renameSync(tmp, outDir);
  if (had) fs.rmSync(old, { recursive: true, force: true });
}
