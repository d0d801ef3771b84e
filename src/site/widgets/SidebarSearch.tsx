/** Island: the sidebar search box; filters the server-rendered list as you type. `/` or Ctrl/⌘-K focuses it (page script). */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { searchIndex, type IndexEntry } from './search-index.js';

let loaded: Promise<IndexEntry[]> | undefined;

/**
 * Shows or hides list entries by the spec's rule (case-insensitive substring of name, category, keywords).
 * With `index` (large sites, whose sidebar lists one category), it searches that shared JSON index instead.
 */
export default function SidebarSearch({ index }: { index?: string }) {
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState(-1);
  const [results, setResults] = useState<IndexEntry[] | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);

  // The box is uncontrolled: what the visitor types is never overwritten, not even while the island hydrates
  // in the middle of their typing. Text typed before it hydrated is in the box already: search for it.
  useEffect(() => {
    if (input.current?.value) setQuery(input.current.value);
  }, []);
  const clear = () => {
    if (input.current) input.current.value = '';
    setQuery('');
  };

  useEffect(() => {
    if (!index) return;
    const q = query.trim();
    const list = document.querySelector<HTMLElement>('.sidebar-list');
    if (list) list.hidden = !!q;
    if (!q) return void (setResults(undefined), setMatches(-1));
    let live = true;
    loaded ??= fetch(index).then((r) => r.json() as Promise<{ items: IndexEntry[] }>).then((j) => j.items);
    loaded.then(
      (items) => {
        if (!live) return;
        const hits = searchIndex(items, q);
        setResults(hits);
        setMatches(hits.length);
      },
      (e: unknown) => console.error('search index failed to load', e),
    );
    return () => void (live = false);
  }, [query, index]);

  // Before paint, in the same commit as the query: the count (and "No tutorials found") never lags a frame behind the box.
  useLayoutEffect(() => {
    if (index) return;
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
  }, [query, index]);

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
