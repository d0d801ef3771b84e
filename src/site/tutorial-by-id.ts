/** Tutorial lookup by id, indexed once per registry array (pages look theirs up on every render). */
import type { Tutorial } from './types.js';

const indexes = new WeakMap<readonly Tutorial[], Map<string, Tutorial>>();

/** The tutorial of `tutorials` whose id is `id`: a Map lookup, where `find` cost 2,000 comparisons a page at 4,000 tutorials. */
export function tutorialById(tutorials: readonly Tutorial[], id: string | undefined): Tutorial | undefined {
  let index = indexes.get(tutorials);
  if (!index) indexes.set(tutorials, (index = new Map(tutorials.map((t) => [t.id, t]))));
  return id === undefined ? undefined : index.get(id);
}
