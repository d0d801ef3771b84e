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
  return v.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (ENTITIES[e]) return ENTITIES[e]!;
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10));
    return m;
  });
}

/** Reads the facts of one page. */
export function htmlFacts(html: string): HtmlFacts {
  const urls: string[] = [];
  for (const m of html.matchAll(/\s(?:href|src|data-src)="([^"]*)"/g)) urls.push(decodeAttr(m[1]!));
  for (const m of html.matchAll(/\ssrcSet="([^"]*)"/gi)) for (const part of decodeAttr(m[1]!).split(',')) urls.push(part.trim().split(/\s+/)[0]!);
  const ids = new Set<string>();
  for (const m of html.matchAll(/\sid="([^"]*)"/g)) ids.add(decodeAttr(m[1]!));
  const meta = (name: string) => {
    const m = new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html);
    return m ? decodeAttr(m[1]!) : undefined;
  };
  const refresh = /<meta http-equiv="refresh" content="0; url=([^"]*)"/.exec(html)?.[1];
  if (refresh) urls.push(decodeAttr(refresh));
  return {
    urls,
    ids,
    h1: (html.match(/<h1[\s>]/g) ?? []).length,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta('description'),
    canonical: (() => {
      const m = /<link rel="canonical" href="([^"]*)"/.exec(html);
      return m ? decodeAttr(m[1]!) : undefined;
    })(),
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
