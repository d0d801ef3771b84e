/**
 * The page store's index (`.cache/reactsite/pages/`). `index.json`: a line naming the format and this base's id,
 * a line per stored page (its head as JSON, a tab, then its link facts and links as JSON, which a build parses
 * only when it needs them and writes back as it read them), and the table of URLs those facts name by number,
 * last. `index.log`: what builds that changed a few pages added and dropped since, appended (a one-body build of
 * 4,000 pages no longer writes 17 MB); it names the base it applies to, and the next large change folds it in.
 * A page's URL numbers are written with each run of consecutive numbers as its first and the negated count of the
 * rest: the table numbers URLs as they first come, so a sidebar's hundreds, the same on every page of a category,
 * are one run (the real documentation's index: 22 MB before).
 */
import fs from 'node:fs';
import type { Problem } from '../problems/problem.js';
import type { SourceLink } from '../markdown/body-facts.js';
import { eachUrlPart, flatFacts, type PlainFacts } from '../verify/html-facts.js';
import { isPackRef, type PackRef } from './markdown-pack.js';

/** Bumped whenever the index format or what a page key covers changes. */
const FORMAT = 7;

/** A page's link facts and the links its body wrote (with their source lines). */
export interface PageLinks { facts: PlainFacts; links: SourceLink[] }

/**
 * An index entry: the page file's size and mtime, its pack, its word count and warnings, and its links either
 * parsed (`meta`) or as the JSON text the index holds (`raw`, URLs as numbers in the table).
 */
export interface Entry { size: number; mtimeMs: number; packed?: PackRef; words: number; warnings: Problem[]; raw?: string; meta?: PageLinks }

function isEntryHead(h: unknown): h is [string, number, number, PackRef | 0, number, Problem[]] {
  return Array.isArray(h) && h.length === 6 && typeof h[0] === 'string' && typeof h[1] === 'number' && typeof h[2] === 'number' && (h[3] === 0 || isPackRef(h[3])) && typeof h[4] === 'number' && Array.isArray(h[5]);
}

function isPageLinks(m: unknown): m is PageLinks {
  const e = m as { facts?: PlainFacts; links?: unknown } | undefined;
  const f = e?.facts;
  return Array.isArray(e?.links) && Array.isArray(f?.urls) && Array.isArray(f.ids) && Array.isArray(f.jsonLd) && Array.isArray(f.jsonLdProblems ?? []) && Array.isArray(f.metaImages) && typeof f.h1 === 'number';
}

/**
 * The entries, URL table and id of an index's text; undefined for another format, another generator's index
 * (`versions` given and not the ones it was written for: nothing of it is parsed or kept) or a torn file; throws
 * on a damaged line.
 */
export function parsePageIndex(text: string, versions?: string): { entries: Map<string, Entry>; urls: string[]; id: string } | undefined {
  const head = text.indexOf('\n');
  const first = head < 0 ? undefined : (JSON.parse(text.slice(0, head)) as { format?: unknown; id?: unknown; versions?: unknown });
  if (first?.format !== FORMAT || typeof first.id !== 'string') return undefined;
  if (versions !== undefined && first.versions !== versions) return undefined;
  const lines = text.split('\n');
  const urls = (JSON.parse(lines[lines.length - 1]!) as { urls?: unknown }).urls;
  if (!Array.isArray(urls) || !urls.every((u) => typeof u === 'string')) return undefined;
  const entries = new Map<string, Entry>();
  for (let i = 1; i < lines.length - 1; i++) {
    const line = lines[i]!;
    const tab = line.indexOf('\t');
    const head = tab > 0 ? (JSON.parse(line.slice(0, tab)) as unknown) : undefined;
    if (!isEntryHead(head)) throw new Error('a damaged index line');
    const [key, size, mtimeMs, packed, words, warnings] = head;
    entries.set(key, { size, mtimeMs, packed: packed || undefined, words, warnings, raw: line.slice(tab + 1) });
  }
  return { entries, urls, id: first.id };
}

/**
 * Applies the log's text to `entries` (read from the base `id`): a line `+head<TAB>links` (URLs as text) adds or
 * replaces an entry, `-["key",…]` drops entries. A log of another base changes nothing; a damaged line (a torn
 * append) is skipped, which costs at most a page rendered again. Returns how many lines were applied.
 */
export function applyPageLog(text: string, id: string, entries: Map<string, Entry>): number {
  const lines = text.split('\n');
  if (lines[0] !== JSON.stringify({ base: id })) return 0;
  let applied = 0;
  for (const line of lines.slice(1)) {
    try {
      if (line[0] === '-') {
        const keys = JSON.parse(line.slice(1)) as unknown;
        if (!Array.isArray(keys)) continue;
        for (const k of keys) entries.delete(String(k));
      } else if (line[0] === '+') {
        const tab = line.indexOf('\t');
        if (tab < 0) continue;
        const head = JSON.parse(line.slice(1, tab)) as unknown;
        const meta = JSON.parse(line.slice(tab + 1)) as unknown;
        if (!isEntryHead(head) || !isPageLinks(meta) || !meta.facts.urls.every((u) => typeof u === 'string')) continue;
        const [key, size, mtimeMs, packed, words, warnings] = head;
        entries.set(key, { size, mtimeMs, packed: packed || undefined, words, warnings, meta });
      } else continue;
      applied++;
    } catch {
      // A torn or damaged line: skipped.
    }
  }
  return applied;
}

