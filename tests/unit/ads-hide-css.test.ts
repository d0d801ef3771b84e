import { describe, expect, it } from 'vitest';
import { adsHideCss } from '../../src/site/document/ads-hide-css.js';

describe('adsHideCss', () => {
  it('hides each dismissed ad, and the whole column (its room given to the article) once every ad is dismissed', () => {
    const all = 'html[data-ads-hidden~="a"][data-ads-hidden~="b-2"]';
    expect(adsHideCss(['a', 'b-2'])).toBe(`html[data-ads-hidden~="a"] [data-ad="a"],html[data-ads-hidden~="b-2"] [data-ad="b-2"],${all} .ads-column{display:none}${all}{--ads-column:0px}`);
  });

  it('gives ids that are not plain slugs no rule, and then never hides the whole panel', () => {
    const css = adsHideCss(['ok', 'x"]{}body{display:none']);
    expect(css).toBe('html[data-ads-hidden~="ok"] [data-ad="ok"]{display:none}');
    expect(adsHideCss([])).toBe('');
  });
});
