/**
 * Page facts between threads with their URLs and ids by number. Every page repeats the links of its layout, and in
 * a compact sidebar the hundreds of its category: sent as strings, each was copied twice on the way and hashed
 * again to be interned (0.75 s of the main thread in a registry-title build of real documentation). A worker
 * numbers each string the first time it sends it, and sends the new strings with the batch that first uses them;
 * a list of URLs many pages share (see SharedUrls) is numbered once too, and arrives as one array for all of them.
 */
import type { PlainFacts } from '../verify/html-facts.js';
import type { StoredPage } from '../store/page-store.js';
import { interned } from '../verify/html-facts.js';

/** Facts with their URLs and ids as numbers into the sending thread's table, and their shared URLs by list number. */
export type NumberedFacts = Omit<PlainFacts, 'urls' | 'ids' | 'shared'> & { urls: Int32Array; ids: Int32Array; shared?: { list: number; at: number }[] };

/** What a batch brings besides its results: the strings and shared lists numbered for the first time in it. */
export interface NewStrings { strings: string[]; lists: Int32Array[] }

/** A worker's side: the number of each string and shared list sent so far, and those new since the last `fresh()`. */
export class StringSender {
  private readonly numbers = new Map<string, number>();
  private readonly lists = new Map<readonly string[], number>();
  private added: NewStrings = { strings: [], lists: [] };

  /** `facts` with its URLs and ids numbered. */
  facts(facts: PlainFacts): NumberedFacts {
    const { shared, ...rest } = facts;
    const out: NumberedFacts = { ...rest, urls: this.numbered(facts.urls), ids: this.numbered(facts.ids) };
    if (shared) out.shared = shared.map((s) => ({ list: this.list(s.urls), at: s.at }));
    return out;
  }

  /** The strings and lists numbered since the last call, in the order of their numbers (sent before what uses them). */
  fresh(): NewStrings {
    const added = this.added;
    this.added = { strings: [], lists: [] };
    return added;
  }

  private list(urls: readonly string[]): number {
    let n = this.lists.get(urls);
    if (n === undefined) {
      this.lists.set(urls, (n = this.lists.size));
      this.added.lists.push(this.numbered(urls));
    }
    return n;
  }

  private numbered(list: readonly string[]): Int32Array {
    const out = new Int32Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const s = list[i]!;
      let n = this.numbers.get(s);
      if (n === undefined) {
        this.numbers.set(s, (n = this.numbers.size));
        this.added.strings.push(s);
      }
      out[i] = n;
    }
    return out;
  }
}

/** The main thread's side of one worker: its strings and shared lists by number, each string one copy through `pool`. */
export class StringReceiver {
  private readonly table: string[] = [];
  private readonly lists: string[][] = [];

  constructor(private readonly pool: Map<string, string>) {}

  /** Takes the strings and lists a batch brought, before its facts are read. */
  add(added: NewStrings): void {
    for (const s of added.strings) this.table.push(interned(s, this.pool));
    for (const list of added.lists) this.lists.push(this.strings(list));
  }

  /** `facts` with its URLs and ids as strings again. */
  facts(facts: NumberedFacts): PlainFacts {
    const { shared, ...rest } = facts;
    const out: PlainFacts = { ...rest, urls: this.strings(facts.urls), ids: this.strings(facts.ids) };
    if (shared)
      out.shared = shared.map(({ list, at }) => {
        const urls = this.lists[list];
        if (!urls) throw new Error(`a page worker sent URL list number ${list} before the list`);
        return { urls, at };
      });
    return out;
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

/** A page's meta as a worker sends it (pool-messages.ts): its facts' URLs and ids by number. */
export type SentPage = Omit<StoredPage, 'facts'> & { facts: NumberedFacts };

/** How the pool reads one worker's results: the strings a batch brings first, then each result. */
export interface ResultReader<R> { add(added: NewStrings): void; result(r: unknown): R }

/** The reader of one worker's pages in one run: their facts' strings and lists through a receiver into `pool`. */
export function pageReader(pool: Map<string, string>): ResultReader<StoredPage> {
  const table = new StringReceiver(pool);
  return { add: (added) => table.add(added), result: (r) => ({ ...(r as SentPage), facts: table.facts((r as SentPage).facts) }) };
}
