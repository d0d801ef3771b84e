/**
 * A page's facts read from its pieces (see PagePieces). A page's own pieces are scanned as they come; a string many
 * pages share (the sidebar's list of a category: on real documentation up to 250 kB of each page) is scanned once,
 * its findings kept in order of where they are, and each span of it takes the findings inside it. The facts are
 * those htmlFacts reads off the joined page (tests/unit/page-pieces.test.tsx compares them).
 */
import type { PagePieces, SharedSpan } from '../../site/types.js';
import { piecesText } from '../../site/document/page-pieces.js';
import { attributeFact, decodeAttr, eachAttribute, h1Starts, headFacts, htmlFacts, interned, jsonLdBlocks, refreshIn, type HtmlFacts, type SharedUrls } from './html-facts.js';

/**
 * What a shared string holds that the facts read, in order of where each finding starts: its place, the furthest
 * end of those before it, and for the findings before each one how many URLs, ids, h1 elements and JSON-LD blocks
 * they hold (so a span's are one slice), and its meta refreshes (by finding).
 */
interface Findings {
  start: Int32Array;
  end: Int32Array;
  endBefore: Int32Array;
  urls: string[];
  ids: string[];
  jsonLd: string[];
  refresh: { at: number; url: string }[];
  urlsBefore: Int32Array;
  idsBefore: Int32Array;
  h1Before: Int32Array;
  jsonLdBefore: Int32Array;
}

type Found = { start: number; end: number; urls?: string[]; id?: string; h1?: true; jsonLd?: string; refresh?: string };

/** The findings of a shared string; `one` gives the copy of a URL or id to keep. */
function findingsOf(html: string, one: (s: string) => string): Findings {
  const found: Found[] = [];
  eachAttribute(html, (name, raw, start, end) => found.push({ start, end, ...attributeFact(name, raw) }));
  for (const start of h1Starts(html)) found.push({ start, end: start + 3, h1: true });
  for (const b of jsonLdBlocks(html)) found.push({ start: b.start, end: b.end, jsonLd: b.text });
  const refresh = refreshIn(html);
  if (refresh) found.push({ start: refresh.start, end: refresh.end, refresh: refresh.url });
  found.sort((a, b) => a.start - b.start);
  const n = found.length;
  const f: Findings = { start: new Int32Array(n), end: new Int32Array(n), endBefore: new Int32Array(n + 1), urls: [], ids: [], jsonLd: [], refresh: [], urlsBefore: new Int32Array(n + 1), idsBefore: new Int32Array(n + 1), h1Before: new Int32Array(n + 1), jsonLdBefore: new Int32Array(n + 1) };
  found.forEach((x, i) => {
    f.start[i] = x.start;
    f.end[i] = x.end;
    for (const url of x.urls ?? []) f.urls.push(one(url));
    if (x.id !== undefined) f.ids.push(one(x.id));
    if (x.jsonLd !== undefined) f.jsonLd.push(x.jsonLd);
    if (x.refresh !== undefined) f.refresh.push({ at: i, url: x.refresh });
    f.endBefore[i + 1] = Math.max(f.endBefore[i]!, x.end);
    f.urlsBefore[i + 1] = f.urls.length;
    f.idsBefore[i + 1] = f.ids.length;
    f.h1Before[i + 1] = f.h1Before[i]! + (x.h1 ? 1 : 0);
    f.jsonLdBefore[i + 1] = f.jsonLd.length;
  });
  return f;
}

