import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from '../../src/site/seo/json-ld.js';
import { jsString } from '../../src/site/islands/inline-scripts.js';

describe('JSON-LD and inline script escaping', () => {
  it('escapes < so </script> and <!-- cannot end or comment the script element', () => {
    const s = serializeJsonLd({ headline: '</script><script>alert(1)</script><!--' });
    expect(s).not.toContain('<');
    expect(JSON.parse(s)).toEqual({ headline: '</script><script>alert(1)</script><!--' });
  });
  it('escapes the Unicode line separators', () => {
    const s = serializeJsonLd({ a: 'x\u2028y\u2029z' });
    expect(s).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(s).a).toBe('x\u2028y\u2029z');
  });
  it('makes JS string literals safe inside <script>', () => {
    expect(jsString('/a</script>')).toBe('"/a\\u003c/script>"');
  });
});
