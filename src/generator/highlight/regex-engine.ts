/**
 * A regex engine for Shiki whose scanners share compiled patterns. A TextMate grammar gives every rule its own
 * scanner over a list of patterns, and most lists repeat the same big patterns (every rule that includes
 * `#expression`): highlighting the site's 4,000 lines of JSX compiled 9,544 patterns, 465 of them distinct, and
 * compiling was 1.2 of the 1.5 s it took. Here each distinct pattern is compiled once, a new rule's scanner asks
 * its patterns one by one, and a rule used often gets native scanners (one native search per call, or two): see
 * hot-scanner.ts.
 */
import type { RegexEngine } from 'shiki';
import { dependsOnStart, hotScanners, type Match, type Scanner } from './hot-scanner.js';

/**
 * Searches of one rule's scanner after which its patterns are compiled together. Each such scanner compiles its
 * patterns again in Oniguruma's memory, which never shrinks: at 200, real documentation with many embedded
 * languages (2,800 pages of Astro, Vue and Rust docs) grew each thread's WebAssembly memory to 83 MB and the
 * build's peak to 715 MiB; at 2,000 it peaked at 628 MiB and ran 5 % faster, with the hot rules of JSX and
 * TypeScript still compiled together (docs-1000: the same time).
 */
export const HOT_SCANNER_SEARCHES = 2000;

/**
 * One pattern's scanner that remembers its last search: a later search of the same line from a start between
 * the last start and the match found (or after a search that found nothing) has the same answer. Not for
 * patterns whose answers depend on where the search starts (see dependsOnStart).
 */
export function rememberingScanner(scanner: Scanner): Scanner {
  let subject: Parameters<Scanner['findNextMatchSync']>[0] | undefined;
  let from = -1;
  let opts: number | undefined;
  let found: Match = null;
  return {
    findNextMatchSync(s, start, options) {
      if (s === subject && options === opts && from <= start && (found === null || found.captureIndices[0]!.start >= start)) return found;
      found = scanner.findNextMatchSync(s, start, options);
      subject = s;
      from = start;
      opts = options;
      return found;
    },
  };
}

/** `base` with scanners built from shared single-pattern scanners until hot (see the file comment). */
export function patternSharingEngine(base: RegexEngine, hotAfter = HOT_SCANNER_SEARCHES, wholeBudget?: number): RegexEngine {
  const singles = new Map<string, Scanner>();
  const lists = new Map<string, Scanner>();
  const single = (pattern: string): Scanner => {
    let s = singles.get(pattern);
    if (!s) {
      s = base.createScanner([pattern]);
      if (!dependsOnStart(pattern)) s = rememberingScanner(s);
      singles.set(pattern, s);
    }
    return s;
  };
  const hot = hotScanners(base, single, rememberingScanner, wholeBudget);
  const createScanner = (list: (string | RegExp)[]): Scanner => {
    const patterns = list.map(String);
    // Grammars that include each other (js, jsx, ts, tsx) build the same lists: one scanner serves them all.
    const key = patterns.join('\0');
    const known = lists.get(key);
    if (known) return known;
    hot.know(patterns);
    const parts = patterns.map(single);
    let searches = 0;
    let whole: Scanner | undefined = parts.length === 1 ? parts[0] : undefined;
    const scanner: Scanner = {
      findNextMatchSync(s, start, options) {
        if (!whole && ++searches > hotAfter) whole = hot.scanner(patterns);
        if (whole) return whole.findNextMatchSync(s, start, options);
        // Like the native scanner: the leftmost match, and of matches at the same place the first pattern's.
        let best: Match = null;
        let index = 0;
        for (let i = 0; i < parts.length; i++) {
          const m = parts[i]!.findNextMatchSync(s, start, options);
          if (m && (!best || m.captureIndices[0]!.start < best.captureIndices[0]!.start)) {
            best = m;
            index = i;
            if (m.captureIndices[0]!.start === start) break;
          }
        }
        return best && { index, captureIndices: best.captureIndices };
      },
      // Shared by every rule with this list, for the life of the engine: never freed by one of them.
      dispose() {},
    };
    lists.set(key, scanner);
    return scanner;
  };
  return { createScanner, createString: (s) => base.createString(s) };
}
