/** What dev prints: problems with their source lines, each distinct page error once, gate problems until fixed. */
import { formatProblem, type Problem } from '../problems/problem.js';
import { withFrames } from '../problems/framed-problems.js';
import { warningSample } from '../report/warning-sample.js';

/** Where dev's terminal lines go (console by default; tests collect them). */
export interface DevLog { log: (line: string) => void; logError: (line: string) => void }

/** Dev's terminal for one session. */
export class DevTerminal {
  /** Distinct page render errors of the current rebuild, with how many pages had each. */
  private pageErrors = new Map<string, number>();
  private gateShown = new Set<string>();

  constructor(
    private readonly root: string,
    readonly out: DevLog,
  ) {}

  /** Prints problems, each with the source lines around it. */
  problems(problems: readonly Problem[]): void {
    for (const p of withFrames(problems, this.root)) this.out.logError(`${formatProblem(p)}${p.frame ? `\n${p.frame.replace(/^/gm, '    ')}` : ''}`);
  }

  /** Prints warnings as a build does: past 50, a sample of every kind and how many were left out. */
  warnings(warnings: readonly Problem[]): void {
    const { shown, hidden } = warningSample(warnings);
    this.problems(shown);
    if (hidden) this.out.logError(`… and ${hidden} more warning${hidden === 1 ? '' : 's'}; \`reactsite build --verbose\` prints every one`);
  }

  /** Starts counting page errors afresh (a rebuild began). */
  newRebuild(): void {
    this.pageErrors = new Map();
  }

  /** A page's render error: a broken component breaks many pages the same way, so each distinct one is printed once. */
  readonly pageProblem = (p: Problem): void => {
    const key = `${p.file}:${p.line}:${p.column}:${p.message.replace(/^rendering \S+ failed: /, '')}`;
    this.pageErrors.set(key, (this.pageErrors.get(key) ?? 0) + 1);
    if (this.pageErrors.get(key) === 1) this.problems([p]);
  };

  /** Says on how many more pages the printed page errors happened too. */
  repeats(): void {
    const repeats = [...this.pageErrors.values()].reduce((n, c) => n + c - 1, 0);
    if (repeats) this.out.logError(`  (the same error${this.pageErrors.size === 1 ? '' : 's'} on ${repeats} more page${repeats === 1 ? '' : 's'})`);
  }

  /** The integrity gate's problems: each is printed once, until it is fixed. */
  gate(problems: readonly Problem[]): void {
    this.problems(problems.filter((p) => !this.gateShown.has(formatProblem(p))));
    this.gateShown = new Set(problems.map((p) => formatProblem(p)));
  }
}
