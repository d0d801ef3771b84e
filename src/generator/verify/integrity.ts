/** The integrity gate: every generated page, link, anchor, redirect, sitemap entry and JSON-LD block is checked before out/ is swapped in. */
import type { Route } from '../../site/types.js';
import { absoluteUrl, withBase } from '../../site/seo/urls.js';
import { problem, warning, type Problem } from '../problems/problem.js';
import { eachUrlPart, htmlFacts, type HtmlFacts } from './html-facts.js';
import type { SourceLink } from '../markdown/body-facts.js';

/** What the gate reads: the in-memory output, public/ files, routes, and where each page's links were written. */
export interface IntegrityInput {
  files: ReadonlyMap<string, string | Uint8Array>;
  publicFiles: ReadonlySet<string>;
  routes: readonly Route[];
  siteUrl: string;
  base: string;
  /** Other origins that count as this site (dev server). */
  extraOrigins?: string[];
  /**
   * out-relative page file -> its source file, the links written in it, and whether the Markdown stage reported a
   * level-1 heading in it (located at its line: the page's count of h1 elements then says nothing more).
   */
  sources: ReadonlyMap<string, { file: string; links: readonly SourceLink[]; bodyH1?: boolean }>;
  brokenLinks: 'error' | 'warn';
  /** Facts already read off pages (by worker threads or the page store); pages only known by their facts count as files too. */
  facts?: ReadonlyMap<string, HtmlFacts>;
}

const REQUIRED_ARTICLE = ['headline', 'author', 'publisher', 'datePublished', 'image'] as const;

/**
 * Where a URL found in a page leads: an out-relative file and anchor, outside the base, a path relative to the page
 * ("react-hooks/", "./x"), or undefined when it leaves the site.
 */
type Target = { file: string; anchor?: string } | 'outside-base' | 'relative' | undefined;

/** Maps a URL found in page `fromFile` to its Target; `origins` count as this site. */
function urlTarget(url: string, fromFile: string, origins: readonly string[], base: string): Target {
  // The common case first: an anchor on the page itself.
  if (url.charCodeAt(0) === 35 && url.indexOf('#', 1) < 0) return { file: fromFile, anchor: url.slice(1) };
  let pathPart = url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) {
    let parsed: URL;
    try {
      parsed = new URL(url, 'http://x');
    } catch {
      return undefined;
    }
    if (!origins.includes(parsed.origin)) return undefined;
    pathPart = parsed.pathname + parsed.hash;
  }
  const [p = '', anchor] = pathPart.split('#');
  if (p === '') return { file: fromFile, anchor };
  if (!p.startsWith('/')) return 'relative';
  if (!p.startsWith(base)) return 'outside-base';
  const rel = decodeURI(p.slice(base.length).split('?')[0]!);
  return { file: rel === '' || rel.endsWith('/') ? `${rel}index.html` : rel, anchor };
}

/** Runs every check; returns the problems (broken links as warnings when `brokenLinks` is "warn"). */
export function checkIntegrity(input: IntegrityInput): Problem[] {
  const { byPage, site } = checkByPage(input);
  return [...[...byPage.values()].flat(), ...site];
}

/**
 * Runs the checks of each page (its links, anchors, head and JSON-LD), or only of the pages in `only`, and the
 * checks of the whole site (sitemap, redirects) unless `only` is given; returns the problems of each page checked.
 */
