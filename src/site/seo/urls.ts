/** URL rules: every internal URL is base + directory-style path; absolute URLs add the site origin. */

/** Normalises a base path to start and end with "/" ("sub" -> "/sub/"). */
export function normalizeBase(base: string): string {
  const trimmed = base.trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** A site path ("/tutorial/x/") under the base ("/sub/") -> "/sub/tutorial/x/". */
export function withBase(base: string, path: string): string {
  return base + path.replace(/^\//, '');
}

let lastSite = '';
let lastOrigin = '';

/**
 * A path the URL parser keeps as it is: one "/" first (two would name a host), then letters, digits and "-._~/",
 * with no "." or ".." segment.
 */
const PLAIN_PATH = /^\/(?!\/)[\w\-.~/]*$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/** Absolute URL of a site path: the site's origin + base + path. */
export function absoluteUrl(siteUrl: string, base: string, path: string): string {
  // A page asks for a dozen absolute URLs of one site: its origin is parsed once, and a plain path (every page's
  // own) is appended as the parser would return it (new URL() was 1 % of a prose build's CPU).
  if (siteUrl !== lastSite) [lastSite, lastOrigin] = [siteUrl, new URL(siteUrl).origin];
  const full = withBase(base, path);
  if (lastOrigin !== 'null' && PLAIN_PATH.test(full) && !DOT_SEGMENT.test(full)) return lastOrigin + full;
  return new URL(full, lastOrigin).href;
}

/** Whether a link target leaves the site (has a scheme or is protocol-relative). */
export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/** Whether a URL uses a scheme that may run code and must never be rendered as a link. */
export function isUnsafeUrl(href: string): boolean {
  // Browsers ignore ASCII whitespace and control characters inside the scheme, so strip them first.
  const scheme = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  return /^(javascript|vbscript|data):/.test(scheme);
}
