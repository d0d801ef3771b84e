/** Data shapes shared by the generator (which produces them) and the site (which renders them). */
import type { Root } from 'hast';

/**
 * A known island name: each is `src/site/widgets/<Name>.tsx` with a default export, listed in islands/registry.ts
 * (which checks that it holds exactly these).
 */
export type IslandName = 'AdsPanel' | 'CopyButton' | 'DrawerButton' | 'NavMenu' | 'PointerEffects' | 'ShareWidget' | 'SidebarSearch' | 'ThemeToggle';

/** An image with its intrinsic size, as used in metadata. */
export interface SizedImage { src: string; width: number; height: number; alt?: string }

/** Site identity from `content/site.json`. */
export interface SiteConfig {
  name: string;
  description: string;
  url: string;
  owner: string;
  email: string;
  social: { label: string; url: string; handle?: string };
  library: { name: string; url: string };
  themeColor: string;
  language: string;
  region: string;
  socialImage: SizedImage;
  publisherLogo: SizedImage;
  logo: { light: string; dark: string; width: number; height: number };
  landing: { headline: string; subhead: string; image: string; imageSet: { src: string; width: number }[]; fallback: string };
  icons: { rel: 'icon' | 'apple-touch-icon'; href: string; type?: string; sizes?: string }[];
  allowRawHtml: boolean;
}

/** One registry entry: a tutorial's identity and metadata. */
export interface Tutorial {
  id: string;
  slug: string;
  name: string;
  title: string;
  description: string;
  category: string;
  difficulty: string;
  keywords: string[];
  teaches: string[];
  author?: string;
  readTime?: string;
  publishDate?: string;
  isIntro: boolean;
  prev?: string;
  next?: string;
}

/** A question and its answer from a body's front matter. */
export interface Faq { question: string; answer: string }

/** A span `[from, to)` of a string that many pages share (the sidebar's list): read and encoded once, not once a page. */
export interface SharedSpan { shared: string; from: number; to: number }

/**
 * A page's HTML in document order: its own strings and spans of shared strings; joined, they are the page. Pieces
 * meet between tags or attributes, never inside one, so what a page links to can be read piece by piece.
 */
export type PagePieces = readonly (string | SharedSpan)[];

/** A body's HTML rendered on its own, with the islands it uses (all, and those hydrated at load). */
export interface RenderedBody { html: string; islands: IslandName[]; eager: IslandName[] }

/** A Markdown body: its hast tree or its HTML (kept by the build), plus what the page needs to know about it. */
export interface Body {
  hast?: Root;
  rendered?: RenderedBody;
  faq: Faq[];
  updated?: string;
  words: number;
}

/** One static ad of the "Recommended" panel. */
export interface Ad {
  id: string;
  type: string;
  title: string;
  description: string;
  image: string;
  cta: string;
  badge: string;
  price?: string;
  link: string;
}

/** A static page (privacy policy, terms, contact, about). */
export interface StaticPage { name: string; title: string; description: string; body: Body }

/** A link to a neighbouring tutorial. */
export interface NavLink { slug: string; name: string; title: string }

/** Every route kind the site renders. */
export type RouteKind = 'landing' | 'tutorial' | 'template' | 'static' | 'redirect' | 'not-found';

/** One output page: its URL path (directory style), output file and kind-specific data keys. */
export interface Route {
  path: string;
  file: string;
  kind: RouteKind;
  /** tutorial id for `tutorial`, page name for `static`, target path for `redirect`. */
  ref?: string;
  prev?: NavLink;
  next?: NavLink;
  /** Whether the sitemap lists it. */
  indexable: boolean;
}

/** Everything a page renderer needs besides the route: built once per build and shared by reference. */
export interface SiteData {
  site: SiteConfig;
  base: string;
  tutorials: Tutorial[];
  bodies: Record<string, Body | undefined>;
  pages: Record<string, StaticPage>;
  ads: Ad[];
  assets: AssetManifest;
  /** URL path (without base) of the shared search index; set only for large sites (compact sidebar). */
  searchIndex?: string;
  buildDate: string;
  /** Serves dev: the origin prev/next links use instead of the site URL, and the reload client. */
  dev?: { origin: string; clientScript: string };
}

/** Output of the island/CSS bundle: URLs (without base) of the stylesheet and each island's chunk. */
export interface AssetManifest {
  css: string;
  islands: Record<string, { src: string; imports: string[] }>;
  /** The inline page script's code (src/site/client/page-script.ts, minified): island loader, shortcuts, prefetch. */
  pageScript: string;
  /** The stylesheet of terminal output's colours, inline on the pages that show some (` ```ansi `). */
  terminalCss: string;
}
