/** The shared search index of large sites: one JSON file every page's search reads on first use. */
import { matchesSearch } from '../components/sidebar-groups.js';
import type { Tutorial } from '../types.js';

/** One entry: slug, name, category, keywords, description. */
export type IndexEntry = [string, string, string, string[], string];

/** Each registry's index JSON: a build hashes it for the index's URL, then writes it. */
const made = new WeakMap<readonly Tutorial[], string>();

/** The index file's JSON for a registry (intro entries left out, like the sidebar). */
export function searchIndexJson(tutorials: readonly Tutorial[]): string {
  let json = made.get(tutorials);
  if (json === undefined) {
    const items: IndexEntry[] = tutorials.filter((t) => !t.isIntro).map((t) => [t.slug, t.name, t.category, t.keywords, t.description]);
    made.set(tutorials, (json = JSON.stringify({ v: 1, items })));
  }
  return json;
}

/** Entries matching `query` by the spec's rule, at most `limit`. */
export function searchIndex(items: readonly IndexEntry[], query: string, limit = 50): IndexEntry[] {
  const out: IndexEntry[] = [];
  for (const e of items) {
    if (matchesSearch({ name: e[1], category: e[2], keywords: e[3] }, query)) out.push(e);
    if (out.length >= limit) break;
  }
  return out;
}
