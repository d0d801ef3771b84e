/** The sidebar's grouped tutorial list. Rendered once per build; the current entry is marked per page. */
import { renderToStaticMarkup } from 'react-dom/server';
import { withBase } from '../seo/urls.js';
import type { Tutorial } from '../types.js';
import { sidebarGroups } from './sidebar-groups.js';

function List({ tutorials, base }: { tutorials: readonly Tutorial[]; base: string }) {
  return (
    <>
      {sidebarGroups(tutorials).map((g) => (
        <section className="side-group" key={g.category} data-group>
          <h2 className="side-heading">{g.category}</h2>
          <ul>
            {g.items.map((t) => (
              <li key={t.id} data-search={[t.name, t.category, ...t.keywords].join('\u0001').toLowerCase()}>
                <a className="side-link" href={withBase(base, `/tutorial/${t.slug}/`)} data-slug={t.slug}>
                  <span className="side-name">{t.name}</span>
                  <span className="side-desc">{t.description}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

const cache = new WeakMap<readonly Tutorial[], Map<string, string>>();

/** The list's HTML for this registry and base, built once and reused by every page. */
export function sidebarListHtml(tutorials: readonly Tutorial[], base: string): string {
  const byBase = cache.get(tutorials) ?? new Map<string, string>();
  cache.set(tutorials, byBase);
  let html = byBase.get(base);
  if (html === undefined) {
    html = renderToStaticMarkup(<List tutorials={tutorials} base={base} />);
    byBase.set(base, html);
  }
  return html;
}

/** Marks the entry of `slug` as the current page (highlight and aria-current) in the shared list HTML. */
export function markCurrent(html: string, slug: string | undefined): string {
  if (!slug) return html;
  return html.replace(new RegExp(`class="side-link"( href="[^"]*" data-slug="${slug}")`), 'class="side-link is-current" aria-current="page"$1');
}
