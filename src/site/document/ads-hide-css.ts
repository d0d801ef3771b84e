/** Pure: the CSS that hides dismissed ads before paint, keyed on the head script's `html[data-ads-hidden]` list. */

const SAFE_ID = /^[A-Za-z0-9_-]+$/;

/**
 * One rule hiding each dismissed ad (`[data-ad=id]`), and once every ad is dismissed, rules hiding the whole ads
 * column and giving its room to the article (`--ads-column`, the column's width in site.css). Ids that are not
 * plain slugs get no rule (they only lose the no-flash guarantee); then the column rules are left out.
 */
export function adsHideCss(ids: readonly string[]): string {
  const safe = ids.filter((id) => SAFE_ID.test(id));
  if (!safe.length) return '';
  const one = safe.map((id) => `html[data-ads-hidden~="${id}"] [data-ad="${id}"]`);
  if (safe.length < ids.length) return `${one.join(',')}{display:none}`;
  const all = `html${safe.map((id) => `[data-ads-hidden~="${id}"]`).join('')}`;
  return `${[...one, `${all} .ads-column`].join(',')}{display:none}${all}{--ads-column:0px}`;
}
