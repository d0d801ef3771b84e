/** Prefetch on intent: when a sidebar or previous/next link is hovered or focused, fetch its page ahead of the click. */

/** The links worth prefetching: tutorial pages one click away. */
export const PREFETCH_SELECTOR = 'a.side-link, a.pn';

/**
 * The first time a same-origin target is pointed at or focused, prefetches it once. Where the browser runs the
 * page's speculation rules (SPECULATION_RULES), the link is marked `data-prefetch` and the browser prefetches it;
 * the navigation then uses that prefetch even when the host sends `max-age=0`, as most static hosts do for HTML.
 * Elsewhere, and for links opening a new tab, a `<link rel="prefetch">` fills the HTTP cache. Not under Save-Data.
 */
export function prefetchOnIntent(): void {
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const rules = HTMLScriptElement.supports?.('speculationrules') && !!document.querySelector('script[type="speculationrules"]');
  const seen = new Set([pageUrl(location.href)]);
  const onIntent = (e: Event) => {
    const a = (e.target as Element).closest?.<HTMLAnchorElement>(PREFETCH_SELECTOR);
    if (!a || a.origin !== location.origin || seen.has(pageUrl(a.href))) return;
    seen.add(pageUrl(a.href));
    if (rules && a.target !== '_blank') a.setAttribute('data-prefetch', '');
    else document.head.append(Object.assign(document.createElement('link'), { rel: 'prefetch', href: pageUrl(a.href) }));
  };
  addEventListener('pointerover', onIntent, { passive: true });
  addEventListener('focusin', onIntent);
}

/** A URL without its fragment: the page it names. */
const pageUrl = (href: string) => href.split('#')[0]!;
