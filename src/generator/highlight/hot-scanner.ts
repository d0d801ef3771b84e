/**
 * Native scanners for the rules used often (see regex-engine.ts), sharing the lists' common tails. Rules that
 * include the same patterns build lists that differ in their first few (a rule's own end pattern, then
 * `#expression`'s 128): compiled whole, each such list compiled the shared tail again, and on 2,800 pages of real
 * documentation those copies were 60 of the 87 MB of Oniguruma's memory in a thread. A hot list is now a native
 * scanner of its own head and one of a tail it shares with other lists, compiled once for all of them.
 */
import type { RegexEngine } from 'shiki';

/** A scanner of Shiki's regex engines. */
export type Scanner = ReturnType<RegexEngine['createScanner']>;
/** What a scanner's search finds: the pattern's index and the captures, or null. */
export type Match = ReturnType<Scanner['findNextMatchSync']>;

/**
 * Whether an answer for `pattern` may not hold for a later start on the same line, even before the match it found:
 * with `\G` (a match only at the start) or `\K` (a match reported after where it began, which may be before the
 * later start). Such answers are never remembered. An escaped backslash before G or K counts too: a few more
 * searches, never a wrong answer.
 */
export function dependsOnStart(pattern: string): boolean {
  return /\\[GK]/.test(pattern);
}

/** The fewest patterns a shared tail has: below it, a list is compiled whole. */
export const MIN_SHARED_TAIL = 8;

/**
 * The pattern text (in characters) hot lists may compile whole before the next ones share tails: about 30 MB of
 * Oniguruma's memory, more than a site with code in the web languages alone compiles (docs-1000 and code-1000:
 * 240,000 characters a thread). A search through head and tail costs two native searches, each scanning on to
 * its own first match: with every hot list split, docs-1000's blocks took 6.0 s on one thread instead of 5.4,
 * and with a budget of 100,000 docs-4000 cold took 1.055 times as long (3 pairs in turns).
 */
export const WHOLE_LISTS_BUDGET = 300_000;

/**
 * A search of `head` (the list's first `headLength` patterns) and then of `tail` (the rest), answered as one
 * native scanner of the whole list answers: the leftmost match, and of matches at the same place the first
 * pattern's, so the head's.
 */
export function headThenTail(head: Scanner, headLength: number, tail: Scanner): Scanner {
  return {
    findNextMatchSync(s, start, options) {
      const h = head.findNextMatchSync(s, start, options);
      if (h && h.captureIndices[0]!.start === start) return h;
      const t = tail.findNextMatchSync(s, start, options);
      if (!t || (h && h.captureIndices[0]!.start <= t.captureIndices[0]!.start)) return h;
      return { index: t.index + headLength, captureIndices: t.captureIndices };
    },
  };
}

/** How many patterns `a` and `b` end with in common. */
export function sharedTailLength(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/**
 * Makes the native scanners of hot lists: `know` tells it every list the grammars build (the candidates for a
 * shared tail), `scanner` makes the one of a list that became hot: whole while `budget` lasts, else through a
 * shared tail. `single` gives a pattern's own scanner (a head of one pattern uses it), `remember` wraps a tail
 * without `\G` so that rules sharing it reuse its answer.
 */
export function hotScanners(base: RegexEngine, single: (pattern: string) => Scanner, remember: (s: Scanner) => Scanner, budget = WHOLE_LISTS_BUDGET) {
  const known: string[][] = [];
  let whole = 0;
  /** Compiled lists by their patterns: the native scanner, and the one lists sharing it as a tail search. */
  const tails = new Map<string, { patterns: string[]; native: Scanner; shared: Scanner }>();
  const compiled = (patterns: string[]) => {
    const key = patterns.join('\0');
    let t = tails.get(key);
    if (!t) {
      const native = base.createScanner(patterns);
      t = { patterns, native, shared: patterns.some(dependsOnStart) ? native : remember(native) };
      tails.set(key, t);
    }
    return t;
  };
  /** The tail of `patterns` to compile once: the longest compiled one it ends with, else the longest it shares. */
  const tailLength = (patterns: string[]): number => {
    let best = 0;
    for (const t of tails.values()) {
      const n = t.patterns.length;
      if (n > best && n <= patterns.length && sharedTailLength(patterns, t.patterns) === n) best = n;
    }
    if (best >= MIN_SHARED_TAIL) return best;
    best = 0;
    for (const other of known) if (other !== patterns) best = Math.max(best, sharedTailLength(patterns, other));
    return best >= MIN_SHARED_TAIL ? best : patterns.length;
  };
  return {
    know(patterns: string[]): void {
      known.push(patterns);
    },
    scanner(patterns: string[]): Scanner {
      const size = patterns.reduce((n, p) => n + p.length, 0);
      if (whole + size <= budget) {
        whole += size;
        return compiled(patterns).native;
      }
      const headLength = patterns.length - tailLength(patterns);
      const tail = compiled(patterns.slice(headLength)).shared;
      if (headLength === 0) return tail;
      const head = headLength === 1 ? single(patterns[0]!) : base.createScanner(patterns.slice(0, headLength));
      return headThenTail(head, headLength, tail);
    },
  };
}
