import { describe, expect, it } from 'vitest';
import { BodyHtml, SHOWN_TREES, type TreelessMarkdown } from '../../src/generator/dev/body-html.js';
import type { SiteRenderer } from '../../src/generator/bundle/site-bundle.js';
import type { SiteData } from '../../src/site/types.js';

// What BodyHtml keeps does not depend on the HTML: a renderer that names the page it rendered is enough.
const renderer = () => ({ renderBody: (_tree: unknown, _data: unknown, page: string) => ({ html: `<p>${page}</p>`, islands: [], eager: [] }) }) as unknown as SiteRenderer;
type Data = Pick<SiteData, 'assets' | 'base'>;
const data = { base: '/', assets: {} } as Data;
const md = () => ({ hast: { type: 'root', children: [] }, words: 1, code: [], links: [], warnings: [] }) as TreelessMarkdown;

describe("dev's body HTML", () => {
  it('is kept for the code, assets, base and page it was made for, and the tree let go', () => {
    const b = new BodyHtml();
    const r = renderer();
    const m = md();
    expect(b.render(m, 'a.md', r, data, '/tutorial/a/')?.html).toBe('<p>/tutorial/a/</p>');
    expect(m.hast).toBeUndefined();
    expect(b.get(m, r, data, '/tutorial/a/')?.html).toBe('<p>/tutorial/a/</p>');
    const others: [SiteRenderer, Data, string][] = [[renderer(), data, '/tutorial/a/'], [r, { ...data, assets: {} as Data['assets'] }, '/tutorial/a/'], [r, { ...data, base: '/docs/' }, '/tutorial/a/'], [r, data, '/tutorial/b/']];
    for (const [r2, d2, page] of others) expect(b.get(m, r2, d2, page)).toBeUndefined();
    expect(b.render(m, 'a.md', r, data, '/tutorial/a/')).toBeUndefined();
  });

  it(`keeps the trees of the ${SHOWN_TREES} bodies shown last, and lets go of one when it drops out of them`, () => {
    const b = new BodyHtml();
    const r = renderer();
    const kept = Array.from({ length: SHOWN_TREES + 1 }, (_, i) => {
      const m = md();
      b.showing(`${i}.md`);
      b.render(m, `${i}.md`, r, data, `/tutorial/${i}/`);
      return m;
    });
    expect(kept[0]!.hast).toBeUndefined();
    for (const m of kept.slice(1)) expect(m.hast).toBeDefined();
    b.showing('1.md');
    b.showing('new.md');
    expect(kept[1]!.hast, 'shown again, so not the oldest').toBeDefined();
    expect(kept[2]!.hast).toBeUndefined();
  });
});
