/** Cross-entry checks of content/registry.json a schema can't express, each located by the line of its entry. */
import type { Tutorial } from '../../site/types.js';
import { nearest, problem, type Problem } from '../problems/problem.js';
import type { LineLookup } from './validate-json.js';

const FILE = 'content/registry.json';

/** Duplicate ids and slugs, the reserved slug "intro", and prev/next pointing at ids that don't exist. */
export function registryProblems(tutorials: readonly Tutorial[], lineFor: LineLookup): Problem[] {
  const problems: Problem[] = [];
  const where = (i: number, field: keyof Tutorial) => ({ file: FILE, line: lineFor([i, field]), field: `[${i}].${field}` });
  for (const field of ['id', 'slug'] as const) {
    const first = new Map<string, number>();
    tutorials.forEach((t, i) => {
      const prior = first.get(t[field]);
      if (prior === undefined) return void first.set(t[field], i);
      const priorLine = lineFor([prior, field]);
      const hint = field === 'id' ? 'give each entry its own id (its body is content/tutorials/<id>.md)' : 'give each tutorial its own slug: the slug is its URL, /tutorial/<slug>/';
      problems.push(problem(`${field} "${t[field]}" is used twice: by entry [${prior}]${priorLine ? ` (line ${priorLine})` : ''} and by entry [${i}]`, { ...where(i, field), hint }));
    });
  }
  tutorials.forEach((t, i) => {
    if (t.slug === 'intro') problems.push(problem('slug "intro" is reserved: /tutorial/intro/ redirects to the intro tutorial', { ...where(i, 'slug'), hint: 'choose another slug, and mark the intro tutorial with "isIntro": true' }));
  });
  const ids = tutorials.map((t) => t.id);
  const idSet = new Set(ids);
  tutorials.forEach((t, i) => {
    for (const field of ['prev', 'next'] as const) {
      const target = t[field];
      if (target === undefined || idSet.has(target)) continue;
      const bySlug = tutorials.find((o) => o.slug === target);
      const near = nearest(target, ids);
      const hint = bySlug
        ? `"${target}" is the slug of "${bySlug.id}": ${field} takes an id, so write "${bySlug.id}"`
        : near
          ? `did you mean "${near}"?`
          : 'use the id of an entry in the registry, or remove the field to follow reading order';
      problems.push(problem(`${field} points at unknown tutorial id "${target}"`, { ...where(i, field), hint }));
    }
  });
  return problems;
}
