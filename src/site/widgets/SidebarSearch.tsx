/** Island: the sidebar search box; filters the server-rendered list as you type. `/` or Ctrl/⌘-K focuses it (page script). */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { searchIndex, type IndexEntry } from './search-index.js';
import { arrowTarget, visibleEntries } from './arrow-keys.js';

let loaded: Promise<IndexEntry[]> | undefined;

/**
 * Large sites (whose sidebar lists one category): searches the shared JSON `index` for `query`, hiding the
 * category list meanwhile; the hits and their count (-1 without a query, or without an index).
 */
function useIndexSearch(query: string, index: string | undefined): { results?: IndexEntry[]; matches: number } {
  const [found, setFound] = useState<{ results?: IndexEntry[]; matches: number }>({ matches: -1 });
  useEffect(() => {
    if (!index) return;
    const q = query.trim();
    const list = document.querySelector<HTMLElement>('.sidebar-list');
    if (list) list.hidden = !!q;
    if (!q) return void setFound({ matches: -1 });
    let live = true;
    loaded ??= fetch(index).then((r) => r.json() as Promise<{ items: IndexEntry[] }>).then((j) => j.items);
    loaded.then(
      (items) => {
        if (!live) return;
        const hits = searchIndex(items, q);
        setFound({ results: hits, matches: hits.length });
      },
      (e: unknown) => console.error('search index failed to load', e),
    );
    return () => void (live = false);
  }, [query, index]);
  return found;
}

/**
 * Small sites: shows and hides the server-rendered entries (and their groups) by `query`; the count of those
 * shown (-1 without a query). Before paint, in the same commit as the query: the count (and "No tutorials
 * found") never lags a frame behind the box.
 */
function useListFilter(query: string, enabled: boolean): number {
  const [matches, setMatches] = useState(-1);
  useLayoutEffect(() => {
    if (!enabled) return;
    const q = query.trim().toLowerCase();
    let count = 0;
    for (const group of document.querySelectorAll<HTMLElement>('.sidebar-list [data-group]')) {
      let inGroup = 0;
      for (const li of group.querySelectorAll<HTMLElement>('li[data-search]')) {
        const hit = !q || li.dataset.search!.includes(q);
        li.hidden = !hit;
        if (hit) inGroup++;
      }
      group.hidden = inGroup === 0;
      count += inGroup;
    }
    setMatches(q ? count : -1);
  }, [query, enabled]);
  return matches;
}

/**
 * Shows or hides list entries by the spec's rule (case-insensitive substring of name, category, keywords).
 * With `index` (large sites, whose sidebar lists one category), it searches that shared JSON index instead.
 */
export default function SidebarSearch({ index }: { index?: string }) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const found = useIndexSearch(query, index);
  const listMatches = useListFilter(query, !index);
  const matches = index ? found.matches : listMatches;
  const results = index ? found.results : undefined;

  // The box is uncontrolled: what the visitor types is never overwritten, not even while the island hydrates
  // in the middle of their typing. Text typed before it hydrated is in the box already: search for it.
  useEffect(() => {
    if (input.current?.value) setQuery(input.current.value);
  }, []);
  // Arrow keys: from the box down into the entries it shows, and between them; up from the first, back to the box.
  useEffect(() => {
    const box = input.current;
    const sidebar = box?.closest<HTMLElement>('#sidebar') ?? document.body;
    const onKey = (e: KeyboardEvent) => {
      // Only the arrow keys: typing in the box must not read the list's layout at every key.
      if (!box || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const to = arrowTarget<Element | null>(e.key, document.activeElement, box, visibleEntries(document));
      if (!to) return;
      e.preventDefault();
      (to as HTMLElement).focus();
    };
    sidebar.addEventListener('keydown', onKey);
    return () => sidebar.removeEventListener('keydown', onKey);
  }, []);
  const clear = () => {
    if (input.current) input.current.value = '';
    setQuery('');
  };

  return (
    <div role="search">
      <label className="sr-only" htmlFor="tutorial-search">Search tutorials</label>
      <input
        ref={input}
        id="tutorial-search"
        className="search-input"
        type="search"
        placeholder="Search tutorials..."
        autoComplete="off"
        aria-keyshortcuts="/ Control+K Meta+K"
        defaultValue=""
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && query && (e.stopPropagation(), clear())}
      />
      <kbd className="search-kbd" aria-hidden="true">/</kbd>
      <p className="sr-only" aria-live="polite">{matches >= 0 ? `${matches} tutorial${matches === 1 ? '' : 's'} found` : ''}</p>
      {results?.length ? (
        <ul className="search-results">
          {results.map(([slug, name, category]) => (
            <li key={slug}>
              <a className="side-link" href={new URL(`../tutorial/${slug}/`, new URL(index!, location.href)).pathname}>
                <span className="side-name">{name}</span>
                <span className="side-desc">{category}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {matches === 0 ? (
        <div className="search-empty">
          <p>No tutorials found for "{query.trim()}"</p>
          <button type="button" className="btn-link" onClick={() => (clear(), input.current?.focus())}>
            Clear search
          </button>
        </div>
      ) : null}
    </div>
  );
}
