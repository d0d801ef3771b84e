import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtDevSite, html, plan } from './dev-site-kit.js';

describe("dev keeps a body's HTML, not its Markdown tree", () => {
  const dev = builtDevSite();
  const page = 'tutorial/react-alpha/index.html';
  const body = 'content/tutorials/alpha.md';

  const rendered = async () => {
    await dev.site.want(page);
    return html(dev.site.page(page));
  };

  it('lets go of the tree once the page is rendered, and renders the page again from the HTML', async () => {
    const first = await rendered();
    expect(first).toContain('Hello from alpha');
    expect(dev.site.content.state!.markdown.get(body)!.hast).toBeUndefined();
    // A registry edit: every page again, the body's HTML as it was.
    const registry = path.join(dev.project, 'content', 'registry.json');
    fs.writeFileSync(registry, fs.readFileSync(registry, 'utf8').replace('"name": "Beta Events"', '"name": "Beta Renamed"'));
    expect((await dev.site.update(plan({ content: ['content/registry.json'] }))).problems).toEqual([]);
    const again = await rendered();
    expect(again).toContain('Beta Renamed');
    const bodyPart = (h: string) => h.slice(h.indexOf('<p>Alpha has code.'), h.indexOf('</table>'));
    expect(bodyPart(first)).toContain('Hello from alpha');
    expect(bodyPart(again)).toBe(bodyPart(first));
  });

  it('parses the body again when a Markdown component changes, and shows it under the new code', async () => {
    const components = path.join(dev.siteDir, 'markdown', 'components.tsx');
    const source = fs.readFileSync(components, 'utf8');
    const edited = source.replace("h2: (p: Props<'h2'>) => <Heading level={2} {...p} />,", "h2: (p: Props<'h2'>) => <Heading level={2} {...p} className=\"test-h2\" />,");
    expect(edited).not.toBe(source);
    fs.writeFileSync(components, edited);
    try {
      expect((await dev.site.update(plan({ code: [components] }))).problems).toEqual([]);
      const after = await rendered();
      expect(after).toContain('class="test-h2"');
      expect(after).toContain('Hello from alpha');
      expect(dev.site.content.state!.markdown.get(body)!.hast).toBeUndefined();
    } finally {
      fs.writeFileSync(components, source);
    }
  });

  it('keeps the tree of a body a browser asked for, and renders it under new code without parsing it again', async () => {
    const beta = 'tutorial/react-beta/index.html';
    await dev.site.want(beta, true);
    expect(html(dev.site.page(beta))).toContain('<h2');
    const md = dev.site.content.state!.markdown.get('content/tutorials/beta.md')!;
    expect(md.hast).toBeDefined();
    const components = path.join(dev.siteDir, 'markdown', 'components.tsx');
    const source = fs.readFileSync(components, 'utf8');
    fs.writeFileSync(components, source.replace("h2: (p: Props<'h2'>) => <Heading level={2} {...p} />,", "h2: (p: Props<'h2'>) => <Heading level={2} {...p} className=\"shown-h2\" />,"));
    try {
      expect((await dev.site.update(plan({ code: [components] }))).problems).toEqual([]);
      await dev.site.want(beta, true);
      expect(html(dev.site.page(beta))).toContain('class="shown-h2"');
      expect(dev.site.content.state!.markdown.get('content/tutorials/beta.md')).toBe(md);
    } finally {
      fs.writeFileSync(components, source);
    }
  });
});