export function checkByPage(input: IntegrityInput, only?: ReadonlySet<string>): { byPage: Map<string, Problem[]>; site: Problem[] } {
  const byPage = new Map<string, Problem[]>();
  let problems: Problem[] = [];
  const origins = [new URL(input.siteUrl).origin, ...(input.extraOrigins ?? [])];
  const pages = new Map<string, HtmlFacts>();
  const add = (file: string) => {
    if (pages.has(file)) return;
    const facts = input.facts?.get(file);
    const data = facts ? undefined : input.files.get(file);
    if (facts) pages.set(file, facts);
    else if (data !== undefined && file.endsWith('.html')) pages.set(file, htmlFacts(typeof data === 'string' ? data : Buffer.from(data).toString('utf8')));
  };
  // In route order: problems are reported in the same order whichever thread finished each page first.
  for (const r of input.routes) add(r.file);
  for (const file of input.files.keys()) add(file);
  for (const file of input.facts?.keys() ?? []) add(file);
  const exists = (rel: string) => input.files.has(rel) || pages.has(rel) || input.publicFiles.has(rel);

  // Every page repeats the same navigation links: resolve each distinct URL once (those starting with "#" depend on the page).
  const resolved = new Map<string, Target>();
  const resolve = (url: string, fromFile: string): Target => {
    if (url.startsWith('#') || url === '') return urlTarget(url, fromFile, origins, input.base);
    let t = resolved.get(url);
    if (t === undefined && !resolved.has(url)) resolved.set(url, (t = urlTarget(url, fromFile, origins, input.base)));
    return t;
  };

  // A URL that does not depend on its page (no leading "#") and was found sound once is sound on every page; so is
  // a list of URLs pages share (a sidebar's) whose every URL was.
  const sound = new Set<string>();
  const soundLists = new Set<readonly string[]>();
  const routeOf = new Map(input.routes.map((r) => [r.file, r]));
  for (const [file, facts] of pages) {
    if (only && !only.has(file)) continue;
    byPage.set(file, (problems = []));
    const route = routeOf.get(file);
    const source = input.sources.get(file);
    // The n-th report of a URL on a page points at the n-th link written so (a page's links come in source order).
    const reported = new Map<string, number>();
    // Read once a page, and only if it has a problem to point at (see markdown/kept-links.ts).
    let links: readonly SourceLink[] | undefined;
    const where = (href: string) => {
      const nth = reported.get(href) ?? 0;
      reported.set(href, nth + 1);
      const hit = source && sourceLinkOf((links ??= source.links), href, input.base, nth);
      return hit ? { file: source!.file, line: hit.line } : { file: `out/${file}` };
    };
    eachUrlOnce(facts, soundLists, (url) => {
      if (sound.has(url)) return true;
      const target = resolve(url, file);
      // Another site's URL: not checked, on any page.
      if (target === undefined) return true;
      const mk = input.brokenLinks === 'warn' ? warning : problem;
      if (target === 'outside-base') {
        problems.push(mk(`page ${file} links to ${url}, outside the site base ${input.base}`, { ...where(url), hint: 'write site links as /path/ (the base is added for you)' }));
        return false;
      }
      if (target === 'relative') {
        problems.push(mk(`page ${file} links to ${url}, a path relative to the page`, { ...where(url), hint: 'write site links from the root, such as /tutorial/<slug>/ (the base is added for you)' }));
        return false;
      }
      if (!exists(target.file)) {
        problems.push(mk(`broken link on ${route?.path ?? file}: ${url} (no such page or file)`, { ...where(url), hint: 'link to a generated page such as /tutorial/<slug>/ with the trailing slash, or add the file to public/' }));
        return false;
      }
      if (target.anchor && target.file.endsWith('.html') && !pages.get(target.file)?.ids.has(decodeURIComponent(target.anchor))) {
        problems.push(mk(`broken anchor on ${route?.path ?? file}: ${url} (no element with id "${target.anchor}")`, { ...where(url), hint: 'use the id of a heading on the target page (lowercase words joined by hyphens)' }));
        return false;
      }
      if (url.startsWith('#') || url === '') return false;
      sound.add(url);
      return true;
    });
    for (const img of facts.metaImages) {
      const target = resolve(img, file);
      if (target && typeof target === 'object' && !exists(target.file)) problems.push(problem(`${file}: social image ${img} does not exist`, { file: 'content/site.json', field: 'socialImage', hint: 'add the image to public/' }));
    }
    if (route?.kind === 'redirect') {
      if (!facts.refresh) problems.push(problem(`redirect stub ${file} has no target`, { file: `out/${file}` }));
      continue;
    }
    const need = (ok: boolean, what: string) => ok || problems.push(problem(`page ${route?.path ?? file} ${what}`, { file: source?.file ?? `out/${file}` }));
    need(facts.h1 === 1 || !!source?.bodyH1, `has ${facts.h1} h1 elements (exactly one expected)`);
    need(!!facts.title, 'has no <title>');
    need(!!facts.description, 'has no meta description');
    need(!!facts.canonical, 'has no canonical link');
    for (const block of facts.jsonLd) problems.push(...checkJsonLd(block, route?.path ?? file, source?.file ?? `out/${file}`));
    problems.push(...(facts.jsonLdProblems ?? []));
  }
  return { byPage, site: only ? [] : [...checkSitemap(input), ...checkRedirectsFile(input, exists)] };
}

/**
 * Calls `check` with every URL of `f` in document order, but for the shared lists in `sound`. `check` tells whether
 * the URL is sound on every page; a shared list whose every URL is, is added to `sound`.
 */
export function eachUrlOnce(f: Pick<HtmlFacts, 'urls' | 'shared'>, sound: Set<readonly string[]>, check: (url: string) => boolean): void {
  eachUrlPart(f, check, (urls) => {
    if (sound.has(urls)) return;
    let all = true;
    for (const url of urls) all = check(url) && all;
    if (all) sound.add(urls);
  });
}

