/**
 * Tokenized lines remembered by grammar, grammar state and text. Code repeats its lines far more than its blocks:
 * imports, closing brackets, the same JSX in another component, a translated page's code with one comment changed.
 * A line met again in the same state gives the same tokens and the same state after it, so it is tokenized once.
 */
import type { IGrammar, StateStack } from '@shikijs/vscode-textmate';
import { ClassNumbers, packRuns, unpackRuns, type LineRuns } from './line-runs.js';

/** A tokenized line: its runs and the grammar state after it. */
export interface TokenizedLine { runs: LineRuns; end: StateStack }

/** The fields of vscode-textmate's StateStackImpl that decide how the next line is tokenized. */
interface StateFields {
  parent: StateFields | null;
  ruleId: number;
  beginRuleCapturedEOL: boolean;
  endRule: string | null;
  nameScopesList: ScopeFields | null;
  contentNameScopesList: ScopeFields | null;
}

/** The fields of vscode-textmate's AttributedScopeStack. */
interface ScopeFields { parent: ScopeFields | null; scopePath: { scopeName: string }; tokenAttributes: number }

/** Lines longer than this are tokenized every time: long lines (minified code, data) seldom come again. */
const LONGEST_LINE = 400;

/**
 * A thread's remembered lines, keys and values of at most `limit` characters in all, in two generations (see
 * `keep`). A line is kept under its grammar's number, its state's number and its text, as one flat string: the
 * number of the state after it, then its packed runs (their text is the key's). A state is known by its number:
 * states with the same rules, end patterns and scopes share one (vscode-textmate's own `equals` compares those; the
 * positions it also keeps are reset at every line's start), and the first state a grammar met with a number stands
 * for all of that grammar's. 0 is a block's first line, which no later state equals (a grammar may anchor a pattern
 * to the start of the text).
 */
export class LineCache {
  private newer = new Map<string, string>();
  private older = new Map<string, string>();
  private readonly grammars = new WeakMap<IGrammar, number>();
  private readonly known = new WeakMap<object, number>();
  private readonly numbers = new Map<string, number>();
  /** The first state met with each number, by grammar. */
  private readonly states = new Map<number, StateStack[]>();
  private readonly classes = new ClassNumbers();
  private size = 0;

  constructor(private readonly limit: number) {}

  /** The line `text` of `grammar` after `state` (null on a block's first line), made by `tokenize` if not remembered. */
  line(grammar: IGrammar, text: string, state: StateStack | null, tokenize: () => TokenizedLine): TokenizedLine {
    if (text.length > LONGEST_LINE || this.limit <= 0) return tokenize();
    const g = this.grammarNumber(grammar);
    const states = this.states.get(g)!;
    const key = `${g} ${state === null ? 0 : this.stateNumber(state as unknown as StateFields)} ${text}`;
    const kept = this.kept(key);
    if (kept !== undefined) return { runs: unpackRuns(kept, 2, text, this.classes), end: states[kept.charCodeAt(0) * 0x10000 + kept.charCodeAt(1)]! };
    const made = tokenize();
    const end = this.stateNumber(made.end as unknown as StateFields);
    states[end] ??= made.end;
    const runs = packRuns(made.runs, text, this.classes);
    if (runs !== undefined && end < 0x100000000) this.keep(flat(key), flat(String.fromCharCode(Math.floor(end / 0x10000), end % 0x10000) + runs));
    return made;
  }

  /** The line kept under `key`, brought into the newer generation if it was in the older one. */
  private kept(key: string): string | undefined {
    const newer = this.newer.get(key);
    if (newer !== undefined) return newer;
    const older = this.older.get(key);
    if (older !== undefined) this.keep(flat(key), older);
    return older;
  }

  /**
   * Keeps `value` under `key` in the newer generation. Once that holds half the limit, it becomes the older one
   * and the older is dropped: a line met again lives on, and no entry is ever deleted one by one (deleting the
   * first entries of a Map one at a time makes each later first entry a walk past the deleted ones).
   */
  private keep(key: string, value: string): void {
    this.newer.set(key, value);
    this.size += key.length + value.length;
    if (this.size * 2 >= this.limit) {
      this.older = this.newer;
      this.newer = new Map();
      this.size = 0;
    }
  }

  private grammarNumber(grammar: IGrammar): number {
    let n = this.grammars.get(grammar);
    if (n === undefined) {
      this.grammars.set(grammar, (n = this.number(`g ${this.numbers.size}`)));
      this.states.set(n, []);
    }
    return n;
  }

  private stateNumber(s: StateFields): number {
    let n = this.known.get(s);
    if (n === undefined) {
      const parent = s.parent ? this.stateNumber(s.parent) : 0;
      const scopes = `${this.scopeNumber(s.nameScopesList)} ${this.scopeNumber(s.contentNameScopesList)}`;
      this.known.set(s, (n = this.number(`s ${parent} ${s.ruleId} ${s.beginRuleCapturedEOL ? 1 : 0} ${scopes} ${s.endRule ?? ''}`)));
    }
    return n;
  }

  private scopeNumber(s: ScopeFields | null): number {
    if (s === null) return 0;
    let n = this.known.get(s);
    if (n === undefined) {
      const parent = this.scopeNumber(s.parent);
      this.known.set(s, (n = this.number(`a ${parent} ${s.tokenAttributes} ${s.scopePath.scopeName}`)));
    }
    return n;
  }

  /** The number of a grammar, state or scope list described by `key` (never 0), the same for every equal one. */
  private number(key: string): number {
    let n = this.numbers.get(key);
    if (n === undefined) this.numbers.set(key, (n = this.numbers.size + 1));
    return n;
  }
}

/**
 * `s` as a copy of its own. A string built by joining others keeps them, and a slice keeps the string it was cut
 * from (here a whole block's text). Slicing a joined string makes V8 copy it into one piece first, and the slice
 * keeps only that piece (about 70 % less memory for a line than `s` as built).
 */
function flat(s: string): string {
  return ` ${s}`.slice(1);
}
