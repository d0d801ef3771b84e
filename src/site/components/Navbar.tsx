/** The site-wide navigation bar: logo, Home, React Tutorial, the two external links and the theme switch. */
import { Island } from '../islands/Island.js';
import { withBase } from '../seo/urls.js';
import type { SiteConfig } from '../types.js';

/** Renders the bar; `current` marks the active section for `aria-current`. */
export function Navbar({ site, base, current }: { site: SiteConfig; base: string; current?: 'home' | 'tutorial' }) {
  const { logo } = site;
  return (
    <header className="navbar">
      <nav className="navbar-inner" aria-label="Main">
        <a className="navbar-logo" href={withBase(base, '/')} aria-label={`${site.name} home`}>
          <img className="logo-light" src={withBase(base, logo.light)} alt="" width={logo.width} height={logo.height} />
          <img className="logo-dark" src={withBase(base, logo.dark)} alt="" width={logo.width} height={logo.height} />
        </a>
        <ul className="navbar-links">
          <li>
            <a href={withBase(base, '/')} aria-current={current === 'home' ? 'page' : undefined}>Home</a>
          </li>
          <li>
            <a href={withBase(base, '/tutorial/')} aria-current={current === 'tutorial' ? 'page' : undefined}>React Tutorial</a>
          </li>
        </ul>
        <Island name="NavMenu" props={{ library: site.library, social: site.social }} when="interaction" className="navbar-external" />
        <Island name="ThemeToggle" props={{}} when="interaction" className="navbar-theme" />
      </nav>
    </header>
  );
}
