import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { islandNames } from '../../src/generator/bundle/site-bundle.js';
import { editJson, listFiles, makeProject, snapshotDir } from '../helpers/project.js';
import { isLayoutId } from '../../src/site/document/layout-ids.js';

const read = (dir: string, f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as { '@graph': Record<string, unknown>[] };

describe('reactsite build on the fixture project', () => {
  let root: string;
  let out: string;
  beforeAll(async () => {
    root = makeProject();
    out = path.join(root, 'out');
    const run = await runCli(['build', '--root', root]);
    expect(run.output).toContain('✓ built');
    expect(run.code).toBe(0);
  });

  it('writes exactly the expected files', () => {
    const files = listFiles(out).map((f) => f.replace(/-[A-Z0-9]{8}\.(js|css)$/, '-HASH.$1'));
    expect(files).toEqual([
      '404.html', '_headers', '_redirects', 'about/index.html',
      ...islandNames().map((n) => `assets/${n}-HASH.js`),
      ...files.filter((f) => f.startsWith('assets/chunk-')),
      'assets/site-HASH.css', 'contact/index.html', 'favicon.svg',
      'images/ad.webp', 'images/bg.jpg', 'images/bg.webp', 'images/logo-dark.svg', 'images/logo.png', 'images/logo.svg', 'images/social.png',
      'index.html', 'robots.txt', 'sitemap.xml', 'template/index.html',
      'tutorial/index.html', 'tutorial/intro/index.html', 'tutorial/react-alpha/index.html', 'tutorial/react-beta/index.html', 'tutorial/react-intro/index.html',
    ].sort());
    expect(files.filter((f) => f.startsWith('assets/chunk-')).length).toBeGreaterThanOrEqual(1);
  });

  it('puts the spec metadata in an article head', () => {
    const html = read(out, 'tutorial/react-alpha/index.html');
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en-US" class="dark"/);
    expect(html).toContain('<title>Alpha: The First Article | Fixture Hub</title>');
    const description = /<meta name="description" content="([^"]*)"/.exec(html)![1]!;
    expect(description).toHaveLength(160);
    expect(description.endsWith('...')).toBe(true);
    expect(/<meta name="keywords" content="([^"]*)"/.exec(html)![1]!.split(', ')).toHaveLength(15);
    expect(html).toContain('<link rel="canonical" href="https://fixture.example.org/tutorial/react-alpha/"/>');
    expect(html).toContain('<meta name="theme-color" content="#3B82F6"/>');
    expect(html).toContain('<meta name="robots" content="index, follow');
    expect(html).toContain('<meta name="geo.region" content="IN"/>');
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  });

  it('describes tutorials with Article/TechArticle/LearningResource, breadcrumbs and FAQPage JSON-LD', () => {
    const graph = jsonLd(read(out, 'tutorial/react-alpha/index.html'))['@graph'];
    const article = graph[0]! as Record<string, any>;
    expect(article['@type']).toEqual(['Article', 'TechArticle', 'LearningResource']);
    expect(article.teaches).toHaveLength(5);
    expect(article.datePublished).toBe('2026-02-03');
    expect(article.dateModified).toBe('2026-03-01');
    expect(article.publisher.logo).toMatchObject({ width: 512, height: 512 });
    expect(article.image).toMatchObject({ width: 1200, height: 630 });
    expect(article.educationalLevel).toBe('Intermediate');
    expect(article.mainEntityOfPage['@id']).toBe('https://fixture.example.org/tutorial/react-alpha/');
    expect(graph.map((n) => n['@type'])).toContain('BreadcrumbList');
    const faq = graph.find((n) => n['@type'] === 'FAQPage') as any;
    expect(faq.mainEntity).toHaveLength(2);
    const beta = jsonLd(read(out, 'tutorial/react-beta/index.html'))['@graph'][0] as any;
    expect(beta.educationalLevel).toBe('Beginner');
    expect(beta.datePublished).toBe('2026-01-01T00:00:00.000Z');
    expect(beta.author.name).toBe('Guest Writer');
    expect(jsonLd(read(out, 'index.html'))['@graph'][0]!['@type']).toBe('WebSite');
  });

  it('renders the article view: badges, byline, body, tags, footer, prev/next in a new tab', () => {
    const html = read(out, 'tutorial/react-alpha/index.html');
    expect(html).toContain('class="badge badge-yellow">Intermediate</span>');
    expect(html).toContain('class="badge badge-category">Hooks</span>');
    expect(html).toContain('By <!-- -->Fixture Author');
    expect(html).toMatch(/\d+ min read/);
    expect(html).toContain('Tutorial Tags');
    expect((html.match(/class="tag"/g) ?? []).length).toBe(5);
    expect(html).toContain('Schema: Article, Tutorial, TechArticle');
    expect(html).toContain('href="https://fixture.example.org/tutorial/react-intro/" target="_blank"');
    expect(html).toContain('href="https://fixture.example.org/tutorial/react-beta/" target="_blank"');
    expect(html).toMatch(/<figure[^>]*class="code-block"/);
    expect(html).toContain('data-island="CopyButton"');
    expect(html).toContain('class="table-scroll"');
    expect(html).toContain('<h2 id="code">');
  });

  it('adds no character beyond Latin-1 to pages whose content has none (V8 would hold each page as UTF-16)', () => {
    const pages = listFiles(out).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(8);
    for (const f of pages) expect([f, read(out, f).match(/[^\u0000-\u00ff]/gu) ?? []]).toEqual([f, []]);
    expect(read(out, 'tutorial/react-alpha/index.html')).toContain('<span class="pn-label"><span aria-hidden="true">&larr;</span> Previous</span>');
  });

  it('renders the intro without the article frame and the spec texts elsewhere', () => {
    const intro = read(out, 'tutorial/react-intro/index.html');
    expect(intro).not.toContain('Schema: Article');
    expect(intro).toContain('class="intro prose"');
    expect(read(out, 'template/index.html')).toContain('<h1>The React</h1>');
    expect(read(out, 'contact/index.html')).toContain('href="mailto:author@fixture.example.org"');
    expect(read(out, 'contact/index.html')).toContain('Got questions or feedback? We&#x27;d love to hear from you.');
    expect(read(out, 'index.html')).toMatch(/href="\/tutorial\/">React Tutorials<\/a>/);
    const notFound = read(out, '404.html');
    expect(notFound).toContain('The requested tutorial could not be found. Please select a tutorial from the sidebar or return to the introduction.');
    expect(notFound).toContain('Go to Introduction');
    expect(notFound).toContain('location.replace(b)');
  });

  it('writes redirect stubs, sitemap, robots and _redirects that agree with the routes', () => {
    for (const stub of ['tutorial/index.html', 'tutorial/intro/index.html']) {
      const html = read(out, stub);
      expect(html).toContain('<meta http-equiv="refresh" content="0; url=/tutorial/react-intro/"/>');
      expect(html).toContain('<link rel="canonical" href="https://fixture.example.org/tutorial/react-intro/"/>');
      expect(html).toContain('location.replace("/tutorial/react-intro/")');
      expect(html).toContain('<meta name="robots" content="noindex');
      expect(html).toContain('<a href="/tutorial/react-intro/">');
    }
    const locs = [...read(out, 'sitemap.xml').matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(['/', '/tutorial/react-intro/', '/tutorial/react-alpha/', '/tutorial/react-beta/', '/template/', '/about/', '/contact/'].map((p) => `https://fixture.example.org${p}`));
    expect(read(out, 'robots.txt')).toContain('Sitemap: https://fixture.example.org/sitemap.xml');
    expect(read(out, '_redirects')).toContain('/tutorial  /tutorial/react-intro/  301!');
  });

  it('shows the missing-body panel for an entry without a body, with a warning', async () => {
    const r2 = makeProject({ 'content/tutorials/beta.md': null });
    const run = await runCli(['build', '--root', r2]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('registry entry "beta" has no body');
    expect(read(path.join(r2, 'out'), 'tutorial/react-beta/index.html')).toContain('Tutorial component not found for: <!-- -->beta');
    const check = await runCli(['check', '--root', r2]);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('error content/registry.json');
  });

  it('leaves the previous out/ byte-for-byte intact when a build fails', async () => {
    const before = snapshotDir(out);
    fs.writeFileSync(path.join(root, 'content', 'registry.json'), editJson('content/registry.json', (v: any[]) => void (v[1].keywords = 'oops')));
    const run = await runCli(['build', '--root', root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('content/registry.json:');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(snapshotDir(out)).toEqual(before);
    fs.writeFileSync(path.join(root, 'content', 'registry.json'), editJson('content/registry.json', () => undefined));
  });
});

describe('reactsite build --base /sub/', () => {
  it('prefixes every internal link and asset URL with the base', async () => {
    const root = makeProject();
    const run = await runCli(['build', '--root', root, '--base', '/sub/', '--site', 'https://example.com']);
    expect(run.code).toBe(0);
    const out = path.join(root, 'out');
    const urls: string[] = [];
    for (const f of listFiles(out).filter((x) => x.endsWith('.html'))) {
      const html = read(out, f);
      for (const m of html.matchAll(/\s(?:href|src|data-src|content="0; url)=["']?([^"'\s>]+)/g)) urls.push(m[1]!);
      for (const m of html.matchAll(/srcSet="([^"]+)"/gi)) urls.push(...m[1]!.split(',').map((s) => s.trim().split(' ')[0]!));
    }
    const internal = urls.filter((u) => !/^(https?:|mailto:|#)/.test(u));
    expect(internal.length).toBeGreaterThan(50);
    expect(internal.filter((u) => !u.startsWith('/sub/'))).toEqual([]);
    const absolute = urls.filter((u) => u.startsWith('https://example.com'));
    expect(absolute.filter((u) => !u.startsWith('https://example.com/sub/'))).toEqual([]);
    expect(read(out, 'sitemap.xml')).toContain('<loc>https://example.com/sub/tutorial/react-alpha/</loc>');
    expect(read(out, '404.html')).toContain('var b="/sub/"');
  });
});

describe('element ids of built pages', () => {
  const beta = ['Beta keeps clear of the layout.', '', '## Main', '', 'Mail [us](mailto:team@example.org), call [us](tel:+15550100).[^n]', '', '## Sidebar', '', '## 🎉', '', '## Footnote label', '', '[^n]: A note.', ''].join('\n');
  let out: string;
  beforeAll(async () => {
    const root = makeProject({ 'content/tutorials/beta.md': beta });
    out = path.join(root, 'out');
    const run = await runCli(['build', '--root', root]);
    expect(run.code, run.output).toBe(0);
  });

  it('are unique on every page, and only headings have ids the layout does not reserve', () => {
    const pages = listFiles(out).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(5);
    for (const file of pages) {
      const html = read(out, file);
      const ids = [...html.matchAll(/<([a-z][a-z0-9]*)\b[^>]*?\sid="([^"]*)"/g)].map((m) => ({ tag: m[1]!, id: m[2]! }));
      expect(new Set(ids.map((e) => e.id)).size, file).toBe(ids.length);
      // Body headings take any free id; anything else of the layout must be reserved (see layout-ids.ts), or be React's own.
      const stray = ids.filter((e) => !/^h[1-6]$/.test(e.tag) && !isLayoutId(e.id) && !/[«»:]/.test(e.id));
      expect(stray, file).toEqual([]);
    }
    const headings = [...read(out, 'tutorial/react-beta/index.html').matchAll(/<h2 id="([^"]*)"/g)].map((m) => m[1]);
    expect(headings).toEqual(expect.arrayContaining(['main-1', 'sidebar-1', 'section', 'footnote-label-1']));
  });

  it('open mailto: and tel: links in place, not in a new tab', () => {
    const html = read(out, 'tutorial/react-beta/index.html');
    expect(html).toContain('<a href="mailto:team@example.org">us</a>');
    expect(html).toContain('<a href="tel:+15550100">us</a>');
  });
});
