/** Stage 2: the route table, a pure function of the content; validated whole before anything renders. */
import type { NavLink, Route, Tutorial } from '../../site/types.js';
import { problem, type Problem } from '../problems/problem.js';

/** Top-level path segments the generator itself uses; static pages may not take them. */
const RESERVED = new Set(['tutorial', 'template', 'assets', '404', 'sitemap.xml', 'robots.txt', '_redirects', '_headers', '__reactsite']);

/** The intro tutorial: the first entry marked isIntro, else `react-intro`, else the first entry. */
export function introOf(tutorials: readonly Tutorial[]): Tutorial {
  return tutorials.find((t) => t.isIntro) ?? tutorials.find((t) => t.slug === 'react-intro') ?? tutorials[0]!;
}

/** Directory-style URL path of a tutorial, without the base. */
export function tutorialPath(slug: string): string {
  return `/tutorial/${slug}/`;
}

/**
 * Previous/next neighbours in reading order, with the registry's prev/next overrides applied (registry-checks.ts
 * has already refused overrides naming unknown ids).
 */
export function neighbours(tutorials: readonly Tutorial[]): Map<string, { prev?: NavLink; next?: NavLink }> {
  const byId = new Map(tutorials.map((t) => [t.id, t]));
  const link = (t: Tutorial | undefined): NavLink | undefined => (t ? { slug: t.slug, name: t.name, title: t.title } : undefined);
  const links = new Map<string, { prev?: NavLink; next?: NavLink }>();
  tutorials.forEach((t, i) => {
    const pick = (field: 'prev' | 'next', fallback: Tutorial | undefined) => link(t[field] === undefined ? fallback : byId.get(t[field]));
    links.set(t.id, { prev: pick('prev', tutorials[i - 1]), next: pick('next', tutorials[i + 1]) });
  });
  return links;
}

/**
 * Every output page of the site, or the problems that make the table invalid: a static page named like a
 * generated path. Registry ids, slugs and prev/next are validated before (registry-checks.ts).
 */
export function buildRoutes(tutorials: readonly Tutorial[], pageNames: readonly string[]): { routes: Route[]; problems: Problem[] } {
  const problems = pageNames.filter((name) => RESERVED.has(name)).map((name) => problem(`page name "${name}" collides with a generated path`, { file: `content/pages/${name}.md`, hint: 'rename the file' }));
  if (problems.length || tutorials.length === 0) return { routes: [], problems };
  const nav = neighbours(tutorials);
  const intro = introOf(tutorials);
  const routes: Route[] = [
    { path: '/', file: 'index.html', kind: 'landing', indexable: true },
    ...tutorials.map((t): Route => ({ path: tutorialPath(t.slug), file: `tutorial/${t.slug}/index.html`, kind: 'tutorial', ref: t.id, ...nav.get(t.id), indexable: true })),
    { path: '/tutorial/', file: 'tutorial/index.html', kind: 'redirect', ref: tutorialPath(intro.slug), indexable: false },
    { path: '/tutorial/intro/', file: 'tutorial/intro/index.html', kind: 'redirect', ref: tutorialPath(intro.slug), indexable: false },
    { path: '/template/', file: 'template/index.html', kind: 'template', indexable: true },
    ...[...pageNames].sort().map((name): Route => ({ path: `/${name}/`, file: `${name}/index.html`, kind: 'static', ref: name, indexable: true })),
    { path: '/404.html', file: '404.html', kind: 'not-found', indexable: false },
  ];
  return { routes, problems };
}