/** Appends to the log of base `id` in `file` (started anew when `fresh`) the entries `put` and the removal of `drop`. */
export function appendPageLog(file: string, id: string, fresh: boolean, put: ReadonlyMap<string, Entry & { meta: PageLinks }>, drop: readonly string[]): void {
  // After a torn last line, the first line appended stands on a line of its own all the same.
  let text = fresh ? `${JSON.stringify({ base: id })}\n` : '\n';
  for (const [k, e] of put) text += `+${headOf(k, e)}\t${JSON.stringify({ ...e.meta, facts: flatFacts(e.meta.facts) })}\n`;
  if (drop.length) text += `-${JSON.stringify(drop)}\n`;
  // One write: a log is appended whole or, killed midway, torn in its last line only.
  if (fresh) fs.writeFileSync(file, text);
  else fs.appendFileSync(file, text);
}

/** An entry's head as the index and the log write it. */
function headOf(key: string, e: Entry): string {
  return JSON.stringify([key, e.size, e.mtimeMs, e.packed ?? 0, e.words, e.warnings]);
}

/** `numbers` with each run of three or more consecutive numbers as its first and the negated count of the rest. */
export function withRuns(numbers: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    out.push(numbers[i]!);
    if (j - i >= 2) out.push(i - j);
    else for (let k = i + 1; k <= j; k++) out.push(numbers[k]!);
    i = j + 1;
  }
  return out;
}

/** The numbers `withRuns` wrote; throws on a run with nothing before it. */
export function withoutRuns(written: readonly number[]): number[] {
  const out: number[] = [];
  for (const n of written) {
    if (n >= 0) out.push(n);
    else {
      if (!out.length) throw new Error('damaged');
      const last = out[out.length - 1]!;
      for (let k = 1; k <= -n; k++) out.push(last + k);
    }
  }
  return out;
}

/** The links of an entry's `raw` text, its URLs looked up in `urls`; throws when they are damaged. */
export function parseMeta(raw: string, urls: readonly string[]): PageLinks {
  const m = JSON.parse(raw) as unknown;
  if (!isPageLinks(m) || !m.facts.urls.every((n) => Number.isInteger(n))) throw new Error('damaged');
  m.facts.urls = withoutRuns(m.facts.urls as unknown as number[]).map((i) => urls[i]!);
  if (!m.facts.urls.every((u) => typeof u === 'string')) throw new Error('damaged');
  return m;
}

/**
 * Writes the index of `used` to `file` a piece at a time, its header naming the base's id and the generator's tool
 * versions. Entries read from the old index keep their text and the URL table `urls` only grows (in place),
 * unless most entries are new: then every entry is written anew with a table of its own. `metaOf` gives an
 * entry's parsed links.
 */
export function writePageIndex(file: string, base: { id: string; versions?: string }, used: ReadonlyMap<string, Entry>, urls: string[], metaOf: (key: string, e: Entry) => PageLinks): void {
  let fresh = 0;
  for (const e of used.values()) if (e.raw === undefined) fresh++;
  const anew = fresh * 2 > used.size;
  const table = anew ? [] : urls;
  const numbers = new Map(table.map((u, i) => [u, i]));
  const numberOf = (u: string): number => {
    let i = numbers.get(u);
    if (i === undefined) numbers.set(u, (i = table.push(u) - 1));
    return i;
  };
  // A list of URLs pages share (a sidebar's) is numbered once, for every page that shows it.
  const lists = new Map<readonly string[], number[]>();
  const fd = fs.openSync(file, 'w');
  try {
    let chunk = `${JSON.stringify({ format: FORMAT, ...base })}\n`;
    for (const [k, e] of used) {
      let raw = anew ? undefined : e.raw;
      if (raw === undefined) {
        const { facts, links } = metaOf(k, e);
        const ids: number[] = [];
        eachUrlPart(
          facts,
          (url) => ids.push(numberOf(url)),
          (urls) => {
            let known = lists.get(urls);
            if (!known) lists.set(urls, (known = urls.map(numberOf)));
            for (const n of known) ids.push(n);
          },
        );
        raw = JSON.stringify({ facts: { ...facts, urls: withRuns(ids), shared: undefined }, links });
      }
      chunk += `${headOf(k, e)}\t${raw}\n`;
      if (chunk.length > 1 << 20) {
        fs.writeSync(fd, chunk);
        chunk = '';
      }
    }
    fs.writeSync(fd, `${chunk}${JSON.stringify({ urls: table })}`);
  } finally {
    fs.closeSync(fd);
  }
}
