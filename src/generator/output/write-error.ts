/** File-system failures of the output folder as located problems, each with a fix. */
import { problem, ReactsiteError } from '../problems/problem.js';

/** A failed write as a located problem with a fix; errors that are not file-system errors pass through. */
export function writeError(outDir: string, e: unknown): unknown {
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
