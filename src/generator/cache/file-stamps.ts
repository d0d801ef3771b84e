/**
 * Stamps of files and folders (kind, inode, size, mtime; ctime for inputs): what tells, without reading a file,
 * that it is still the one a build read or placed. A folder's mtime changes when an entry is added, removed or
 * renamed in it. An input's ctime changes with every write and cannot be set back, as an mtime can (`touch -r`,
 * an archive or a copy that keeps mtimes): a same-size edit with its old mtime put back still shows.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * One entry: its '/'-separated path relative to a root ("." for the root), "d" or "f", inode, size, mtime (ms)
 * and, for an input, ctime (ms). Placed files have none: the page store's hard links change theirs.
 */
export type Stamp = [rel: string, kind: 'd' | 'f', ino: number, size: number, mtimeMs: number, ctimeMs?: number];

function stampOf(rel: string, st: fs.Stats, input = false): Stamp {
  const stamp: Stamp = [rel, st.isDirectory() ? 'd' : 'f', st.ino, st.size, st.mtimeMs];
  if (input) stamp.push(st.ctimeMs);
  return stamp;
}

/** The racy margins (ms): for whole-second timestamps (FAT's are even two seconds), and for finer ones. */
export const RACY_MS = { wholeSeconds: 2000, fine: 100 };

/** Whether a time is a whole second (ms), as on a file system that keeps no fractions; an absent one is. */
function wholeSecond(t: number | undefined): boolean {
  return t === undefined || t % 1000 === 0;
}

/**
 * The racy margin of `stamps` (ms): a file changed this close before it was stamped (or later: a clock ahead)
 * could change again within the same timestamp tick with the same size, unseen by a later stamp. The first
 * time with a fraction ends the walk.
 */
export function racyMs(stamps: readonly Stamp[]): number {
  return stamps.every((s) => wholeSecond(s[4]) && wholeSecond(s[5])) ? RACY_MS.wholeSeconds : RACY_MS.fine;
}

/** When the file of a stamp last changed as far as its stamp tells: the later of its mtime and ctime. */
export function changedAt(s: Stamp): number {
  return Math.max(s[4], s[5] ?? 0);
}

/** Whether a file stat'ed at `stampedAt` or later (ms, a time taken before the stat) may change again unseen (see racyMs). */
export function racyStat(st: { mtimeMs: number; ctimeMs: number }, stampedAt: number): boolean {
  const margin = wholeSecond(st.mtimeMs) && wholeSecond(st.ctimeMs) ? RACY_MS.wholeSeconds : RACY_MS.fine;
  return Math.max(st.mtimeMs, st.ctimeMs) > stampedAt - margin;
}

/** A file's size, mtime and ctime, as a stat gave them. */
export type SizeAndTime = Pick<fs.Stats, 'size' | 'mtimeMs' | 'ctimeMs'>;

/** The stats a build took of its input files (root-relative paths), and when it started taking them (ms). */
export interface InputStats { files: ReadonlyMap<string, SizeAndTime>; at: number }

/** A file's stat and a time taken before it (ms), for racyStat. */
export type StampedStat = SizeAndTime & { at: number };

/** More entries than this under one tree (a link to a folder far above it, say) and treeStamps gives up. */
export const MAX_TREE_ENTRIES = 200_000;

/**
 * Stamps of every file under `dir`, sorted by path, with symbolic links followed (as the build reads its inputs);
 * none when `dir` does not exist. Folders are not stamped: the list of files shows what was added or removed. A
 * folder reached again through a link is not walked again. Throws when an entry cannot be read (a loop of links,
 * no permission) or the tree holds more than MAX_TREE_ENTRIES.
 */
export function treeStamps(dir: string): Stamp[] {
  const out: Stamp[] = [];
  const seen = new Set<string>();
  let entries = 0;
  const walk = (rel: string, st: fs.Stats) => {
    const id = `${st.dev}:${st.ino}`;
    if (seen.has(id)) return;
    seen.add(id);
    for (const name of fs.readdirSync(rel ? path.join(dir, rel) : dir).sort()) {
      if (++entries > MAX_TREE_ENTRIES) throw new Error(`more than ${MAX_TREE_ENTRIES} entries under ${dir}`);
      const r = rel ? `${rel}/${name}` : name;
      const child = fs.statSync(path.join(dir, r));
      if (child.isDirectory()) walk(r, child);
      else out.push(stampOf(r, child, true));
    }
  };
  const root = fs.statSync(dir, { throwIfNoEntry: false });
  if (root?.isDirectory()) walk('', root);
  return out;
}

/**
 * Stamps of `files` under `dir` and of every folder that holds them, `dir` itself included (as "."), without
 * following links; undefined when one is missing. A file in `known` is stamped from the lstat given there.
 */
export function placedStamps(dir: string, files: Iterable<string>, known?: ReadonlyMap<string, fs.Stats>): Stamp[] | undefined {
  const rels = new Set<string>(['.']);
  for (const f of files) {
    rels.add(f);
    for (let d = path.posix.dirname(f); d !== '.' && !rels.has(d); d = path.posix.dirname(d)) rels.add(d);
  }
  const out: Stamp[] = [];
  for (const rel of rels) {
    const st = known?.get(rel) ?? fs.lstatSync(path.join(dir, rel), { throwIfNoEntry: false });
    if (!st) return undefined;
    out.push(stampOf(rel, st));
  }
  return out;
}

/** Whether every entry of `stamps` under `dir` is still the same (same kind, inode, size, mtime and any ctime). */
export function stampsHold(dir: string, stamps: readonly Stamp[]): boolean {
  return stamps.every((s) => {
    const st = fs.lstatSync(path.join(dir, s[0]), { throwIfNoEntry: false });
    return !!st && sameStamp(stampOf(s[0], st, s[5] !== undefined), s);
  });
}

/** Whether two lists stamp the same entries the same way, in the same order. */
export function sameStamps(a: readonly Stamp[], b: readonly Stamp[]): boolean {
  return a.length === b.length && a.every((s, i) => sameStamp(s, b[i]!));
}

function sameStamp(a: Stamp, b: Stamp): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3] && a[4] === b[4] && a[5] === b[5];
}
