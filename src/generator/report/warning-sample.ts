/**
 * Which warnings a build (and `reactsite dev`, see dev/terminal.ts) prints in full. A large site can have
 * thousands (2,761 pages of real documentation built with `--broken-links warn`: 17,677 warnings, 53,000 lines of
 * terminal); past PRINTED_WARNINGS a build prints a sample in which every kind shows examples, says how many it
 * left out, and the summary counts them all by kind. `build --verbose` prints every one.
 */
import type { Problem } from '../problems/problem.js';
import { warningKind } from './build-summary.js';

/** How many warnings a build prints in full. */
export const PRINTED_WARNINGS = 50;

/** Of one kind, how many are printed before other kinds get their turn. */
const PER_KIND = 10;

/**
 * The warnings to print, in their order: all of them up to `limit`; past it, up to PER_KIND of each kind in turn,
 * then the first of the rest while room is left; and how many are left out.
 */
export function warningSample(warnings: readonly Problem[], limit = PRINTED_WARNINGS): { shown: Problem[]; hidden: number } {
  if (warnings.length <= limit) return { shown: [...warnings], hidden: 0 };
  const picked = new Set<number>();
  const perKind = new Map<string, number>();
  for (let i = 0; i < warnings.length && picked.size < limit; i++) {
    const kind = warningKind(warnings[i]!);
    const n = perKind.get(kind) ?? 0;
    if (n >= PER_KIND) continue;
    perKind.set(kind, n + 1);
    picked.add(i);
  }
  for (let i = 0; i < warnings.length && picked.size < limit; i++) picked.add(i);
  const shown = warnings.filter((_, i) => picked.has(i));
  return { shown, hidden: warnings.length - shown.length };
}
