/** Pure: the CSS that hides dismissed ads before paint, keyed on the head script's `html[data-ads-hidden]` list. */

const SAFE_ID = /^[A-Za-z0-9_-]+$/;

/**
 * One rule hiding each dismissed ad (`[data-ad=id]`), and one hiding the whole panel when every ad is dismissed.
 * Ids that are not plain slugs get no rule (they only lose the no-flash guarantee); then the panel rule is left out.
 */
export function adsHideCss(ids: readonly string[]): string {
  const safe = ids.filter((id) => SAFE_ID.test(id));
  if (!safe.length) return '';
  const one = safe.map((id) => `html[data-ads-hidden~="${id}"] [data-ad="${id}"]`);
  const all = safe.length === ids.length ? [`html${safe.map((id) => `[data-ads-hidden~="${id}"]`).join('')} .ads`] : [];
  return `${[...one, ...all].join(',')}{display:none}`;
}
