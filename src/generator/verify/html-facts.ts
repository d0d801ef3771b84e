/** Pure, fast facts about a generated HTML page (our own React output), read with string scans. */
import type { Problem } from '../problems/problem.js';

/** What the integrity gate needs to know about one page. */
export interface HtmlFacts {
  /** URLs in href, src, data-src, srcset and meta-refresh, in document order. */
  urls: string[];
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

/** Each `\s(href|src|data-src|srcSet|srcset|id)="value"` of `html`, in order, found by jumping from `="` to `="`. */
function eachAttribute(html: string, visit: (name: string, value: string) => void): void {
  for (let at = html.indexOf('="'); at >= 0; ) {
    const name = attributeAt(html, at);
    const close = name ? html.indexOf('"', at + 2) : -1;
    if (close < 0) {
      at = html.indexOf('="', at + 2);
      continue;
    }
    visit(name!, html.slice(at + 2, close));
    at = html.indexOf('="', close + 1);
  }
}

/** How many times `<h1` followed by white space or `>` occurs in `html`. */
function countH1(html: string): number {
  let n = 0;
  for (let at = html.indexOf('<h1'); at >= 0; at = html.indexOf('<h1', at + 3)) {
    const c = html.charCodeAt(at + 3);
    if (c === 62 || isSpace(c)) n++;
  }
  return n;
}

/** The text of each `<script type="application/ld+json">` block that is closed. */
function jsonLdBlocks(html: string): string[] {
  const out: string[] = [];
  for (let at = html.indexOf(JSON_LD); at >= 0; ) {
    const end = html.indexOf('</script>', at + JSON_LD.length);
    if (end < 0) break;
    out.push(html.slice(at + JSON_LD.length, end));
    at = html.indexOf(JSON_LD, end + 9);
  }
  return out;
}

/**
 * Reads the facts of one page. Whole-page scans jump between `indexOf` hits (a regular expression over a 66 kB
 * page tried a match at every white space: 0.65 ms a page); what only the head holds is read from the head.
 */
export function htmlFacts(html: string): HtmlFacts {
  const urls: string[] = [];
  const ids = new Set<string>();
  eachAttribute(html, (name, raw) => {
    const value = decodeAttr(raw);
    if (name === 'id') ids.add(value);
    else if (name[3] === 'S' || name[3] === 's') for (const part of value.split(',')) urls.push(part.trim().split(/\s+/)[0]!);
    else urls.push(value);
  });
  const end = html.indexOf('</head>');
  const head = end < 0 ? html : html.slice(0, end);
  const meta = (name: string) => {
    const m = META.get(name)!.exec(head);
    return m ? decodeAttr(m[1]!) : undefined;
  };
  const at = html.indexOf(REFRESH);
  const close = at < 0 ? -1 : html.indexOf('"', at + REFRESH.length);
  const refresh = close < 0 ? undefined : html.slice(at + REFRESH.length, close);
  if (refresh) urls.push(decodeAttr(refresh));
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1];
  return {
    urls,
    ids,
    h1: countH1(html),
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    description: meta('description'),
    canonical: canonical === undefined ? undefined : decodeAttr(canonical),
    refresh: refresh && decodeAttr(refresh),
    jsonLd: jsonLdBlocks(html),
    metaImages: [meta('og:image'), meta('twitter:image')].filter((x): x is string => !!x),
  };
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

/**
 * Makes the URLs and ids of `f` (changed in place) the very strings `pool` already holds for equal text. Every
 * page repeats the sidebar's, header's and footer's links: kept once, the "/tutorial/..." strings of a docs-4000
 * build's main heap went from 31 MB to 2.4 MB (heap snapshots).
 */
export function internFacts(f: PlainFacts, pool: Map<string, string>): PlainFacts {
  const intern = (list: string[]) => {
    for (let i = 0; i < list.length; i++) list[i] = interned(list[i]!, pool);
  };
  intern(f.urls);
  intern(f.ids);
  intern(f.metaImages);
  return f;
}

/** The string `pool` holds for the text of `s` (`s` itself the first time). */
export function interned(s: string, pool: Map<string, string>): string {
  const kept = pool.get(s);
  if (kept !== undefined) return kept;
  pool.set(s, s);
  return s;
}
