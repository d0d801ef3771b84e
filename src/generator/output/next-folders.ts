/**
 * The folders a build that left no trash (no out/ before it, as in a cold build) leaves the next build of the same
 * out/: made by a detached process once the build is over, in the system's temp folder, and taken over by the next
 * build as its temp folder. Nothing is made inside the project after the build has ended, so a script that deletes
 * the project, or `.cache` and out/, right after a build never meets "Directory not empty".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isRunning } from '../cache/running-process.js';
import { runDetached } from './detached.js';
import { trashPrefix } from './recovery.js';

/** How long after a build ends its folders are started. */
export const FOLDERS_AFTER_MS = 500;

/**
 * How long made folders wait for the next build before they are deleted. New inodes are dear on a file system
 * without a journal only for a minute or five after many were deleted (each skips the recently freed ones); past
 * that, the next build makes 4,000 folders in about 0.1 s.
 */
export const FOLDERS_KEPT_MS = 120_000;

/** A site with fewer folders leaves its next build to make them (a few milliseconds) and starts no process. */
export const FOLDERS_AT_LEAST = 200;

/** The temp-folder entries of the folders made for `outDir`'s next build start with this (the maker's pid follows). */
export function foldersPrefix(outDir: string): string {
  return path.join(os.tmpdir(), `reactsite-folders-${trashPrefix(outDir)}`);
}

/** What tells a trash folder from one made anew or changed since (an inode number is reused at once). */
function trashStamp(s: { ino: number; birthtimeMs: number; mtimeMs: number }): string {
  return `${s.ino}:${s.birthtimeMs}:${s.mtimeMs}`;
}

/**
 * Makes the `folders` (out-relative, parents first) of the output just made, for the next build, in a detached
 * process that outlives this one: in `<foldersPrefix><pid>/out`. This build makes that process's folder (only
 * this user can enter it) and hands it the job there, so no one else can have made or written either. Only where
 * the temp folder is on out/'s file system (a rename must move them), and for `FOLDERS_AT_LEAST` folders or more.
 *
 * The process runs at the lowest priority, starts FOLDERS_AFTER_MS after the build, and gives up, deleting its
 * folder (before it starts, between every 256 folders and every second while it waits), once the trash folder is
 * gone, made anew or changed (the cache deleted, as before a cold build), another build of this out/ is running
 * (its temp folder is there: it started before these folders, or took them over), or `keepMs` have passed.
 */
export function foldersInBackground(outDir: string, trashDir: string, folders: readonly string[], keepMs = FOLDERS_KEPT_MS): void {
  if (folders.length < FOLDERS_AT_LEAST) return;
  let top: string | undefined;
  try {
    if (fs.statSync(os.tmpdir()).dev !== fs.statSync(path.dirname(outDir)).dev) return;
    fs.mkdirSync(trashDir, { recursive: true });
    const job = { parent: path.dirname(outDir), name: path.basename(outDir), trashDir, trash: trashStamp(fs.statSync(trashDir)), folders, wait: FOLDERS_AFTER_MS, keep: keepMs };
    const script = [
      'const fs = require("fs"), os = require("os"), path = require("path");',
      'const top = process.argv[1] + process.pid, root = path.join(top, "out"), jobFile = path.join(top, "job.json");',
      // The job comes from the build that started this process, right after it did.
      'const pause = new Int32Array(new SharedArrayBuffer(4));',
      'for (let i = 0; i < 100 && !fs.existsSync(jobFile); i++) Atomics.wait(pause, 0, 0, 20);',
      'let j;',
      'try {',
      '  const st = fs.lstatSync(top), uid = process.getuid ? process.getuid() : undefined;',
      '  if (!st.isDirectory() || (uid !== undefined && (st.uid !== uid || (st.mode & 0o077) !== 0))) process.exit(0);',
      '  j = JSON.parse(fs.readFileSync(jobFile, "utf8"));',
      '  fs.rmSync(jobFile);',
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
      '    fs.mkdirSync(root);',
      '    j.folders.forEach((d, i) => { if (i % 256 === 255 && !quiet()) throw new Error("given up"); fs.mkdirSync(path.join(root, d)); });',
      '  } catch { return drop(); }',
      '  const waiting = setInterval(() => { if (!fs.existsSync(root) || !quiet()) { clearInterval(waiting); drop(); } }, 1000);',
      '}, j.wait);',
    ].join('\n');
    const pid = runDetached(script, [foldersPrefix(outDir)]);
    if (!pid) return;
    fs.mkdirSync(foldersPrefix(outDir) + pid, { mode: 0o700 });
    top = foldersPrefix(outDir) + pid;
    fs.writeFileSync(path.join(top, 'job.json'), JSON.stringify(job), { flag: 'wx', mode: 0o600 });
  } catch {
    // Only the next build's speed depends on it: the process finds no job and ends.
    if (top) fs.rmSync(top, { recursive: true, force: true });
  }
}

/**
 * Takes over, as the temp folder `into`, the folders made for this build (foldersInBackground), whole or half made
 * (their maker then stops at its next folder, and this build makes the rest). Only folders whose parent belongs to
 * this user and no one else can enter are taken. Deletes those of makers that are gone. False when there are none.
 */
export function takeOverFolders(outDir: string, into: string): boolean {
  const prefix = foldersPrefix(outDir);
  let names: string[];
  try {
    names = fs.readdirSync(path.dirname(prefix)).filter((f) => f.startsWith(path.basename(prefix)));
  } catch {
    return false;
  }
  // Where there are users and modes (not on Windows, whose temp folder is the user's own).
  const uid = process.getuid?.();
  let taken = false;
  for (const name of names) {
    const top = path.join(path.dirname(prefix), name);
    try {
      const st = fs.lstatSync(top);
      if (!st.isDirectory() || (uid !== undefined && (st.uid !== uid || (st.mode & 0o077) !== 0))) continue;
      if (!taken) {
        try {
          fs.renameSync(path.join(top, 'out'), into);
          // What arrived is a folder of this user's (no one could swap it in meanwhile), or nothing is taken.
          const got = fs.lstatSync(into);
          taken = got.isDirectory() && (uid === undefined || got.uid === uid);
          if (!taken) fs.rmSync(into, { recursive: true, force: true });
        } catch {
          // Dropped or taken meanwhile.
        }
      }
      if (!isRunning(Number(name.slice(path.basename(prefix).length)))) fs.rmSync(top, { recursive: true, force: true });
    } catch {
      // Gone meanwhile.
    }
  }
  return taken;
}
