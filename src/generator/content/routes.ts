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

/** Previous/next neighbours in reading order, with the registry's prev/next overrides applied. */
export function neighbours(tutorials: readonly Tutorial[]): { links: Map<string, { prev?: NavLink; next?: NavLink }>; problems: Problem[] } {
  const byId = new Map(tutorials.map((t) => [t.id, t]));
  const link = (t: Tutorial | undefined): NavLink | undefined => (t ? { slug: t.slug, name: t.name, title: t.title } : undefined);
  const problems: Problem[] = [];
  const links = new Map<string, { prev?: NavLink; next?: NavLink }>();
  tutorials.forEach((t, i) => {
    const pick = (field: 'prev' | 'next', fallback: Tutorial | undefined): NavLink | undefined => {
      const id = t[field];
      if (id === undefined) return link(fallback);
      const target = byId.get(id);
      if (!target) problems.push(problem(`${field} points at unknown tutorial id "${id}"`, { file: 'content/registry.json', field: `[${i}].${field}`, hint: 'use the id of an entry in the registry, or remove the field to follow reading order' }));
      return link(target);
    };
    links.set(t.id, { prev: pick('prev', tutorials[i - 1]), next: pick('next', tutorials[i + 1]) });
  });
  return { links, problems };
}

/** Every output page of the site, or the problems that make the table invalid (collisions, dangling links). */
export function buildRoutes(tutorials: readonly Tutorial[], pageNames: readonly string[]): { routes: Route[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  const claim = (key: string, owner: string, where: { field?: string; file?: string }) => {
    const prior = seen.get(key);
    if (prior) problems.push(problem(`${key} is claimed twice: by ${prior} and by ${owner}`, { file: where.file ?? 'content/registry.json', field: where.field, hint: 'give each one a unique value' }));
    else seen.set(key, owner);
  };
  tutorials.forEach((t, i) => {
    claim(`id "${t.id}"`, `entry [${i}]`, { field: `[${i}].id` });
    claim(`path ${tutorialPath(t.slug)}`, `tutorial "${t.id}"`, { field: `[${i}].slug` });
    if (t.slug === 'intro') problems.push(problem('slug "intro" is reserved: /tutorial/intro/ redirects to the intro tutorial', { file: 'content/registry.json', field: `[${i}].slug`, hint: 'choose another slug' }));
  });
  for (const name of pageNames) {
    if (RESERVED.has(name)) problems.push(problem(`page name "${name}" collides with a generated path`, { file: `content/pages/${name}.md`, hint: 'rename the file' }));
    else claim(`path /${name}/`, `page "${name}"`, { file: `content/pages/${name}.md` });
  }
  const nav = neighbours(tutorials);
  problems.push(...nav.problems);
  if (problems.length || tutorials.length === 0) return { routes: [], problems };

  const intro = introOf(tutorials);
  const routes: Route[] = [
    { path: '/', file: 'index.html', kind: 'landing', indexable: true },
    ...tutorials.map((t): Route => ({ path: tutorialPath(t.slug), file: `tutorial/${t.slug}/index.html`, kind: 'tutorial', ref: t.id, ...nav.links.get(t.id), indexable: true })),
    { path: '/tutorial/', file: 'tutorial/index.html', kind: 'redirect', ref: tutorialPath(intro.slug), indexable: false },
    { path: '/tutorial/intro/', file: 'tutorial/intro/index.html', kind: 'redirect', ref: tutorialPath(intro.slug), indexable: false },
    { path: '/template/', file: 'template/index.html', kind: 'template', indexable: true },
    ...[...pageNames].sort().map((name): Route => ({ path: `/${name}/`, file: `${name}/index.html`, kind: 'static', ref: name, indexable: true })),
    { path: '/404.html', file: '404.html', kind: 'not-found', indexable: false },
  ];
  return { routes, problems };
}
