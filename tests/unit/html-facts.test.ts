import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { decodeAttr, htmlFacts, ownFacts, type HtmlFacts } from '../../src/generator/verify/html-facts.js';

/** The facts as the regular expressions of the first version read them: the reference the scans must match. */
function referenceFacts(html: string): HtmlFacts {
  const urls: string[] = [];
  const ids = new Set<string>();
  for (const m of html.matchAll(/\s(href|src|data-src|srcSet|srcset|id)="([^"]*)"/g)) {
    const name = m[1]!;
    const value = decodeAttr(m[2]!);
    if (name === 'id') ids.add(value);
    else if (name[3] === 'S' || name[3] === 's') for (const part of value.split(',')) urls.push(part.trim().split(/\s+/)[0]!);
    else urls.push(value);
  }
  const end = html.indexOf('</head>');
  const head = end < 0 ? html : html.slice(0, end);
  const meta = (name: string) => {
    const m = new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(head);
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

/** Random documents made of the pieces the scans look for, whole and broken. */
function fuzzDocuments(count: number, seed = 7): string[] {
  let s = seed;
  // mulberry32
  const rand = (n: number) => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const pieces = [' href="/a/"', ' id="x"', '\tid="y&amp;z"', 'xid="no"', 'data-href="no"', ' data-src="/d.js"', ' src="/s.png"', ' srcSet="/a.png 1x, /b.png 2x"', ' srcset="/c.png 480w"', '="', '"', ' ', '\u00a0id="nb"', '\u2028href="/ls/"', 'href=', ' href="unclosed', '<h1>', '<h1 class="t">', '<h1x>', '<h2>', '<h1', '<meta http-equiv="refresh" content="0; url=/r/">', '<meta http-equiv="refresh" content="0; url=', '<script type="application/ld+json">', '{"@type":"Thing"}', '</script>', '<title>T</title>', '</head>', '<meta name="description" content="D">', '<link rel="canonical" href="https://e.x/">', 'text', '-', 'd', 'f'];
  return Array.from({ length: count }, () => Array.from({ length: 1 + rand(40) }, () => pieces[rand(pieces.length)]).join(''));
}

describe('htmlFacts', () => {
  it('reads exactly what the reference regular expressions read, on every page of the site and on 5,000 random documents', async () => {
    // Every page of the real site, as the CLI built it for the end-to-end tests.
    const out = inject('siteOut');
    const files = fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    const pages = files.map((f) => fs.readFileSync(path.join(out, f), 'utf8'));
    expect(pages.length).toBeGreaterThan(50);
    const docs = [...pages, ...fuzzDocuments(5000)];
    let urls = 0;
    for (const html of docs) {
      const ours = htmlFacts(html);
      expect(ours, html.slice(0, 300)).toEqual(referenceFacts(html));
      urls += ours.urls.length;
    }
    expect(urls).toBeGreaterThan(5000);
  }, 60_000);

  it('gives the same facts in strings of their own (ownFacts), one copy of each URL and id for every page', () => {
    const out = inject('siteOut');
    const files = fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    const pool = new Map<string, string>();
    for (const f of files) {
      const facts = htmlFacts(fs.readFileSync(path.join(out, f), 'utf8'));
      expect(ownFacts(facts, pool), f).toEqual(facts);
    }
    // The sidebar's and the navbar's links, on every page, are kept once.
    expect(pool.size).toBeGreaterThan(50);
    expect(pool.size).toBeLessThan(files.length * 20);
  });
});
