/** Problems from anything thrown, located; and the source lines around each, for the terminal and the dev overlay. */
import fs from 'node:fs';
import path from 'node:path';
import { codeFrame } from './code-frame.js';
import { problem, ReactsiteError, type Problem } from './problem.js';

/** A problem with the source lines around it (see code-frame.ts), as the terminal and the dev overlay show it. */
export interface FramedProblem extends Problem { frame?: string }

/** The errors of anything thrown; an unexpected exception becomes an "internal error" keeping the top of its stack. */
export function asProblems(e: unknown): Problem[] {
  if (e instanceof ReactsiteError) return e.problems.filter((p) => p.severity === 'error');
  return [problem(`internal error: ${(e as Error)?.message ?? String(e)}`, { hint: (e as Error)?.stack?.split('\n').slice(1, 4).join(' ').trim() })];
}

/** A path as the terminal shows it: relative to the working folder when inside it, else absolute. */
export function displayPath(abs: string): string {
  const rel = path.relative(process.cwd(), abs);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs;
}

/** Adds the source lines around each problem's line (files resolved against the project, then the working folder). */
export function withFrames(problems: readonly Problem[], root: string): FramedProblem[] {
  return problems.map((p) => {
    if (!p.file || !p.line) return p;
    for (const candidate of [path.resolve(root, p.file), path.resolve(p.file)]) {
      try {
        return { ...p, frame: codeFrame(fs.readFileSync(candidate, 'utf8'), p.line, p.column) || undefined };
      } catch {
        // try the next folder
      }
    }
    return p;
  });
}
