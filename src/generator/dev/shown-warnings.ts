/**
 * The warnings dev has printed, by the file they were checked in: a warning is printed when it appears, not again
 * while it stays, and again when it comes back after a fix (a session-long memory hid the second mistake).
 */
import { formatProblem, type Problem } from '../problems/problem.js';

/** What dev has shown of each file's warnings. */
export class ShownWarnings {
  private readonly byFile = new Map<string, Set<string>>();

  /**
   * The warnings not on show yet, of the files `checked` (each file with every warning it has now, none for a file
   * now clean); those files' warnings that are gone are forgotten, so they are shown again if they return.
   */
  fresh(checked: ReadonlyMap<string, readonly Problem[]>): Problem[] {
    const out: Problem[] = [];
    for (const [file, warnings] of checked) {
      const before = this.byFile.get(file);
      const now = new Set<string>();
      for (const w of warnings) {
        const key = formatProblem(w);
        if (!before?.has(key) && !now.has(key)) out.push(w);
        now.add(key);
      }
      this.byFile.set(file, now);
    }
    return out;
  }
}
