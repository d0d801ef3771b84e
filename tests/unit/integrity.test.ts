import { describe, expect, it } from 'vitest';
import { checkIntegrity, checkJsonLd, eachUrlOnce, type IntegrityInput } from '../../src/generator/verify/integrity.js';
import { htmlFacts } from '../../src/generator/verify/html-facts.js';
import type { Route } from '../../src/site/types.js';

const page = (body: string, extra = '') =>
  `<!doctype html><html><head><title>T</title><meta name="description" content="d"/><link rel="canonical" href="https://x.org/"/>${extra}</head><body><h1>H</h1>${body}</body></html>`;
const routes: Route[] = [
  { path: '/', file: 'index.html', kind: 'landing', indexable: true },
  { path: '/tutorial/a/', file: 'tutorial/a/index.html', kind: 'tutorial', ref: 'a', indexable: true },
  { path: '/tutorial/', file: 'tutorial/index.html', kind: 'redirect', ref: '/tutorial/a/', indexable: false },
];
const sitemap = '<urlset><url><loc>https://x.org/</loc></url><url><loc>https://x.org/tutorial/a/</loc></url></urlset>';
const input = (files: Record<string, string>, extra: Partial<IntegrityInput> = {}): IntegrityInput => ({
  files: new Map(Object.entries({ 'sitemap.xml': sitemap, '404.html': page(''), 'tutorial/index.html': '<meta http-equiv="refresh" content="0; url=/tutorial/a/">', ...files })),
  publicFiles: new Set(['img/x.png']),
  routes,
  siteUrl: 'https://x.org',
  base: '/',
  sources: new Map([['tutorial/a/index.html', { file: 'content/tutorials/a.md', links: [{ href: '/tutorial/zzz/', line: 7 }] }]]),
  brokenLinks: 'error',
  ...extra,
});

