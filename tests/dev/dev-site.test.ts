import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/project.js';
import { builtDevSite, html, plan } from './dev-site-kit.js';

describe('dev rebuilds only what a change affects', () => {
  const dev = builtDevSite();

  it('a tutorial body: that page only, the others keep their HTML', async () => {
    const before = new Map(dev.site.gen!.routes.map((r) => [r.file, dev.site.page(r.file)]));
    const file = path.join(dev.project, 'content', 'tutorials', 'alpha.md');
    fs.appendFileSync(file, '\n\nA sentence added by the body test.\n');
    const report = await dev.site.update(plan({ bodies: ['content/tutorials/alpha.md'] }));
    expect(report.problems).toEqual([]);
    expect(report.pages).toEqual(new Set(['tutorial/react-alpha/index.html']));
    expect(html(dev.site.page('tutorial/react-alpha/index.html'))).toContain('A sentence added by the body test.');
    for (const r of dev.site.gen!.routes) if (r.file !== 'tutorial/react-alpha/index.html') expect(dev.site.page(r.file), r.file).toBe(before.get(r.file));
  });

  it('a save that changes nothing (a second watcher event, a touch): no page changes, so no tab reloads', async () => {
    const file = path.join(dev.project, 'content', 'tutorials', 'alpha.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8'));
    const report = await dev.site.update(plan({ bodies: ['content/tutorials/alpha.md'] }));
    expect(report.problems).toEqual([]);
    expect(report.pages).toEqual(new Set());
    expect(report.reloadAll).toBe(false);
  });

  it('the registry: every page, with the new names in every sidebar', async () => {
    const file = path.join(dev.project, 'content', 'registry.json');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"name": "Beta Events"', '"name": "Beta Renamed"'));
    const report = await dev.site.update(plan({ content: ['content/registry.json'] }));
    expect(report.pages).toBe('all');
    expect(html(dev.site.page('tutorial/react-alpha/index.html'))).toContain('Beta Renamed');
    expect(report.rebuilt.join()).toContain('Markdown of 0 files');
  });

  it('a content error is reported with its file and line, and the next good save clears it', async () => {
    const file = path.join(dev.project, 'content', 'tutorials', 'beta.md');
    const good = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, `---\nfaq: : :\n---\n${good}`);
    const bad = await dev.site.update(plan({ bodies: ['content/tutorials/beta.md'] }));
    expect(bad.problems[0]).toMatchObject({ file: 'content/tutorials/beta.md', line: 2 });
    expect(dev.site.problems.length).toBeGreaterThan(0);
    fs.writeFileSync(file, good);
    const fixed = await dev.site.update(plan({ bodies: ['content/tutorials/beta.md'] }));
    expect(fixed.problems).toEqual([]);
    expect(fixed.reloadAll).toBe(true);
    expect(dev.site.problems).toEqual([]);
  });

  it('a level-1 heading fails its page as it fails the build, and a mistake that comes back after a fix is reported again', async () => {
    const file = path.join(dev.project, 'content', 'tutorials', 'beta.md');
    const good = fs.readFileSync(file, 'utf8');
    const save = async (text: string) => (fs.writeFileSync(file, text), dev.site.update(plan({ bodies: ['content/tutorials/beta.md'] })));
    const mistake = `${good}\n# A second title\n\n\`\`\`jsxx\nx\n\`\`\`\n`;
    for (let round = 1; round <= 2; round++) {
      const bad = await save(mistake);
      expect(bad.warnings.map((w) => [w.severity, w.field]), `round ${round}`).toEqual([['error', 'heading'], ['warning', 'code fence language']]);
      const page = dev.site.page('tutorial/react-beta/index.html');
      expect(page && 'problem' in page && page.problem).toMatchObject({ file: 'content/tutorials/beta.md', message: expect.stringContaining('level-1 heading') });
      // Saved again unchanged, or with another edit: not printed twice.
      expect((await save(`${mistake}\nMore text.\n`)).warnings).toEqual([]);
      const fixed = await save(good);
      expect(fixed.warnings).toEqual([]);
      expect(html(dev.site.page('tutorial/react-beta/index.html'))).toContain('<h1');
    }
  });

  it("a tutorial's new slug: its old URL leads there (a tab open on it follows), until the slug is used again", async () => {
    const file = path.join(dev.project, 'content', 'registry.json');
    const registry = fs.readFileSync(file, 'utf8');
    const slugs = async (beta: string, intro = 'react-intro') => {
      fs.writeFileSync(file, registry.replace('"slug": "react-beta"', `"slug": "${beta}"`).replace('"slug": "react-intro"', `"slug": "${intro}"`));
      expect((await dev.site.update(plan({ content: ['content/registry.json'] }))).problems).toEqual([]);
    };
    expect(dev.site.movedTo('/tutorial/react-beta/')).toBeUndefined();
    await slugs('react-beta-2');
    expect(dev.site.movedTo('/tutorial/react-beta/')).toBe('/tutorial/react-beta-2/');
    expect(dev.site.movedTo('/tutorial/react-beta')).toBe('/tutorial/react-beta-2/');
    await slugs('react-beta-3');
    expect([dev.site.movedTo('/tutorial/react-beta/'), dev.site.movedTo('/tutorial/react-beta-2/')]).toEqual(['/tutorial/react-beta-3/', '/tutorial/react-beta-3/']);
    // Another tutorial takes the old slug: that URL is its page now.
    await slugs('react-beta-3', 'react-beta');
    expect(dev.site.movedTo('/tutorial/react-beta/')).toBeUndefined();
    await slugs('react-beta');
    expect(dev.site.movedTo('/tutorial/react-beta/')).toBeUndefined();
    expect(dev.site.movedTo('/tutorial/react-beta-3/')).toBe('/tutorial/react-beta/');
    expect(dev.site.movedTo('/tutorial/nothing/')).toBeUndefined();
  });

  it('a static page title: every page (their footers list it); a new body file: a full content reload', async () => {
    const about = path.join(dev.project, 'content', 'pages', 'about.md');
    fs.writeFileSync(about, fs.readFileSync(about, 'utf8').replace(/^title: .*$/m, 'title: About This Fixture'));
    const report = await dev.site.update(plan({ pages: ['content/pages/about.md'] }));
    expect(report.pages).toBe('all');
    expect(html(dev.site.page('index.html'))).toContain('About This Fixture');
    fs.writeFileSync(path.join(dev.project, 'content', 'tutorials', 'orphan.md'), 'An orphan body.\n');
    const added = await dev.site.update(plan({ bodies: ['content/tutorials/orphan.md'] }));
    expect(added.problems[0]).toMatchObject({ file: 'content/tutorials/orphan.md', message: expect.stringContaining('no registry entry') });
    fs.rmSync(path.join(dev.project, 'content', 'tutorials', 'orphan.md'));
    expect((await dev.site.update(plan({ bodies: ['content/tutorials/orphan.md'] }))).problems).toEqual([]);
  });

  it('edits made while the site code is broken are not lost when the code comes back unchanged', async () => {
    const footer = path.join(dev.siteDir, 'components', 'SiteFooter.tsx');
    const source = fs.readFileSync(footer, 'utf8');
    fs.writeFileSync(footer, source.replace('<footer', '<footer {'));
    expect((await dev.site.update(plan({ code: [footer] }))).problems.length).toBeGreaterThan(0);
    const body = path.join(dev.project, 'content', 'tutorials', 'beta.md');
    fs.appendFileSync(body, '\n\nWritten while the code was broken.\n');
    expect((await dev.site.update(plan({ bodies: ['content/tutorials/beta.md'] }))).problems.length).toBeGreaterThan(0);
    fs.writeFileSync(footer, source);
    const back = await dev.site.update(plan({ code: [footer] }));
    expect(back.problems).toEqual([]);
    expect(back.reloadAll).toBe(true);
    expect(html(dev.site.page('tutorial/react-beta/index.html'))).toContain('Written while the code was broken.');
  });

  it('a public file: nothing rebuilt, every tab reloads', async () => {
    const before = dev.site.page('index.html');
    const report = await dev.site.update(plan({ publicFiles: ['public/favicon.svg'] }));
    expect(report.pages).toEqual(new Set());
    expect(report.reloadAll).toBe(true);
    expect(dev.site.page('index.html')).toBe(before);
  });

  it('an image a body shows: its size is on the page, and a new picture of another size renders that page again', async () => {
    const body = path.join(dev.project, 'content', 'tutorials', 'beta.md');
    const chart = path.join(dev.project, 'public', 'images', 'chart.png');
    fs.copyFileSync(path.join(REPO, 'public', 'images', 'social.png'), chart);
    fs.appendFileSync(body, '\n\n![A chart](/images/chart.png)\n');
    await dev.site.update(plan({ bodies: ['content/tutorials/beta.md'] }));
    expect(html(dev.site.page('tutorial/react-beta/index.html'))).toContain('width="1200" height="630"');
    fs.copyFileSync(path.join(REPO, 'public', 'icon-192.png'), chart);
    const report = await dev.site.update(plan({ publicFiles: ['public/images/chart.png'] }));
    expect(report.problems).toEqual([]);
    expect(report.pages).toEqual(new Set(['tutorial/react-beta/index.html']));
    expect(html(dev.site.page('tutorial/react-beta/index.html'))).toContain('width="192" height="192"');
    // An event for public/ itself (the folder made again) reads every doc that shows an image.
    fs.copyFileSync(path.join(REPO, 'public', 'images', 'social.png'), chart);
    expect((await dev.site.update(plan({ publicFiles: ['public'] }))).pages).toEqual(new Set(['tutorial/react-beta/index.html']));
    expect(html(dev.site.page('tutorial/react-beta/index.html'))).toContain('width="1200" height="630"');
  });

  it('the stylesheet: a new CSS URL, swapped in without a reload', async () => {
    const oldCss = dev.site.gen!.data.assets.css;
    fs.appendFileSync(path.join(dev.siteDir, 'styles', 'site.css'), '\nbody{outline:1px solid rgb(9, 8, 7)}\n');
    const report = await dev.site.update(plan({ css: [path.join(dev.siteDir, 'styles', 'site.css')] }));
    expect(report.cssHref).toMatch(/^\/assets\/.+\.css$/);
    expect(report.cssHref).not.toBe(oldCss);
    expect(html(dev.site.page('index.html'))).toContain(report.cssHref!);
    expect(Buffer.from(dev.site.asset(report.cssHref!.slice(1))!).toString()).toMatch(/rgb\(9,\s?8,\s?7\)|#090807/);
    // The previous stylesheet is still served to pages loaded before the change.
    expect(dev.site.asset(oldCss.slice(1))).toBeDefined();
  });

  it('a component: new code rendered without a restart; a throwing component is a problem of the pages it breaks', async () => {
    const footer = path.join(dev.siteDir, 'components', 'SiteFooter.tsx');
    const source = fs.readFileSync(footer, 'utf8');
    fs.writeFileSync(footer, source.replace('<footer', '<footer data-test-edit="1"'));
    const report = await dev.site.update(plan({ code: [footer] }));
    expect(report.pages).toBe('all');
    expect(html(dev.site.page('about/index.html'))).toContain('data-test-edit="1"');

    fs.writeFileSync(footer, source.replace('<footer', '<footer data-x={(null as unknown as { x: string }).x}'));
    await dev.site.update(plan({ code: [footer] }));
    const broken = dev.site.page('about/index.html');
    // (Its location in SiteFooter.tsx comes from the source-mapped stack: see dev-e2e.test.ts, under the real CLI.)
    expect(broken && 'problem' in broken && broken.problem.message).toMatch(/^rendering \/about\/ failed: /);
    fs.writeFileSync(footer, source);
    const restored = await dev.site.update(plan({ code: [footer] }));
    expect(restored.problems).toEqual([]);
    expect(html(dev.site.page('about/index.html'))).not.toContain('data-test-edit');
  });
});
