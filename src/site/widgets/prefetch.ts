/** Prefetch on intent: when a sidebar or previous/next link is hovered or focused, fetch its page ahead of the click. */

/** The links worth prefetching: tutorial pages one click away. */
export const PREFETCH_SELECTOR = 'a.side-link, a.pn';

/**
 * The first time a same-origin target is pointed at or focused, prefetches it once. Where the browser runs the
 * page's speculation rules (SPECULATION_RULES), the link is marked `data-prefetch` and the browser prefetches it;
 * the navigation then uses that prefetch even when the host sends `max-age=0`, as most static hosts do for HTML.
 * Elsewhere, and for links opening a new tab, a `<link rel="prefetch">` fills the HTTP cache.
 * Does nothing under Save-Data. Returns a function that stops listening.
 */
export function prefetchOnIntent(doc: Document = document): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => {};
  const rules = typeof HTMLScriptElement.supports === 'function' && HTMLScriptElement.supports('speculationrules') && !!doc.querySelector('script[type="speculationrules"]');
  const seen = new Set<string>([pageUrl(doc.location.href)]);
  const onIntent = (e: Event) => {
    const a = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>(PREFETCH_SELECTOR) : null;
    if (!a || a.origin !== doc.location.origin) return;
    const url = pageUrl(a.href);
    if (seen.has(url)) return;
    seen.add(url);
    if (rules && a.target !== '_blank') a.setAttribute('data-prefetch', '');
    else doc.head.append(prefetchLink(doc, url));
  };
  doc.addEventListener('pointerover', onIntent, { passive: true });
  doc.addEventListener('focusin', onIntent);
  return () => {
    doc.removeEventListener('pointerover', onIntent);
    doc.removeEventListener('focusin', onIntent);
  };
}

function prefetchLink(doc: Document, url: string): HTMLLinkElement {
  const link = doc.createElement('link');
  link.rel = 'prefetch';
  link.href = url;
  return link;
}

function pageUrl(href: string): string {
  const i = href.indexOf('#');
  return i < 0 ? href : href.slice(0, i);
}