/**
 * The link written in Markdown that became `href` in the page: the `nth` one written so (site paths get the base,
 * and characters beyond ASCII are percent-encoded in the page; the last one if fewer), else one `href` ends with (a
 * URL the renderer changed otherwise); never a link as short as "/" or "" by that rule.
 */
export function sourceLinkOf(links: readonly SourceLink[], href: string, base: string, nth = 0): SourceLink | undefined {
  let decoded = href;
  try {
    decoded = decodeURI(href);
  } catch {
    // A malformed escape: compared as it is.
  }
  const written = (l: SourceLink) => (l.href.startsWith('/') ? withBase(base, l.href) : l.href);
  const same = links.filter((l) => href === l.href || href === written(l) || decoded === l.href || decoded === written(l));
  return same[Math.min(nth, same.length - 1)] ?? links.find((l) => l.href.length > 1 && href.endsWith(l.href));
}

/** The JSON-LD of a page parses and its nodes carry the fields their type requires. */
export function checkJsonLd(text: string, page: string, file: string): Problem[] {
  let doc: { '@graph'?: Record<string, unknown>[] } & Record<string, unknown>;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return [problem(`JSON-LD of ${page} does not parse: ${(e as Error).message}`, { file })];
  }
  const problems: Problem[] = [];
  for (const node of doc['@graph'] ?? [doc]) {
    const types = ([] as unknown[]).concat(node['@type']);
    const missing = (fields: readonly string[]) => fields.filter((f) => node[f] === undefined || node[f] === '' || node[f] === null);
    const say = (m: string) => problems.push(problem(`JSON-LD of ${page}: ${m}`, { file, hint: 'check the registry entry and content/site.json' }));
    if (types.includes('Article')) {
      for (const f of missing(REQUIRED_ARTICLE)) say(`Article lacks "${f}"`);
      const publisher = node.publisher as { logo?: { url?: string } } | undefined;
      if (publisher && !publisher.logo?.url) say('Article publisher has no logo');
      if ((node.author as { name?: string } | undefined)?.name === undefined) say('Article author has no name');
    }
    if (types.includes('FAQPage')) {
      const qs = (node.mainEntity as { name?: string; acceptedAnswer?: { text?: string } }[] | undefined) ?? [];
      if (!qs.length) say('FAQPage has no questions');
      qs.forEach((q, i) => (!q.name || !q.acceptedAnswer?.text) && say(`FAQPage question ${i + 1} lacks a question or an answer`));
    }
    if (types.includes('BreadcrumbList') && !((node.itemListElement as unknown[] | undefined)?.length)) say('BreadcrumbList is empty');
    if (types.includes('WebSite') || types.includes('WebPage')) for (const f of missing(['name', 'url'])) say(`${types.join('/')} lacks "${f}"`);
  }
  return problems;
}

function checkSitemap(input: IntegrityInput): Problem[] {
  const text = input.files.get('sitemap.xml');
  if (text === undefined) return [problem('sitemap.xml was not generated', {})];
  const locs = [...String(text).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const expectedList = input.routes.filter((r) => r.indexable).map((r) => absoluteUrl(input.siteUrl, input.base, r.path));
  const expected = new Set(expectedList);
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const loc of locs) {
    if (seen.has(loc)) problems.push(problem(`sitemap.xml lists ${loc} twice`, { file: 'out/sitemap.xml' }));
    seen.add(loc);
    if (!expected.has(loc)) problems.push(problem(`sitemap.xml lists ${loc}, which is not a canonical page`, { file: 'out/sitemap.xml' }));
  }
  for (const e of expectedList) if (!seen.has(e)) problems.push(problem(`sitemap.xml misses ${e}`, { file: 'out/sitemap.xml' }));
  return problems;
}

function checkRedirectsFile(input: IntegrityInput, exists: (rel: string) => boolean): Problem[] {
  const text = input.files.get('_redirects');
  if (text === undefined) return [];
  const problems: Problem[] = [];
  for (const line of String(text).split('\n')) {
    const [from, to] = line.trim().split(/\s+/);
    if (!from || !to || !to.startsWith(input.base)) continue;
    const rel = to.slice(input.base.length);
    const file = rel === '' || rel.endsWith('/') ? `${rel}index.html` : rel;
    if (!exists(file)) problems.push(problem(`_redirects sends ${from} to ${to}, which is not a generated page`, { file: 'out/_redirects' }));
  }
  if (!exists('404.html')) problems.push(problem('404.html was not generated', { file: 'out/404.html' }));
  return problems;
}
