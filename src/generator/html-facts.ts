/** Pure, fast facts about a generated HTML page (our own React output), read with regular expressions. */
import type { Problem } from './errors.js';

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

const ATTRIBUTE = /\s(href|src|data-src|srcSet|srcset|id)="([^"]*)"/g;
const META = new Map(['description', 'og:image', 'twitter:image'].map((name) => [name, new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`)]));

/** Reads the facts of one page: one pass for the attributes, the head alone for what only the head holds. */
export function htmlFacts(html: string): HtmlFacts {
  const urls: string[] = [];
  const ids = new Set<string>();
  for (const m of html.matchAll(ATTRIBUTE)) {
    const name = m[1]!;
    const value = decodeAttr(m[2]!);
    if (name === 'id') ids.add(value);
    else if (name[3] === 'S' || name[3] === 's') for (const part of value.split(',')) urls.push(part.trim().split(/\s+/)[0]!);
    else urls.push(value);
  }
  const end = html.indexOf('</head>');
  const head = end < 0 ? html : html.slice(0, end);
  const meta = (name: string) => {
    const m = META.get(name)!.exec(head);
    return m ? decodeAttr(m[1]!) : undefined;
  };
  const refresh = /<meta http-equiv="refresh" content="0; url=([^"]*)"/.exec(html)?.[1];
  if (refresh) urls.push(decodeAttr(refresh));
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1];
  return {
    urls,
    ids,
    h1: (html.match(/<h1[\s>]/g) ?? []).length,
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    description: meta('description'),
    canonical: canonical === undefined ? undefined : decodeAttr(canonical),
    refresh: refresh && decodeAttr(refresh),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!),
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
