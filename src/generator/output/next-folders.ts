/**
 * The folders a build that left no trash (no out/ before it, as in a cold build) leaves the next build of the same
 * out/: made by a detached process once the build is over, in this user's private temp folder (private-temp.ts),
 * and taken over by the next build as its temp folder. Nothing is made inside the project after the build has
 * ended, so a script that deletes the project, or `.cache` and out/, right after a build never meets "Directory
 * not empty".
 */
import fs from 'node:fs';
import path from 'node:path';
import { runDetached } from './detached.js';
import { CLAIM_SCRIPT, claimOf, FOLDERS, privateTempNear } from './private-temp.js';
import { placedEntry } from './spread-folder.js';
import { trashPrefix } from './recovery.js';

/**
 * How long after a build ends its folders are started: at once, at the lowest priority. With 0.5 s, a script's edit
 * a second after a cold build found too few made and made the rest itself (code-4000: 1.00-1.95 s against
 * 0.79-1.30 s at once, 3 pairs in turns); back-to-back cold builds showed no difference.
 */
export const FOLDERS_AFTER_MS = 0;

/**
 * How long made folders wait for the next build before they are deleted. New inodes are dear on a file system
 * without a journal only for a minute or five after many were deleted (each skips the recently freed ones); past
 * that, the next build makes 4,000 folders in about 0.1 s.
 */
export const FOLDERS_KEPT_MS = 120_000;

/** A site with fewer folders leaves its next build to make them (a few milliseconds) and starts no process. */
export const FOLDERS_AT_LEAST = 200;

/** The kind of the private temp entries holding folders made for `outDir`'s next build (its path hashed). */
export function foldersKind(outDir: string): string {
  return `${FOLDERS}${trashPrefix(outDir)}`;
}

/** What tells a trash folder from one made anew or changed since (an inode number is reused at once). */
function trashStamp(s: { ino: number; birthtimeMs: number; mtimeMs: number }): string {
  return `${s.ino}:${s.birthtimeMs}:${s.mtimeMs}`;
}

/**
 * Makes the `folders` (out-relative, parents first) of the output just made, for the next build, in a detached
 * process that outlives this one, under `out` in a new private temp entry that this build makes with the job in it
 * and the process claims. Only where that folder is on out/'s file system (a rename must move them), and for
 * `FOLDERS_AT_LEAST` folders or more.
 *
 * The process runs at the lowest priority, starts FOLDERS_AFTER_MS after the build, and gives up, deleting its
 * entry (before it starts, between every 256 folders and every second while it waits), once the trash folder is
 * gone, made anew or changed (the cache deleted, as before a cold build), another build of this out/ is running
 * (its temp folder is there: it started before these folders, or took them over), or `keepMs` have passed.
 */
export function foldersInBackground(outDir: string, trashDir: string, folders: readonly string[], keepMs = FOLDERS_KEPT_MS): void {
  if (folders.length < FOLDERS_AT_LEAST) return;
  const dir = privateTempNear(path.dirname(outDir));
  if (!dir) return;
  let entry: string | undefined;
  try {
    fs.mkdirSync(trashDir, { recursive: true });
    const job = { parent: path.dirname(outDir), name: path.basename(outDir), trashDir, trash: trashStamp(fs.statSync(trashDir)), folders, wait: FOLDERS_AFTER_MS, keep: keepMs };
    // The folders go in `out`, made in the entry with it where ext4 makes inodes cheaply (see placedEntry).
    entry = placedEntry(dir, foldersKind(outDir), 'out');
    fs.writeFileSync(path.join(entry, 'job.json'), JSON.stringify(job));
    const script = [
      'const fs = require("fs"), os = require("os"), path = require("path");',
      CLAIM_SCRIPT,
      'const top = claim(process.argv[1]), root = path.join(top, "out");',
      'let j;',
      'try {',
      '  fs.renameSync(process.argv[1], top);',
      '  j = JSON.parse(fs.readFileSync(path.join(top, "job.json"), "utf8"));',
      '  fs.rmSync(path.join(top, "job.json"));',
      '} catch { process.exit(0); }',
      'try { os.setPriority(19); } catch {}',
      `const stamp = ${trashStamp.toString()};`,
      'const until = Date.now() + j.wait + j.keep;',
      'const quiet = () => {',
      '  try {',
      '    return stamp(fs.statSync(j.trashDir)) === j.trash && Date.now() < until && !fs.readdirSync(j.parent).some((f) => f.startsWith("." + j.name + ".tmp-"));',
      '  } catch { return false; }',
      '};',
      // Renamed first, so that a build taking the folders over meanwhile gets all of them or none.
      'const drop = () => { try { fs.renameSync(root, path.join(top, "dropped")); } catch {} try { fs.rmSync(top, { recursive: true, force: true }); } catch {} };',
      'setTimeout(() => {',
      '  if (!quiet()) return drop();',
      '  try {',
      '    j.folders.forEach((d, i) => { if (i % 256 === 255 && !quiet()) throw new Error("given up"); fs.mkdirSync(path.join(root, d)); });',
      '  } catch { return drop(); }',
      '  const waiting = setInterval(() => { if (!fs.existsSync(root) || !quiet()) { clearInterval(waiting); drop(); } }, 1000);',
      '}, j.wait);',
    ].join('\n');
    if (runDetached(script, [entry])) return;
  } catch {
    // Only the next build's speed depends on it.
  }
  if (entry) fs.rmSync(entry, { recursive: true, force: true });
}

/**
 * Takes over, as the temp folder `into`, the folders made for this build (foldersInBackground), whole or half made
 * (their maker then stops at its next folder, and this build makes the rest). False when there are none.
 */
export function takeOverFolders(outDir: string, into: string): boolean {
  const dir = privateTempNear(path.dirname(outDir));
  if (!dir) return false;
  const kind = foldersKind(outDir);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((f) => claimOf(f, kind) !== undefined);
  } catch {
    return false;
  }
  for (const name of names) {
    try {
      fs.renameSync(path.join(dir, name, 'out'), into);
      if (fs.lstatSync(into).isDirectory()) return true;
      fs.rmSync(into, { force: true });
    } catch {
      // Not made yet, dropped or taken meanwhile.
    }
  }
  return false;
}
