/** The <head> of every page: metadata, social tags, JSON-LD, stylesheet, favicons and preloads. */
import { serializeJsonLd } from '../seo/json-ld.js';
import type { PageMeta } from '../seo/page-meta.js';
import { absoluteUrl, withBase } from '../seo/urls.js';
import type { SiteData } from '../types.js';

/** Props: build data, the page's metadata, the CSP policy and the module URLs to preload. */
export function Head({ data, meta, csp, preload }: { data: SiteData; meta: PageMeta; csp: string; preload: string[] }) {
  const { site, base } = data;
  const img = site.socialImage;
  const imgUrl = absoluteUrl(site.url, base, img.src);
  const locale = `${site.language.replace('-', '_')}`;
  return (
    <>
      <meta charSet="utf-8" />
      <meta httpEquiv="Content-Security-Policy" content={csp} />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      <meta name="keywords" content={meta.keywords} />
      {meta.author ? <meta name="author" content={meta.author} /> : null}
      <meta name="robots" content={meta.robots} />
      <meta name="theme-color" content={site.themeColor} />
      <meta name="geo.region" content={site.region} />
      <meta name="language" content={site.language} />
      <link rel="canonical" href={meta.canonical} />
      <meta property="og:type" content={meta.ogType} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={meta.ogTitle ?? meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={meta.canonical} />
      <meta property="og:locale" content={locale} />
      <meta property="og:image" content={imgUrl} />
      <meta property="og:image:width" content={String(img.width)} />
      <meta property="og:image:height" content={String(img.height)} />
      <meta property="og:image:alt" content={img.alt ?? site.name} />
      {meta.published ? <meta property="article:published_time" content={meta.published} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      {site.social.handle ? <meta name="twitter:site" content={site.social.handle} /> : null}
      <meta name="twitter:title" content={meta.ogTitle ?? meta.title} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={imgUrl} />
      {site.icons.map((i) => (
        <link key={i.href} rel={i.rel} href={withBase(base, i.href)} type={i.type} sizes={i.sizes} />
      ))}
      <link rel="stylesheet" href={withBase(base, data.assets.css)} />
      {preload.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {meta.jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(meta.jsonLd) }} /> : null}
    </>
  );
}
