/** Arrow keys for the sidebar search: down from the box into the visible entries, up and down between them. */

/** Where focus goes on `key` from `at` (the box or one of `links`, in order); undefined: the key is not ours. */
export function arrowTarget<T>(key: string, at: T, box: T, links: readonly T[]): T | undefined {
  if (key !== 'ArrowDown' && key !== 'ArrowUp') return undefined;
  if (at === box) return key === 'ArrowDown' ? links[0] : undefined;
  const i = links.indexOf(at);
  if (i < 0) return undefined;
  if (key === 'ArrowUp') return i === 0 ? box : links[i - 1];
  return links[Math.min(i + 1, links.length - 1)];
}

/** The entries the arrow keys step through: the search hits (large sites), else the list's visible links. */
export function visibleEntries(doc: Document): HTMLAnchorElement[] {
  const hits = [...doc.querySelectorAll<HTMLAnchorElement>('.search-results a')];
  const links = hits.length ? hits : [...doc.querySelectorAll<HTMLAnchorElement>('.sidebar-list a.side-link')];
  return links.filter((a) => a.getClientRects().length > 0);
}
