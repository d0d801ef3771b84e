/** Pure, fast facts about a generated HTML page (our own React output), read with string scans. */
import type { Problem } from '../problems/problem.js';

/**
 * URLs a page has in common with others (its sidebar list's, its navigation bar's: see PieceFacts), one array for
 * all of them, and where they come among the page's own: before `urls[at]`.
 */
export interface SharedUrls { urls: readonly string[]; at: number }

/** What the integrity gate needs to know about one page. */
export interface HtmlFacts {
  /** URLs in href, src, data-src, srcset and meta-refresh, in document order (but for `shared`'s: see allUrls). */
  urls: string[];
  /** Lists of URLs shared with other pages, in document order (by `at`). */
  shared?: SharedUrls[];
  ids: Set<string>;
  h1: number;
  title?: string;
  description?: string;
  canonical?: string;
  refresh?: string;
  jsonLd: string[];
  /** Problems of the JSON-LD blocks when they were checked where the page was rendered (then `jsonLd` is empty). */
  jsonLdProblems?: Problem[];
  metaImages: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#x27': "'", '#39': "'", '#x2F': '/' };

/** Decodes the entities React and our templates write in attribute values. */
export function decodeAttr(v: string): string {
  if (!v.includes('&')) return v;
  return v.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (ENTITIES[e]) return ENTITIES[e]!;
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10));
    return m;
  });
}

