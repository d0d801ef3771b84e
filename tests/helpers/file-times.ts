/** File times in tests: waiting out the racy margin, and putting an mtime back exactly. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { RACY_MS } from '../../src/generator/cache/file-stamps.js';

/** Waits until a change made now is past the racy margin of a file system that keeps fractions of a second. */
export function pastRacyMargin(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, RACY_MS.fine + 50));
}

/** The mtime of `file` to the nanosecond. */
export function mtimeNs(file: string): bigint {
  return fs.statSync(file, { bigint: true }).mtimeNs;
}

/** Puts the mtime `ns` back on `file` to the nanosecond, as `touch -r` does (utimes() takes a double and cannot). */
export function putMtimeBack(file: string, ns: bigint): void {
  execFileSync('touch', ['-m', '-d', `@${ns / 1_000_000_000n}.${String(ns % 1_000_000_000n).padStart(9, '0')}`, file]);
}
