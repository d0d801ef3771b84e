/**
 * The sidebar's grouped tutorial list, each part rendered once per build when a page first needs it and shared
 * by every page; the current entry is marked per page. Past SIDEBAR_FULL_LIMIT tutorials only the current
 * category is listed (the others are headings), and of a long category only a window around the current entry
 * (see sidebar-window.ts), so a page's weight grows neither with the site nor with its category; search then
 * reads one shared index instead.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { withBase } from '../seo/urls.js';
import { wholeSpan } from '../document/page-pieces.js';
import type { PagePieces, Tutorial } from '../types.js';
import { isCompactSidebar, sidebarGroups, type SidebarGroup } from './sidebar-groups.js';
import { categoryWindow, CATEGORY_FULL_LIMIT, entryBounds, moreEntry } from './sidebar-window.js';

export { isCompactSidebar, SIDEBAR_FULL_LIMIT } from './sidebar-groups.js';

/** The id of a category's label: prefixed, so that it never meets an article heading's id. */
const labelId = (category: string) => `side-cat-${category.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/**
 * One category, open: a group labelled by its category (a label, not a heading: the page's own h1 comes first
 * in its heading order). Entries carry their search text unless the site is compact (search reads the index).
 */
function Group({ g, base, compact }: { g: SidebarGroup; base: string; compact: boolean }) {
  return (
    <div className="side-group" data-group role="group" aria-labelledby={labelId(g.category)}>
      <p className="side-heading" id={labelId(g.category)}>{g.category}</p>
      <ul>
        {g.items.map((t) => (
          <li key={t.id} data-search={compact ? undefined : [t.name, t.category, ...t.keywords].join('\u0001').toLowerCase()}>
            <a className="side-link" href={withBase(base, `/tutorial/${t.slug}/`)} data-slug={t.slug}>
              <span className="side-name">{t.name}</span>
              <span className="side-desc">{t.description}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Heading({ g, base }: { g: SidebarGroup; base: string }) {
  return (
    <div className="side-group is-collapsed" data-group>
      <p className="side-heading">
        <a href={withBase(base, `/tutorial/${g.items[0]!.slug}/`)}>{g.category}</a> <span className="side-count">({g.items.length})</span>
      </p>
    </div>
  );
}

/** A category rendered open (on demand in compact mode: a page lists one category open) and closed (compact mode). */
interface RenderedGroup { group: SidebarGroup; open: () => string; closed: string }
/**
 * A list many pages share, and where each entry's link starts in it (found when a page first asks); in compact
 * mode, the category it lists open.
 */
interface SharedList { html: string; linkOf?: Map<string, number>; open?: SidebarGroup; entries?: { start: number[]; end: number[]; at: Map<string, number> } }
interface Prepared { compact: boolean; full?: SharedList; groups: RenderedGroup[]; categoryOf: Map<string, string>; byCategory: Map<string | undefined, SharedList> }
const cache = new WeakMap<readonly Tutorial[], Map<string, Prepared>>();

function prepare(tutorials: readonly Tutorial[], base: string): Prepared {
  const byBase = cache.get(tutorials) ?? new Map<string, Prepared>();
  cache.set(tutorials, byBase);
  let p = byBase.get(base);
  if (!p) {
    const compact = isCompactSidebar(tutorials);
    const groups = sidebarGroups(tutorials).map((g): RenderedGroup => {
      let open: string | undefined;
      return { group: g, open: () => (open ??= renderToStaticMarkup(<Group g={g} base={base} compact={compact} />)), closed: compact ? renderToStaticMarkup(<Heading g={g} base={base} />) : '' };
    });
    p = { compact, groups, categoryOf: new Map(tutorials.map((t) => [t.slug, t.category])), byCategory: new Map() };
    byBase.set(base, p);
  }
  return p;
}

/** The shared list a page whose current tutorial is `slug` shows (the whole list, or its category in compact mode). */
function sharedList(tutorials: readonly Tutorial[], base: string, slug?: string): SharedList {
  const p = prepare(tutorials, base);
  if (!p.compact) return (p.full ??= { html: p.groups.map((g) => g.open()).join('') });
  const current = slug ? p.categoryOf.get(slug) : undefined;
  // One list per category, joined once per build: every page of a category shares it.
  let list = p.byCategory.get(current);
  if (list === undefined) {
    const html = p.groups.map((g) => (g.group.category === current ? g.open() : g.closed)).join('');
    p.byCategory.set(current, (list = { html, open: p.groups.find((g) => g.group.category === current)?.group }));
  }
  return list;
}

const LINK_CLASS = 'class="side-link"';
const CURRENT_CLASS = 'class="side-link is-current" aria-current="page"';
const SLUG_ATTR = ' data-slug="';

/** Where the link of each entry starts in `list` (its class attribute), by slug. */
function linksOf(list: SharedList): Map<string, number> {
  if (list.linkOf) return list.linkOf;
  const linkOf = new Map<string, number>();
  for (let at = list.html.indexOf(SLUG_ATTR); at >= 0; at = list.html.indexOf(SLUG_ATTR, at + SLUG_ATTR.length)) {
    const end = list.html.indexOf('"', at + SLUG_ATTR.length);
    const slug = list.html.slice(at + SLUG_ATTR.length, end);
    const link = list.html.lastIndexOf(LINK_CLASS, at);
    if (link >= 0 && !linkOf.has(slug)) linkOf.set(slug, link);
  }
  return (list.linkOf = linkOf);
}

/**
 * The sidebar list of the page of `slug` as pieces: spans of the list every such page shares, around the current
 * entry's class, marked (highlight and aria-current).
 */
export function sidebarPieces(tutorials: readonly Tutorial[], base: string, slug?: string): PagePieces {
  const list = sharedList(tutorials, base, slug);
  if (list.open && list.open.items.length > CATEGORY_FULL_LIMIT) return windowPieces(list, list.open, base, slug);
  const link = slug === undefined ? undefined : linksOf(list).get(slug);
  if (link === undefined) return [wholeSpan(list.html)];
  return [{ shared: list.html, from: 0, to: link }, CURRENT_CLASS, { shared: list.html, from: link + LINK_CLASS.length, to: list.html.length }];
}

/**
 * The pieces of a list whose open category is long (see sidebar-window.ts): spans of the shared list before the
 * category's entries, of the window around `slug` (its entry marked), and after the entries; between them the
 * links past the window, the page's own strings.
 */
function windowPieces(list: SharedList, group: SidebarGroup, base: string, slug: string | undefined): PagePieces {
  const { html } = list;
  const links = linksOf(list);
  const items = group.items;
  const { start, end, at: indexOf } = (list.entries ??= { ...entryBounds(html, items.map((t) => links.get(t.slug)!)), at: new Map(items.map((t, i) => [t.slug, i])) });
  const at = slug === undefined ? -1 : (indexOf.get(slug) ?? -1);
  const { lo, hi } = categoryWindow(items.length, at);
  const pieces: (PagePieces[number])[] = [{ shared: html, from: 0, to: start[0]! }];
  if (lo > 0) pieces.push(moreEntry(base, items[lo - 1]!.slug, lo, group.category, true));
  const link = at < 0 ? undefined : links.get(slug!)!;
  if (link === undefined) pieces.push({ shared: html, from: start[lo]!, to: end[hi]! });
  else pieces.push({ shared: html, from: start[lo]!, to: link }, CURRENT_CLASS, { shared: html, from: link + LINK_CLASS.length, to: end[hi]! });
  if (hi < items.length - 1) pieces.push(moreEntry(base, items[hi + 1]!.slug, items.length - 1 - hi, group.category, false));
  pieces.push({ shared: html, from: end[items.length - 1]!, to: html.length });
  return pieces;
}
