/** One problem found in the user's content or options: where it is, what is wrong and how to fix it. */
export interface Problem {
  file?: string;
  line?: number;
  column?: number;
  field?: string;
  message: string;
  hint?: string;
  severity: 'error' | 'warning';
}

/** The one error type of reactsite: carries every problem of a run, so all are reported together. */
export class ReactsiteError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[] | Problem, options?: { cause?: unknown }) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(list.map(formatProblem).join('\n'), options);
    this.name = 'ReactsiteError';
    this.problems = list;
  }
}

/** A ReactsiteError caused by the command line itself (a bad flag value): the CLI exits with code 2. */
export class UsageError extends ReactsiteError {
  constructor(problems: Problem[] | Problem) {
    super(problems);
    this.name = 'UsageError';
  }
}

/** Builds an error-severity problem. */
export function problem(message: string, where: Omit<Problem, 'message' | 'severity'> = {}): Problem {
  return { ...where, message, severity: 'error' };
}

/** Builds a warning-severity problem. */
export function warning(message: string, where: Omit<Problem, 'message' | 'severity'> = {}): Problem {
  return { ...where, message, severity: 'warning' };
}

/** Formats a problem as `file:line:col  field: message (hint)` for the terminal and the overlay. */
export function formatProblem(p: Problem): string {
  // Without a file, a command-line problem is headed by its flag (`error --out`), which its message then starts with.
  const loc = p.file ? `${p.file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''}` : (p.field ?? '');
  const head = `${p.severity === 'warning' ? 'warning' : 'error'}${loc ? ` ${loc}` : ''}`;
  const field = p.field && !p.message.startsWith(p.field) ? `${p.field}: ` : '';
  return `${head}\n  ${field}${p.message}${p.hint ? `\n  hint: ${p.hint}` : ''}`;
}

/** Throws a ReactsiteError when the list holds at least one error; warnings alone pass through. */
export function throwIfErrors(problems: Problem[]): void {
  if (problems.some((p) => p.severity === 'error')) throw new ReactsiteError(problems);
}

/** Nearest candidate by edit distance, for "did you mean" hints; undefined when nothing is close. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}
