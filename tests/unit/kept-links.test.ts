import { describe, expect, it } from 'vitest';
import { withKeptLinks } from '../../src/generator/markdown/kept-links.js';

const md = () => ({ words: 12, warnings: [], links: [{ href: '/tutorial/a/', line: 3 }, { href: 'https://react.dev/', line: 9 }, { href: '/tutorial/a/', line: 40 }] });

describe('a body\'s links kept as pairs', () => {
  it('reads back the same links, in order, with every other field kept', () => {
    const kept = withKeptLinks(md(), (href) => href);
    expect(kept.links).toEqual(md().links);
    expect(kept.words).toBe(12);
    expect(JSON.parse(JSON.stringify(kept))).toEqual(md());
    expect(structuredClone(kept)).toEqual(md());
  });

  it('keeps each href as the pool gives it, and makes new objects at each read', () => {
    const pool = new Map<string, string>();
    const kept = withKeptLinks(md(), (href) => pool.get(href) ?? (pool.set(href, href), href));
    expect(pool.size).toBe(2);
    expect(kept.links[0]!.href).toBe(pool.get('/tutorial/a/'));
    expect(kept.links).not.toBe(kept.links);
  });

  it('leaves a body without links as it was', () => {
    const none = { words: 1, warnings: [], links: [] };
    expect(withKeptLinks(none, (h) => h)).toBe(none);
  });
});
