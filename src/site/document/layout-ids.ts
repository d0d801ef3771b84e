/**
 * The element ids a page's layout (header, sidebar, article frame, widgets) and the Markdown footnotes use, so a
 * body's heading ids can keep clear of them: a heading "Main" must not become a second `id="main"`.
 */
const LAYOUT_IDS = new Set(['main', 'sidebar', 'hub-title', 'tutorial-search', 'external-links', 'tags-title', 'faq-title', 'ads-title', 'ads-list', 'footnote-label']);
/** Id prefixes of the layout: sidebar category labels, and the footnotes' own ids (remark-rehype's clobber prefix). */
const LAYOUT_ID_PREFIXES = ['side-cat-', 'user-content-'];

/** Whether `id` starts as the layout's generated ids do (no suffix can take it out of their way). */
export function hasLayoutPrefix(id: string): boolean {
  return LAYOUT_ID_PREFIXES.some((p) => id.startsWith(p));
}

/** Whether `id` is (or may be) an id of the page layout rather than of a body's heading. */
export function isLayoutId(id: string): boolean {
  return LAYOUT_IDS.has(id) || hasLayoutPrefix(id);
}