describe('integrity gate', () => {
  it('reports pages in route order, however the facts of pages made by the threads arrived', () => {
    const tutorial = (ref: string): Route => ({ path: `/tutorial/${ref}/`, file: `tutorial/${ref}/index.html`, kind: 'tutorial', ref, indexable: false });
    const more = [...routes, tutorial('b'), tutorial('c')];
    const broken = (n: string) => htmlFacts(page(`<a href="/tutorial/zzz-${n}/">z</a>`));
    // Facts as a build's threads return them: the last pages first.
    const facts = new Map([['tutorial/c/index.html', broken('c')], ['tutorial/b/index.html', broken('b')], ['tutorial/a/index.html', broken('a')]]);
    const ps = checkIntegrity(input({ 'index.html': page('<a href="/tutorial/zzz-home/">z</a>') }, { routes: more, facts, sources: new Map() }));
    expect(ps.map((p) => p.message.match(/zzz-(\w+)/)?.[1])).toEqual(['home', 'a', 'b', 'c']);
  });
  it('passes a consistent site', () => {
    const ps = checkIntegrity(input({ 'index.html': page('<a href="/tutorial/a/#s">a</a><img src="/img/x.png"/>'), 'tutorial/a/index.html': page('<h2 id="s">S</h2><a href="https://x.org/">home</a><a href="https://other.org/x">out</a>') }));
    expect(ps).toEqual([]);
  });
  it('reports a broken link with the source file and line that holds it', () => {
    const ps = checkIntegrity(input({ 'index.html': page(''), 'tutorial/a/index.html': page('<a href="/tutorial/zzz/">z</a>') }));
    expect(ps).toHaveLength(1);
    expect(ps[0]).toMatchObject({ file: 'content/tutorials/a.md', line: 7, severity: 'error' });
    expect(ps[0]!.message).toContain('/tutorial/zzz/');
  });
  it('points at the link written so, not at an earlier one the URL merely ends with ("/", "")', () => {
    const links = [{ href: '', line: 3 }, { href: '/', line: 4 }, { href: '/tutorial/zzz/', line: 9 }, { href: 'https://x.org/sub/tutorial/yyy/', line: 12 }];
    const sources = new Map([['tutorial/a/index.html', { file: 'content/tutorials/a.md', links }]]);
    const ps = checkIntegrity(input({ 'index.html': page(''), 'tutorial/a/index.html': page('<a href="/">h</a><a href="/sub/tutorial/zzz/">z</a><a href="https://x.org/sub/tutorial/yyy/">y</a>') }, { sources, base: '/sub/', siteUrl: 'https://x.org/sub/' }));
    const broken = ps.filter((p) => p.message.includes('broken link'));
    expect(broken.map((p) => [p.message.match(/: (\S+) \(/)?.[1], p.line])).toEqual([['/sub/tutorial/zzz/', 9], ['https://x.org/sub/tutorial/yyy/', 12]]);
    // Written in Korean, percent-encoded in the page.
    const ko = new Map([['tutorial/a/index.html', { file: 'content/tutorials/a.md', links: [{ href: '/', line: 2 }, { href: '/tutorial/업그레이드/#버전', line: 6 }] }]]);
    const encoded = encodeURI('/tutorial/업그레이드/#버전');
    const ps2 = checkIntegrity(input({ 'index.html': page(''), 'tutorial/a/index.html': page(`<a href="${encoded}">k</a>`) }, { sources: ko }));
    expect(ps2.map((p) => [p.file, p.line])).toEqual([['content/tutorials/a.md', 6]]);
  });
  it('reports each occurrence of a broken link at its own line', () => {
    const links = [{ href: '/tutorial/zzz/', line: 43 }, { href: '/tutorial/a/', line: 50 }, { href: '/tutorial/zzz/', line: 78 }];
    const sources = new Map([['tutorial/a/index.html', { file: 'content/tutorials/a.md', links }]]);
    const ps = checkIntegrity(input({ 'index.html': page(''), 'tutorial/a/index.html': page('<a href="/tutorial/zzz/">1</a><a href="/tutorial/a/">a</a><a href="/tutorial/zzz/">2</a>') }, { sources }));
    expect(ps.map((p) => p.line)).toEqual([43, 78]);
  });
  it('says a link relative to its page is one, with the fix', () => {
    const ps = checkIntegrity(input({ 'index.html': page(''), 'tutorial/a/index.html': page('<a href="react-hooks/">r</a><a href="./#s">s</a><h2 id="s">S</h2>') }));
    expect(ps.map((p) => p.message)).toEqual(['page tutorial/a/index.html links to react-hooks/, a path relative to the page', 'page tutorial/a/index.html links to ./#s, a path relative to the page']);
    expect(ps[0]!.hint).toContain('/tutorial/<slug>/');
  });
  it('turns broken links into warnings with --broken-links warn', () => {
    const ps = checkIntegrity(input({ 'index.html': page(''), 'tutorial/a/index.html': page('<a href="/tutorial/zzz/">z</a>') }, { brokenLinks: 'warn' }));
    expect(ps.map((p) => p.severity)).toEqual(['warning']);
  });
  it('reports anchors that name no element, on the same page and on others', () => {
    const ps = checkIntegrity(input({ 'index.html': page('<a href="/tutorial/a/#nope">x</a>'), 'tutorial/a/index.html': page('<a href="#gone">y</a>') }));
    expect(ps.map((p) => p.message)).toEqual([expect.stringContaining('no element with id "nope"'), expect.stringContaining('no element with id "gone"')]);
  });
  it('checks absolute links to the site itself (previous/next) and missing assets', () => {
    const ps = checkIntegrity(input({ 'index.html': page('<a href="https://x.org/tutorial/b/">b</a><script data-src="/assets/x.js"></script>'), 'tutorial/a/index.html': page('') }));
    expect(ps.map((p) => p.message)).toEqual([expect.stringContaining('https://x.org/tutorial/b/'), expect.stringContaining('/assets/x.js')]);
  });
  it('requires one h1, a title, a description and a canonical link', () => {
    const ps = checkIntegrity(input({ 'index.html': '<html><head></head><body><h1>a</h1><h1>b</h1></body></html>', 'tutorial/a/index.html': page('') }));
    expect(ps.map((p) => p.message)).toEqual(['page / has 2 h1 elements (exactly one expected)', 'page / has no <title>', 'page / has no meta description', 'page / has no canonical link']);
  });
  it('compares the sitemap with the canonical pages', () => {
    const bad = '<urlset><url><loc>https://x.org/</loc></url><url><loc>https://x.org/</loc></url><url><loc>https://x.org/tutorial/</loc></url></urlset>';
    const ps = checkIntegrity(input({ 'sitemap.xml': bad, 'index.html': page(''), 'tutorial/a/index.html': page('') }));
    expect(ps.map((p) => p.message)).toEqual([
      'sitemap.xml lists https://x.org/ twice',
      'sitemap.xml lists https://x.org/tutorial/, which is not a canonical page',
      'sitemap.xml misses https://x.org/tutorial/a/',
    ]);
  });
  it('checks redirect stubs and _redirects targets', () => {
    const ps = checkIntegrity(input({ 'index.html': page(''), 'tutorial/a/index.html': page(''), 'tutorial/index.html': '<meta http-equiv="refresh" content="0; url=/tutorial/gone/">', _redirects: '/old  /tutorial/gone/  301\n' }));
    expect(ps.map((p) => p.message)).toEqual([expect.stringContaining('/tutorial/gone/ (no such page'), '_redirects sends /old to /tutorial/gone/, which is not a generated page']);
  });
  it('reports a shared list\'s broken link and anchor on every page that shows it', () => {
    const tutorial = (ref: string): Route => ({ path: `/tutorial/${ref}/`, file: `tutorial/${ref}/index.html`, kind: 'tutorial', ref, indexable: false });
    const more = [...routes, tutorial('b'), tutorial('c')];
    // One array for every page, as a sidebar's list arrives from the threads (see SharedUrls).
    const sound = ['/tutorial/a/', '/tutorial/b/'];
    const broken = ['/tutorial/a/', '/tutorial/zzz/'];
    // "#s" names an element on page b only.
    const anchored = ['/tutorial/b/', '#s'];
    const facts = (ids: string[], ...lists: string[][]) => ({ ...htmlFacts(page('')), ids: new Set(ids), urls: ['/tutorial/c/'], shared: lists.map((urls) => ({ urls, at: 0 })) });
    const pages = new Map([
      ['tutorial/a/index.html', facts([], sound, broken, anchored)],
      ['tutorial/b/index.html', facts(['s'], sound, broken, anchored)],
      ['tutorial/c/index.html', facts([], sound, broken, anchored)],
    ]);
    const ps = checkIntegrity(input({ 'index.html': page('') }, { routes: more, facts: pages, sources: new Map() }));
    expect(ps.map((p) => p.message)).toEqual([
      'broken link on /tutorial/a/: /tutorial/zzz/ (no such page or file)',
      'broken anchor on /tutorial/a/: #s (no element with id "s")',
      'broken link on /tutorial/b/: /tutorial/zzz/ (no such page or file)',
      'broken link on /tutorial/c/: /tutorial/zzz/ (no such page or file)',
      'broken anchor on /tutorial/c/: #s (no element with id "s")',
    ]);
  });
  it('checks a shared list whose every URL was sound once, for all the pages that show it', () => {
    const list = ['/a/', '/b/'];
    const f = { urls: ['/x/', '/y/'], shared: [{ urls: list, at: 1 }] };
    const sound = new Set<readonly string[]>();
    const seen: string[] = [];
    eachUrlOnce(f, sound, (url) => (seen.push(url), true));
    eachUrlOnce(f, sound, (url) => (seen.push(url), true));
    expect(seen).toEqual(['/x/', '/a/', '/b/', '/y/', '/x/', '/y/']);
    // A list with a URL not sound on every page is checked on each.
    const other = { urls: [], shared: [{ urls: ['/c/', '#d'], at: 0 }] };
    const checked: string[] = [];
    eachUrlOnce(other, sound, (url) => (checked.push(url), url !== '#d'));
    eachUrlOnce(other, sound, (url) => (checked.push(url), url !== '#d'));
    expect(checked).toEqual(['/c/', '#d', '/c/', '#d']);
  });
});

describe('JSON-LD checks', () => {
  it('requires the Article fields and FAQ answers', () => {
    const doc = { '@graph': [{ '@type': ['Article', 'TechArticle'], headline: 'h', author: { name: 'a' }, publisher: { name: 'p' } }, { '@type': 'FAQPage', mainEntity: [{ name: 'q' }] }] };
    const ps = checkJsonLd(JSON.stringify(doc), '/p/', 'f.md').map((p) => p.message);
    expect(ps).toEqual([
      'JSON-LD of /p/: Article lacks "datePublished"',
      'JSON-LD of /p/: Article lacks "image"',
      'JSON-LD of /p/: Article publisher has no logo',
      'JSON-LD of /p/: FAQPage question 1 lacks a question or an answer',
    ]);
  });
  it('reports JSON-LD that does not parse', () => {
    expect(checkJsonLd('{nope', '/p/', 'f.md')[0]!.message).toMatch(/does not parse/);
  });
});
