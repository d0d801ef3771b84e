import { describe, expect, it } from 'vitest';
import { bodiesByFile, bodiesOf } from '../../src/generator/dev/bodies-by-file.js';
import type { BodyDoc } from '../../src/generator/content/read-docs.js';

const doc = (file: string) => ({ file }) as BodyDoc;
const bodies = new Map([['a', doc('content/tutorials/a.md')], ['b', doc('content/tutorials/b.md')], ['c', doc('content/tutorials/c.md')]]);

describe("dev's bodies by file", () => {
  it('finds each body by its file, with its id, once per content', () => {
    expect(bodiesByFile(bodies).get('content/tutorials/b.md')?.slice(0, 2)).toEqual(['b', bodies.get('b')]);
    expect(bodiesByFile(bodies).has('content/tutorials/x.md')).toBe(false);
    expect(bodiesByFile(bodies)).toBe(bodiesByFile(bodies));
    const next = new Map(bodies).set('d', doc('content/tutorials/d.md'));
    expect(bodiesByFile(next).has('content/tutorials/d.md')).toBe(true);
  });

  it("gives the bodies a set of files names in the registry's order, and nothing for other files", () => {
    const got = bodiesOf(bodies, new Set(['content/tutorials/c.md', 'content/pages/about.md', 'content/tutorials/a.md']));
    expect(got.map(([id]) => id)).toEqual(['a', 'c']);
  });
});
