/** Pure: the sidebar's category groups from the registry (intro entries left out, registry order kept). */
import type { Tutorial } from '../types.js';

/** One category heading and its entries, in reading order. */
export interface SidebarGroup { category: string; items: Tutorial[] }

/** Groups tutorials by category in order of first appearance; intro tutorials are excluded. */
export function sidebarGroups(tutorials: readonly Tutorial[]): SidebarGroup[] {
  const groups = new Map<string, Tutorial[]>();
  for (const t of tutorials) {
    if (t.isIntro) continue;
    const list = groups.get(t.category) ?? [];
    list.push(t);
    groups.set(t.category, list);
  }
  return [...groups].map(([category, items]) => ({ category, items }));
}

/** Search rule of the spec: case-insensitive substring of the name, the category or any keyword. */
export function matchesSearch(t: Pick<Tutorial, 'name' | 'category' | 'keywords'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return t.name.toLowerCase().includes(q) || t.category.toLowerCase().includes(q) || t.keywords.some((k) => k.toLowerCase().includes(q));
}

/** Above this many tutorials the sidebar lists only the current category, and search reads a shared index. */
export const SIDEBAR_FULL_LIMIT = 150;

/** Whether this registry gets the compact sidebar (and a search index). */
export function isCompactSidebar(tutorials: readonly unknown[]): boolean {
  return tutorials.length > SIDEBAR_FULL_LIMIT;
}
