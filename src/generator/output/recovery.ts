/**
 * What keeps out/ whole across killed and concurrent builds: the trash of replaced out/ folders, recovery of a
 * swap cut short, and the swap lock.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isRunning } from '../cache/running-process.js';

/** Prefix of the trash entries of one out/ folder (its absolute path, hashed). */
export function trashPrefix(outDir: string): string {
  return `${createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 12)}-`;
}

/** The trash entries of `outDir`, oldest first (names end in a zero-padded time). */
export function trashEntries(trashDir: string | undefined, outDir: string): string[] {
  if (!trashDir || !fs.existsSync(trashDir)) return [];
  const prefix = trashPrefix(outDir);
  return fs.readdirSync(trashDir).filter((f) => f.startsWith(prefix)).sort();
}

/**
 * Puts back an out/ left aside by a build killed mid-swap (from the trash, or a sibling `.out.old-*`);
 * removes the temp and stale folders of killed builds. What belongs to a build still running is left alone.
 */
export function recoverOutput(outDir: string, trashDir?: string): void {
  const parent = path.dirname(outDir);
  const name = path.basename(outDir);
  if (!fs.existsSync(parent)) return;
  const pidOf = (f: string) => Number(f.split('-').pop());
  const leftovers = fs.readdirSync(parent).filter((f) => ['tmp', 'old', 'stale', 'folders'].some((kind) => f.startsWith(`.${name}.${kind}-`)) && !isRunning(pidOf(f)));
  const old = leftovers.filter((f) => f.startsWith(`.${name}.old-`)).sort().pop();
  // Only an out/ set aside by a swap that never finished: its killed build's temp folder is still there.
  const trashed = trashEntries(trashDir, outDir)
    .filter((f) => leftovers.includes(`.${name}.tmp-${pidOf(f)}`))
    .pop();
  if (!fs.existsSync(outDir) && trashed) fs.renameSync(path.join(trashDir!, trashed), outDir);
  else if (!fs.existsSync(outDir) && old) fs.renameSync(path.join(parent, old), outDir);
  for (const f of leftovers) if (fs.existsSync(path.join(parent, f))) fs.rmSync(path.join(parent, f), { recursive: true, force: true });
}

/**
 * Runs `f` while holding the swap lock of `outDir` (a file created exclusively next to it), so two builds of
 * one project never interleave their renames. A lock whose build is gone is taken over.
 */
export async function withSwapLock<T>(outDir: string, f: () => T): Promise<T> {
  const lock = path.join(path.dirname(outDir), `.${path.basename(outDir)}.swap-lock`);
  for (let waited = 0; ; waited += 20) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let holder = 0;
      try {
        holder = Number(fs.readFileSync(lock, 'utf8')) || 0;
      } catch {
        continue; // released meanwhile: try again at once
      }
      if ((holder && !isRunning(holder)) || waited > 30_000) fs.rmSync(lock, { force: true });
      else await new Promise((r) => setTimeout(r, 20));
    }
  }
  try {
    return f();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}
