/**
 * Page facts between threads with their URLs and ids by number. Every page repeats the links of its layout, and in
 * a compact sidebar the hundreds of its category: sent as strings, each was copied twice on the way and hashed
 * again to be interned (0.75 s of the main thread in a registry-title build of real documentation). A worker
 * numbers each string the first time it sends it, and sends the new strings with the batch that first uses them.
 */
import type { PlainFacts } from '../verify/html-facts.js';
import { interned } from '../verify/html-facts.js';

/** Facts with their URLs and ids as numbers into the sending thread's table. */
export type NumberedFacts = Omit<PlainFacts, 'urls' | 'ids'> & { urls: Int32Array; ids: Int32Array };

/** A worker's side: the number of each string sent so far, and those new since the last `fresh()`. */
export class StringSender {
  private readonly numbers = new Map<string, number>();
  private added: string[] = [];

  /** `facts` with its URLs and ids numbered. */
  facts(facts: PlainFacts): NumberedFacts {
    return { ...facts, urls: this.numbered(facts.urls), ids: this.numbered(facts.ids) };
  }

  /** The strings numbered since the last call, in the order of their numbers (sent before what uses them). */
  fresh(): string[] {
    const added = this.added;
    this.added = [];
    return added;
  }

  private numbered(list: readonly string[]): Int32Array {
    const out = new Int32Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const s = list[i]!;
      let n = this.numbers.get(s);
      if (n === undefined) {
        this.numbers.set(s, (n = this.numbers.size));
        this.added.push(s);
      }
      out[i] = n;
    }
    return out;
  }
}

/** The main thread's side of one worker: its strings by number, each one copy shared through `pool`. */
export class StringReceiver {
  private readonly table: string[] = [];

  constructor(private readonly pool: Map<string, string>) {}

  /** Takes the strings a batch brought, before its facts are read. */
  add(strings: readonly string[]): void {
    for (const s of strings) this.table.push(interned(s, this.pool));
  }

  /** `facts` with its URLs and ids as strings again. */
  facts(facts: NumberedFacts): PlainFacts {
    return { ...facts, urls: this.strings(facts.urls), ids: this.strings(facts.ids) };
  }

  private strings(numbers: Int32Array): string[] {
    const out = new Array<string>(numbers.length);
    for (let i = 0; i < numbers.length; i++) {
      const s = this.table[numbers[i]!];
      if (s === undefined) throw new Error(`a page worker sent string number ${numbers[i]} before the string`);
      out[i] = s;
    }
    return out;
  }
}
