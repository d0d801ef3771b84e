/** Pure: where in the site's own sources an error was thrown, read from its (source-mapped) stack. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A position in a source file. */
export interface SourceLocation { file: string; line: number; column: number }

const FRAME = /\(?((?:file:\/\/)?(?:\/|[A-Za-z]:[\\/])[^():]*?):(\d+):(\d+)\)?\s*$/;

/** The first stack frame inside `dir` (absolute file, 1-based line and column), or undefined. */
export function locateInStack(stack: string | undefined, dir: string): SourceLocation | undefined {
  if (!stack) return undefined;
  const root = path.resolve(dir) + path.sep;
  for (const raw of stack.split('\n')) {
    const m = FRAME.exec(raw.trim());
    if (!m || !raw.trim().startsWith('at ')) continue;
    let file = m[1]!;
    if (file.startsWith('file://')) {
      try {
        file = fileURLToPath(file);
      } catch {
        continue;
      }
    }
    if (path.resolve(file).startsWith(root)) return { file: path.resolve(file), line: Number(m[2]), column: Number(m[3]) };
  }
  return undefined;
}
