/** Reads a content file as text, refusing what is not text: binary data, invalid UTF-8, oversized files (2 MB for Markdown, 32 MB for JSON). */
import fs from 'node:fs';
import { problem, type Problem } from '../problems/problem.js';

/** Largest Markdown file accepted, in bytes (a long tutorial is about 30 KB). */
export const MAX_CONTENT_BYTES = 2 * 1024 * 1024;
/** Largest JSON data file accepted (a 4,000-tutorial registry written with two-space indents is about 2.5 MB). */
export const MAX_DATA_BYTES = 32 * 1024 * 1024;
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads `abs` (reported as `file`); returns its text or a problem saying why it can't be used. The read is
 * synchronous on purpose: for thousands of small files it is several times faster than fs.promises.readFile.
 */
export async function readText(abs: string, file: string): Promise<{ text?: string; problem?: Problem }> {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { problem: problem('file not found', { file, hint: 'create it (see README "Content model")' }) };
    return { problem: problem(`cannot read the file (${code ?? String(e)})`, { file, hint: 'check its permissions' }) };
  }
  const max = file.endsWith('.json') ? MAX_DATA_BYTES : MAX_CONTENT_BYTES;
  if (buf.length > max) {
    const hint = file.endsWith('.json') ? 'this is far more than any site needs: check that the file holds only content data' : 'split it into several tutorials';
    return { problem: problem(`file is ${(buf.length / 1048576).toFixed(1)} MB, over the ${max / 1048576} MB limit`, { file, hint }) };
  }
  if (buf.includes(0)) return { problem: problem('file is binary, not text (it contains NUL bytes)', { file, hint: 'save it as UTF-8 text' }) };
  try {
    const text = decoder.decode(buf);
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch {
    const at = firstInvalidUtf8Line(buf);
    return { problem: problem('file is not valid UTF-8', { file, line: at, hint: 're-save the file with UTF-8 encoding' }) };
  }
}

function firstInvalidUtf8Line(buf: Buffer): number {
  let line = 1;
  let start = 0;
  for (let i = 0; i <= buf.length; i++) {
    if (i === buf.length || buf[i] === 10) {
      try {
        decoder.decode(buf.subarray(start, i));
      } catch {
        return line;
      }
      line++;
      start = i + 1;
    }
  }
  return line;
}
