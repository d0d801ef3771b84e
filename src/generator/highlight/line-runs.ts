/**
 * A highlighted line as runs of text and CSS classes, made from its TextMate tokens, and packed into a few
 * characters for keeping (see line-cache.ts).
 */
import { tokenClass, whitespaceNeutral } from './code-palette.js';

/** One line's highlighted text as runs of [text, classes]: runs of the same class are one, default-styled text has "". */
export type LineRuns = [text: string, classes: string][];
/** A block's runs, line by line. */
export type BlockRuns = LineRuns[];

/** One line's tokens as runs: neighbours of the same class share a run, whitespace joins the run before it. */
export function lineRuns(line: string, tokens: readonly { startIndex: number; endIndex: number; scopes: string[] }[]): LineRuns {
  const out: LineRuns = [];
  let runClass = '';
  let runText = '';
  const flush = () => {
    if (runText) out.push([runText, runClass]);
    runText = '';
  };
  for (const t of tokens) {
    const text = line.slice(t.startIndex, Math.min(t.endIndex, line.length));
    if (!text) continue;
    const cls = tokenClass(t.scopes);
    // Whitespace looks the same in any colour: it joins the current run instead of opening a span.
    if (cls !== runClass && !(runText && /^\s+$/.test(text) && whitespaceNeutral(cls))) {
      flush();
      runClass = cls;
    }
    runText += text;
  }
  flush();
  return out;
}

/**
 * Numbers for class lists, so that a packed line names each run's classes in one character. A class list is one
 * of the themes' colour and style combinations: a few hundred at most.
 */
export class ClassNumbers {
  private readonly lists: string[] = [];
  private readonly numbers = new Map<string, number>();

  /** The number of `classes`, or undefined when no character is left for a new one. */
  numberOf(classes: string): number | undefined {
    let n = this.numbers.get(classes);
    if (n === undefined && this.lists.length <= 0xffff) this.numbers.set(classes, (n = this.lists.push(classes) - 1));
    return n;
  }

  /** The class list numbered `n`. */
  listOf(n: number): string {
    return this.lists[n]!;
  }
}

/**
 * `runs` of the line `line` as one string: each run's class number and length, a character each. The runs' text is
 * the line's, cut where the lengths say, so it is not kept twice. Undefined when the runs are not the line's text
 * in order, or a run is longer than 0xffff.
 */
export function packRuns(runs: LineRuns, line: string, classes: ClassNumbers): string | undefined {
  let packed = '';
  let at = 0;
  for (const [text, cls] of runs) {
    const n = classes.numberOf(cls);
    if (n === undefined || text.length > 0xffff || !line.startsWith(text, at)) return undefined;
    packed += String.fromCharCode(n, text.length);
    at += text.length;
  }
  return at === line.length ? packed : undefined;
}

/** The runs of `line` packed into `packed` from `start` on. */
export function unpackRuns(packed: string, start: number, line: string, classes: ClassNumbers): LineRuns {
  const runs: LineRuns = [];
  let at = 0;
  for (let i = start; i < packed.length; i += 2) {
    const end = at + packed.charCodeAt(i + 1);
    runs.push([line.slice(at, end), classes.listOf(packed.charCodeAt(i))]);
    at = end;
  }
  return runs;
}
