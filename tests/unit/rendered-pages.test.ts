import { describe, expect, it } from 'vitest';
import { RenderedPages } from '../../src/generator/dev/rendered-pages.js';
import { htmlFacts } from '../../src/generator/verify/html-facts.js';

const page = (n: number) => ({ html: `<!DOCTYPE html><html><head><title>Page ${n}</title></head><body><h1 id="t${n}">Page ${n}</h1><a href="/p${n + 1}/">next</a></body></html>` });
const problem = { severity: 'error' as const, message: 'it threw', file: 'content/tutorials/x.md' };

describe("dev's rendered pages", () => {
  it('keeps the HTML of the last few pages used, and the facts of every page rendered', () => {
    const pages = new RenderedPages(2);
    for (let n = 1; n <= 3; n++) pages.set(`p${n}.html`, page(n));
    expect(pages.get('p1.html')).toBeUndefined();
    expect(pages.has('p1.html')).toBe(true);
    // Using p2 makes p3 the oldest.
    expect(pages.get('p2.html')).toEqual(page(2));
    pages.set('p4.html', page(4));
    expect(pages.get('p3.html')).toBeUndefined();
    expect(pages.get('p2.html')).toEqual(page(2));
    const facts = pages.facts(['p1.html', 'p2.html', 'p3.html', 'p4.html'])!;
    expect([...facts.keys()]).toEqual(['p1.html', 'p2.html', 'p3.html', 'p4.html']);
    expect(facts.get('p1.html')).toEqual(htmlFacts(page(1).html));
  });

  it('has no facts for the gate while a page is missing or failed; a failed page keeps its problem', () => {
    const pages = new RenderedPages(1);
    pages.set('a.html', page(1));
    expect(pages.facts(['a.html', 'b.html'])).toBeUndefined();
    pages.set('b.html', { problem });
    pages.set('c.html', page(3));
    expect(pages.get('b.html')).toEqual({ problem });
    expect(pages.facts(['a.html', 'b.html', 'c.html'])).toBeUndefined();
    expect(pages.facts(['a.html', 'c.html'])?.size).toBe(2);
  });

  it('carries over what a change did not touch', () => {
    const before = new RenderedPages();
    before.set('a.html', page(1));
    before.set('b.html', page(2));
    const after = new RenderedPages();
    after.carry(before, (f) => f !== 'b.html');
    expect(after.get('a.html')).toBe(before.get('a.html'));
    expect(after.has('b.html')).toBe(false);
  });
});
