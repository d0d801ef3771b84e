/** The landing page: full-screen background image, headline, one button to the tutorials. */
import { withBase } from '../seo/urls.js';
import type { SiteConfig } from '../types.js';

/** Props: site identity (landing texts and image set) and base path. */
export function Landing({ site, base }: { site: SiteConfig; base: string }) {
  const { landing } = site;
  const srcSet = landing.imageSet.map((i) => `${withBase(base, i.src)} ${i.width}w`).join(', ');
  return (
    <main id="main" className="landing" tabIndex={-1}>
      <picture className="landing-bg">
        <source type="image/webp" srcSet={srcSet} sizes="100vw" />
        <img src={withBase(base, landing.fallback)} alt="" width={1280} height={720} fetchPriority="high" decoding="async" />
      </picture>
      <div className="landing-overlay" />
      <div className="landing-content">
        <h1 className="landing-title">{landing.headline}</h1>
        {landing.subhead ? <p className="landing-sub">{landing.subhead}</p> : null}
        <a className="btn btn-hero" href={withBase(base, '/tutorial/')}>React Tutorials</a>
      </div>
    </main>
  );
}