/** The index of the first finding that starts at or after `at`. */
function firstFrom(start: Int32Array, at: number): number {
  let lo = 0;
  let hi = start.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (start[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A run of a shared string's URLs: `f.urls` from `from` to `to`. */
interface UrlRun { f: Findings; from: number; to: number }

/** What a page's facts gather, piece by piece: its URLs as own lists and runs of shared ones, in order. */
interface Gathered { urls: (string[] | UrlRun)[]; ids: Set<string>; h1: number; jsonLd: string[]; refresh?: string }

/**
 * The page's URLs: its own, and each shared string's whole list as one of `shared` (the same array on every page
 * that holds it, so the main thread keeps it once: on real documentation each page's sidebar URLs were 22 MB of its
 * heap); a part of a list (a long category's window) among its own.
 */
function pageUrls(parts: Gathered['urls']): { urls: string[]; shared?: SharedUrls[] } {
  const urls: string[] = [];
  const shared: SharedUrls[] = [];
  for (const p of parts) {
    if (Array.isArray(p)) for (const url of p) urls.push(url);
    else if (p.from === 0 && p.to === p.f.urls.length) shared.push({ urls: p.f.urls, at: urls.length });
    else for (let i = p.from; i < p.to; i++) urls.push(p.f.urls[i]!);
  }
  return shared.length ? { urls, shared } : { urls };
}

/**
 * The facts of pages made of pieces, with the findings of each shared string kept for the next page. Given a
 * `pool`, their URLs and ids are the pool's one copy of each (see interned): the main thread keeps every page's
 * facts until the gate, and each repeats the links of its layout (kept once, the "/tutorial/..." strings of a
 * docs-4000 build's main heap went from 31 MB to 2.4 MB in heap snapshots).
 */
export class PieceFacts {
  private readonly found = new Map<string, Findings>();

  constructor(private readonly pool?: Map<string, string>) {}

  /**
   * The facts of the page `pieces` make; its head must be in its first piece (else the joined page is read). What
   * comes from a page's own pieces is copied (a slice would keep the page's HTML alive); what comes from a shared
   * string is the same string on every page, so a thread that numbers or interns it finds it at once.
   */
  of(pieces: PagePieces): HtmlFacts {
    const first = pieces[0];
    const headEnd = typeof first === 'string' ? first.indexOf('</head>') : -1;
    if (headEnd < 0) return structuredClone(htmlFacts(piecesText(pieces)));
    const g: Gathered = { urls: [], ids: new Set(), h1: 0, jsonLd: [] };
    for (const piece of pieces) {
      if (typeof piece === 'string') this.own(piece, g);
      else this.span(piece, g);
    }
    const { urls, shared } = pageUrls(g.urls);
    if (g.refresh) urls.push(decodeAttr(g.refresh));
    const head = structuredClone(headFacts((first as string).slice(0, headEnd)));
    return { urls, ...(shared && { shared }), ids: g.ids, h1: g.h1, title: head.title, description: head.description, canonical: head.canonical, refresh: g.refresh && decodeAttr(g.refresh), jsonLd: g.jsonLd, metaImages: head.metaImages.map((s) => this.one(s)) };
  }

  /** The pool's copy of `s`, or `s` without a pool. */
  private one(s: string): string {
    return this.pool ? interned(s, this.pool) : s;
  }

  /** Reads a page's own piece into `g` (copies of what it finds). */
  private own(piece: string, g: Gathered): void {
    const found = { urls: [] as string[], ids: [] as string[], jsonLd: jsonLdBlocks(piece).map((b) => b.text), refresh: refreshIn(piece)?.url };
    eachAttribute(piece, (name, raw) => {
      const fact = attributeFact(name, raw);
      if ('id' in fact) found.ids.push(fact.id);
      else for (const url of fact.urls) found.urls.push(url);
    });
    const copy = structuredClone(found);
    if (copy.urls.length) g.urls.push(this.pool ? copy.urls.map((url) => this.one(url)) : copy.urls);
    for (const id of copy.ids) g.ids.add(this.one(id));
    for (const block of copy.jsonLd) g.jsonLd.push(block);
    g.refresh ??= copy.refresh;
    g.h1 += h1Starts(piece).length;
  }

  /** Adds what a span of a shared string holds to `g`. A finding that crosses its edge is a renderer bug. */
  private span(span: SharedSpan, g: Gathered): void {
    let f = this.found.get(span.shared);
    if (!f) this.found.set(span.shared, (f = findingsOf(span.shared, (s) => this.one(s))));
    const a = firstFrom(f.start, span.from);
    const b = firstFrom(f.start, span.to);
    if (f.endBefore[a]! > span.from) throw new Error(`a page piece starts inside an attribute or element of ${JSON.stringify(span.shared.slice(Math.max(0, span.from - 40), span.from + 40))}`);
    for (let i = a; i < b; i++) if (f.end[i]! > span.to) throw new Error(`a page piece ends inside an attribute or element: ${JSON.stringify(span.shared.slice(f.start[i]!, f.end[i]!))}`);
    const [from, to] = [f.urlsBefore[a]!, f.urlsBefore[b]!];
    const last = g.urls[g.urls.length - 1];
    // Spans of one string around an own piece without URLs (the current entry's mark) make one run.
    if (last && !Array.isArray(last) && last.f === f && last.to === from) last.to = to;
    else if (to > from) g.urls.push({ f, from, to });
    for (let i = f.idsBefore[a]!; i < f.idsBefore[b]!; i++) g.ids.add(f.ids[i]!);
    g.h1 += f.h1Before[b]! - f.h1Before[a]!;
    for (let i = f.jsonLdBefore[a]!; i < f.jsonLdBefore[b]!; i++) g.jsonLd.push(f.jsonLd[i]!);
    g.refresh ??= f.refresh.find((r) => r.at >= a && r.at < b)?.url;
  }
}
