/** How a command ends: problems printed (never a stack trace) and an exit code. */
import { CommanderError } from 'commander';
import { formatProblem, ReactsiteError, UsageError, type Problem } from '../problems/problem.js';
import { styleFor } from '../report/style.js';

/** Exit codes: success, content/build error, bad usage. */
export const EXIT = { ok: 0, error: 1, usage: 2 } as const;

/** Prints problems to stderr, one block each, in one write (a site with thousands of warnings made as many). */
export function report(problems: readonly Problem[]): void {
  if (problems.length) process.stderr.write(`${problems.map(formatProblem).join('\n')}\n`);
}

/** Runs a command; resolves to its exit code, printing the problems of a ReactsiteError. */
export async function guard(f: () => Promise<unknown>): Promise<number> {
  try {
    await f();
    return EXIT.ok;
  } catch (e) {
    if (e instanceof ReactsiteError) {
      report(e.problems);
      const errors = e.problems.filter((p) => p.severity === 'error').length;
      // A usage error stops before anything ran; any other means the run stopped without writing.
      console.error(`\n${styleFor(process.stderr).err('✗')} ${errors} error${errors === 1 ? '' : 's'}${e instanceof UsageError ? '' : '; nothing was written'}.`);
      return e instanceof UsageError ? EXIT.usage : EXIT.error;
    }
    if (e instanceof CommanderError) {
      console.error(e.message);
      return EXIT.usage;
    }
    throw e;
  }
}

/** Resolves on the first Ctrl-C or SIGTERM. */
export function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}

/** A --port value as a number, or a usage error. */
export function parsePort(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new CommanderError(EXIT.usage, 'reactsite.port', `error: --port "${v}" is not a port number (0-65535)`);
  return n;
}

/** Prints the `timings:` line of REACTSITE_TIMINGS=1 (stage times in ms, then counts), which tests and the bench read. */
export function printTimings(timings: Record<string, number>, counts: Record<string, unknown>): void {
  console.log(`timings: ${JSON.stringify({ ...Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v * 10) / 10])), ...counts })}`);
}
