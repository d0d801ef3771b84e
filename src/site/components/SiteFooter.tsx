/** The site-wide footer: the static pages and the copyright line. */
import { withBase } from '../seo/urls.js';
import type { SiteConfig } from '../types.js';

/** Props: site identity, base path and the names of the static pages that exist. */
export function SiteFooter({ site, base, year, pages }: { site: SiteConfig; base: string; year: string; pages: { name: string; title: string }[] }) {
  return (
    <footer className="site-footer">
      <nav aria-label="Site">
        <ul className="footer-links">
          {pages.map((p) => (
            <li key={p.name}>
              <a href={withBase(base, `/${p.name}/`)}>{p.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="copyright">
        © {year} {site.owner}. {site.name}.
      </p>
    </footer>
  );
}