/** Attribute names whose values are URLs or ids, by the char code of their last letter (just before `="`). */
const NAMES_BY_LAST: (string[] | undefined)[] = [];
for (const name of ['href', 'src', 'data-src', 'srcSet', 'srcset', 'id']) (NAMES_BY_LAST[name.charCodeAt(name.length - 1)] ??= []).push(name);
const META = new Map(['description', 'og:image', 'twitter:image'].map((name) => [name, new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`)]));
const REFRESH = '<meta http-equiv="refresh" content="0; url=';
const JSON_LD = '<script type="application/ld+json">';

/** Whether char code `c` is one JavaScript's `\s` matches. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Which of the attributes we read ends just before `at` (an `="`), preceded by white space; undefined if none. */
function attributeAt(html: string, at: number): string | undefined {
  const names = NAMES_BY_LAST[html.charCodeAt(at - 1)];
  if (names === undefined) return undefined;
  for (const name of names) {
    const start = at - name.length;
    if (start > 0 && html.startsWith(name, start) && isSpace(html.charCodeAt(start - 1))) return name;
  }
  return undefined;
}

/**
 * Each `\s(href|src|data-src|srcSet|srcset|id)="value"` of `html`, in order, found by jumping from `="` to `="`,
 * with where it starts (its name) and ends (after its closing quote).
 */
export function eachAttribute(html: string, visit: (name: string, value: string, start: number, end: number) => void): void {
  for (let at = html.indexOf('="'); at >= 0; ) {
    const name = attributeAt(html, at);
    const close = name ? html.indexOf('"', at + 2) : -1;
    if (close < 0) {
      at = html.indexOf('="', at + 2);
      continue;
    }
    visit(name!, html.slice(at + 2, close), at - name!.length, close + 1);
    at = html.indexOf('="', close + 1);
  }
}

/** What an attribute the gate reads gives: an id, or the URLs of a link, source or srcset (decoded). */
export function attributeFact(name: string, raw: string): { id: string } | { urls: string[] } {
  const value = decodeAttr(raw);
  if (name === 'id') return { id: value };
  if (name[3] === 'S' || name[3] === 's') return { urls: value.split(',').map((part) => part.trim().split(/\s+/)[0]!) };
  return { urls: [value] };
}

/** Where each `<h1` followed by white space or `>` starts in `html`. */
export function h1Starts(html: string): number[] {
  const at: number[] = [];
  for (let i = html.indexOf('<h1'); i >= 0; i = html.indexOf('<h1', i + 3)) {
    const c = html.charCodeAt(i + 3);
    if (c === 62 || isSpace(c)) at.push(i);
  }
  return at;
}

/** Each closed `<script type="application/ld+json">` block of `html`: its text, where it starts and ends. */
export function jsonLdBlocks(html: string): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  for (let at = html.indexOf(JSON_LD); at >= 0; ) {
    const end = html.indexOf('</script>', at + JSON_LD.length);
    if (end < 0) break;
    out.push({ text: html.slice(at + JSON_LD.length, end), start: at, end: end + 9 });
    at = html.indexOf(JSON_LD, end + 9);
  }
  return out;
}

/** The target of the first meta refresh of `html` (as written), where it starts and ends; undefined if none. */
export function refreshIn(html: string): { url: string; start: number; end: number } | undefined {
  const at = html.indexOf(REFRESH);
  const close = at < 0 ? -1 : html.indexOf('"', at + REFRESH.length);
  return close < 0 ? undefined : { url: html.slice(at + REFRESH.length, close), start: at, end: close + 1 };
}

/** What only a page's head gives: its title, description, canonical link and social images. */
export function headFacts(head: string): Pick<HtmlFacts, 'title' | 'description' | 'canonical' | 'metaImages'> {
  const meta = (name: string) => {
    const m = META.get(name)!.exec(head);
    return m ? decodeAttr(m[1]!) : undefined;
  };
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    description: meta('description'),
    canonical: canonical === undefined ? undefined : decodeAttr(canonical),
    metaImages: [meta('og:image'), meta('twitter:image')].filter((x): x is string => !!x),
  };
}

/** The head of a page: its HTML before `</head>` (all of it when there is none). */
export function headOf(html: string): string {
  const end = html.indexOf('</head>');
  return end < 0 ? html : html.slice(0, end);
}

/**
 * Reads the facts of one page. Whole-page scans jump between `indexOf` hits (a regular expression over a 66 kB
 * page tried a match at every white space: 0.65 ms a page); what only the head holds is read from the head.
 */
export function htmlFacts(html: string): HtmlFacts {
  const urls: string[] = [];
  const ids = new Set<string>();
  eachAttribute(html, (name, raw) => {
    const fact = attributeFact(name, raw);
    if ('id' in fact) ids.add(fact.id);
    else for (const url of fact.urls) urls.push(url);
  });
  const refresh = refreshIn(html)?.url;
  if (refresh) urls.push(decodeAttr(refresh));
  const head = headFacts(headOf(html));
  return {
    urls,
    ids,
    h1: h1Starts(html).length,
    title: head.title,
    description: head.description,
    canonical: head.canonical,
    refresh: refresh && decodeAttr(refresh),
    jsonLd: jsonLdBlocks(html).map((b) => b.text),
    metaImages: head.metaImages,
  };
}

/** Walks the URLs of `f` in document order: its own one by one (`own`), each shared list whole (`list`). */
export function eachUrlPart(f: Pick<HtmlFacts, 'urls' | 'shared'>, own: (url: string) => void, list: (urls: readonly string[]) => void): void {
  let i = 0;
  for (const shared of f.shared ?? []) {
    for (; i < shared.at; i++) own(f.urls[i]!);
    list(shared.urls);
  }
  for (; i < f.urls.length; i++) own(f.urls[i]!);
}

/** Calls `visit` with every URL of `f` in document order, the shared ones included. */
export function eachUrl(f: Pick<HtmlFacts, 'urls' | 'shared'>, visit: (url: string) => void): void {
  eachUrlPart(f, visit, (urls) => urls.forEach((url) => visit(url)));
}

/** Every URL of `f` in document order, the shared ones included. */
export function allUrls(f: Pick<HtmlFacts, 'urls' | 'shared'>): string[] {
  if (!f.shared) return f.urls;
  const out: string[] = [];
  eachUrl(f, (url) => out.push(url));
  return out;
}

/** `f` with its shared URLs among its own, as JSON keeps them. */
export function flatFacts<F extends Pick<HtmlFacts, 'urls' | 'shared'>>(f: F): F {
  return f.shared ? { ...f, urls: allUrls(f), shared: undefined } : f;
}

/** HtmlFacts in a form that survives postMessage and JSON (the id set as a list). */
export type PlainFacts = Omit<HtmlFacts, 'ids'> & { ids: string[] };

/** Converts facts for transfer or caching. */
export function toPlainFacts(f: HtmlFacts): PlainFacts {
  return { ...f, ids: [...f.ids] };
}

/** Restores facts from their plain form. */
export function fromPlainFacts(f: PlainFacts): HtmlFacts {
  return { ...f, ids: new Set(f.ids) };
}

/** Facts read by `load` on first use (a stored page's, which a build whose gate verdict is recalled never reads). */
export function lazyFacts(load: () => PlainFacts): HtmlFacts {
  let f: HtmlFacts | undefined;
  const get = () => (f ??= fromPlainFacts(load()));
  return {
    get urls() { return get().urls; },
    get shared() { return get().shared; },
    get ids() { return get().ids; },
    get h1() { return get().h1; },
    get title() { return get().title; },
    get description() { return get().description; },
    get canonical() { return get().canonical; },
    get refresh() { return get().refresh; },
    get jsonLd() { return get().jsonLd; },
    get jsonLdProblems() { return get().jsonLdProblems; },
    get metaImages() { return get().metaImages; },
  };
}

/** The string `pool` holds for the text of `s` (`s` itself the first time). */
export function interned(s: string, pool: Map<string, string>): string {
  const kept = pool.get(s);
  if (kept !== undefined) return kept;
  pool.set(s, s);
  return s;
}

/** A copy of `s`: a string read off a page with slice() is a view that keeps the whole page in memory. */
function ownCopy(s: string): string {
  return ` ${s}`.slice(1);
}

/**
 * `f` with strings of its own, each URL and id one copy for all pages through `pool`: facts read off a page's
 * HTML are views of it, and `check`, which keeps every page's facts, kept every page whole (docs-4000: 1.16 GB).
 */
export function ownFacts(f: HtmlFacts, pool: Map<string, string>): HtmlFacts {
  const once = (s: string): string => pool.get(s) ?? interned(ownCopy(s), pool);
  const own = (s: string | undefined) => (s === undefined ? undefined : ownCopy(s));
  return { ...f, urls: f.urls.map(once), ids: new Set([...f.ids].map(once)), title: own(f.title), description: own(f.description), canonical: own(f.canonical), refresh: own(f.refresh), jsonLd: f.jsonLd.map(ownCopy), metaImages: f.metaImages.map(once) };
}
