/** The lines of a block cache shard (`<64-hex key> <JSON>\n` each): where each is, and reading one back. */
import fs from 'node:fs';

/** Where a line is in its file: its first byte and its length in bytes (without the newline). */
export interface LineSpot { at: number; length: number }

const KEY = 64;
const SPACE = 32;
const NEWLINE = 10;
const CLOSE_BRACE = 125;

/**
 * Records in `into` where each whole, well-formed line of `buf` (which starts at byte `base` of its file) is, by
 * key; returns the file offset just past the last newline. A line cut short by a killed process ends without
 * `}` (or runs into the next line's key) and is skipped.
 */
export function indexLines(buf: Buffer, base: number, into: Map<string, LineSpot>): number {
  let start = 0;
  for (let nl = buf.indexOf(NEWLINE); nl >= 0; start = nl + 1, nl = buf.indexOf(NEWLINE, start)) {
    if (nl - start > KEY + 1 && buf[start + KEY] === SPACE && buf[nl - 1] === CLOSE_BRACE) into.set(buf.toString('latin1', start, start + KEY), { at: base + start, length: nl - start });
  }
  return base + start;
}

/** The key of the line at byte `at` of the open file `fd`; undefined if there is none. */
export function keyAt(fd: number, at: number): string | undefined {
  const buf = Buffer.allocUnsafe(KEY + 1);
  if (fs.readSync(fd, buf, 0, KEY + 1, at) !== KEY + 1 || buf[KEY] !== SPACE) return undefined;
  return buf.toString('latin1', 0, KEY);
}

/** The JSON of `key`'s line at `spot` of `file`; undefined when the file holds something else there or cannot be read. */
export function readLine(file: string, spot: LineSpot, key: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const buf = Buffer.allocUnsafe(spot.length);
    if (fs.readSync(fd, buf, 0, spot.length, spot.at) !== spot.length) return undefined;
    if (buf.toString('latin1', 0, KEY) !== key || buf[KEY] !== SPACE) return undefined;
    return buf.toString('utf8', KEY + 1);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
