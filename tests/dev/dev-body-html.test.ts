import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevSite } from '../../src/generator/dev/dev-site.js';
import { makeProject } from '../helpers/project.js';
import { copySite } from './dev-process.js';
import { devSiteOf, html, plan } from './dev-site-kit.js';

describe("dev keeps a body's HTML, not its Markdown tree", () => {
  let project: string;
  let siteDir: string;
  let site: DevSite;
  const page = 'tutorial/react-alpha/index.html';
  const body = 'content/tutorials/alpha.md';
  beforeAll(async () => {
    project = makeProject();
    siteDir = copySite();
    site = devSiteOf(project, siteDir);
    expect((await site.initial()).problems).toEqual([]);
  });
  afterAll(async () => {
    await site?.dispose();
    for (const d of [project, siteDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
  });

  const rendered = async () => {
    await site.want(page);
    return html(site.page(page));
  };

  it('lets go of the tree once the page is rendered, and renders the page again from the HTML', async () => {
    const first = await rendered();
    expect(first).toContain('Hello from alpha');
    expect(site.content.state!.markdown.get(body)!.hast).toBeUndefined();
    // A registry edit: every page again, the body's HTML as it was.
    const registry = path.join(project, 'content', 'registry.json');
    fs.writeFileSync(registry, fs.readFileSync(registry, 'utf8').replace('"name": "Beta Events"', '"name": "Beta Renamed"'));
    expect((await site.update(plan({ content: ['content/registry.json'] }))).problems).toEqual([]);
    const again = await rendered();
    expect(again).toContain('Beta Renamed');
    const bodyPart = (h: string) => h.slice(h.indexOf('<p>Alpha has code.'), h.indexOf('</table>'));
    expect(bodyPart(first)).toContain('Hello from alpha');
    expect(bodyPart(again)).toBe(bodyPart(first));
  });

  it('parses the body again when a Markdown component changes, and shows it under the new code', async () => {
    const components = path.join(siteDir, 'markdown', 'components.tsx');
    const source = fs.readFileSync(components, 'utf8');
    const edited = source.replace("h2: (p: Props<'h2'>) => <Heading level={2} {...p} />,", "h2: (p: Props<'h2'>) => <Heading level={2} {...p} className=\"test-h2\" />,");
    expect(edited).not.toBe(source);
    fs.writeFileSync(components, edited);
    try {
      expect((await site.update(plan({ code: [components] }))).problems).toEqual([]);
      const after = await rendered();
      expect(after).toContain('class="test-h2"');
      expect(after).toContain('Hello from alpha');
      expect(site.content.state!.markdown.get(body)!.hast).toBeUndefined();
    } finally {
      fs.writeFileSync(components, source);
    }
  });
});
