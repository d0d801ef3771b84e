/**
 * A body's links as a build keeps them from its page stage to its gate, where they only name the line of a broken
 * link: one array of href and line pairs, not an object per link. A docs page writes 30 to 100 links, and the
 * objects were about a quarter of what the main thread held per page at the end of a 4,000-page cold build.
 */
import type { SourceLink } from './body-facts.js';

/** `md` with its links kept as pairs (each href through `intern`); reading `links` makes their objects anew. */
export function withKeptLinks<M extends { links: readonly SourceLink[] }>(md: M, intern: (href: string) => string): M {
  const n = md.links.length;
  if (n === 0) return md;
  const pairs: (string | number)[] = new Array(2 * n);
  md.links.forEach((l, i) => {
    pairs[2 * i] = intern(l.href);
    pairs[2 * i + 1] = l.line;
  });
  return Object.defineProperty({ ...md }, 'links', { enumerable: true, get: () => linksOf(pairs) });
}

function linksOf(pairs: readonly (string | number)[]): SourceLink[] {
  const links: SourceLink[] = new Array(pairs.length / 2);
  for (let i = 0; i < links.length; i++) links[i] = { href: pairs[2 * i] as string, line: pairs[2 * i + 1] as number };
  return links;
}
