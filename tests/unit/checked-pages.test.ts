/** check's tutorial pages: rendered as their body arrives, kept as facts; a page that fails is its problem, not a throw. */
import { describe, expect, it } from 'vitest';
import type { Content } from '../../src/generator/content/load-content.js';
import type { SiteRenderer } from '../../src/generator/bundle/site-bundle.js';
import type { MarkdownResult } from '../../src/generator/markdown/render-markdown.js';
import { checkedPageOf, type CheckedPages } from '../../src/generator/render/checked-pages.js';
import type { Route, SiteData } from '../../src/site/types.js';

const routes: Route[] = ['a', 'b', 'c'].map((ref) => ({ path: `/tutorial/${ref}/`, file: `tutorial/${ref}/index.html`, kind: 'tutorial', ref, indexable: true }));
const content = { bodies: new Map(['a', 'b', 'c'].map((id) => [id, { file: `content/tutorials/${id}.md`, faq: [] }])) } as unknown as Content;
const md = { hast: { type: 'root', children: [] }, words: 3, links: [], warnings: [], code: [] } as unknown as MarkdownResult;
/** A renderer whose pages link to their body's words; page `/tutorial/b/` throws, and so does the body of `/tutorial/c/`. */
const site = {
  renderBody: (_tree: unknown, _data: unknown, page: string) => {
    if (page === '/tutorial/c/') throw new Error('a component broke');
    return { html: `<p>${page}</p>`, islands: [], eager: [] };
  },
  renderPagePieces: (route: Route, data: SiteData) => {
    if (route.ref === 'b') throw new Error('the layout broke');
    const body = data.bodies[route.ref!]!;
    return [`<html><head><title>${route.path}</title></head><body><a href="/x/${body.words}/">x</a>${body.rendered!.html}</body></html>`];
  },
} as unknown as SiteRenderer;

describe("check's tutorial pages", () => {
  it('renders each page with its own body, and records a page that fails as its problem', () => {
    const into: CheckedPages = { facts: new Map(), failed: new Map() };
    const reduce = checkedPageOf(site, { bodies: {} } as unknown as SiteData, content, routes, into, new Map());
    expect(reduce('content/tutorials/a.md', md)).toMatchObject({ words: 3, checks: { links: [], sections: [] } });
    expect(() => reduce('content/tutorials/b.md', md)).not.toThrow();
    expect(() => reduce('content/tutorials/c.md', md)).not.toThrow();
    expect(into.facts.get('tutorial/a/index.html')?.urls).toEqual(['/x/3/']);
    expect(into.facts.has('tutorial/b/index.html')).toBe(false);
    expect(into.failed.get('tutorial/b/index.html')).toMatchObject({ file: 'content/tutorials/b.md', message: 'rendering /tutorial/b/ failed: the layout broke' });
    expect(into.failed.get('tutorial/c/index.html')).toMatchObject({ file: 'content/tutorials/c.md', message: 'rendering /tutorial/c/ failed: a component broke' });
  });
});
