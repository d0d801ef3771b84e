/**
 * The block cache: a code block finished once (highlighted and turned into rehype-pretty-code's markup) is taken
 * from `.cache/reactsite/blocks` by later runs instead of being made again, and anything that shapes it (here the
 * fence meta) makes it anew. Proven by marking every cached block on disk and seeing the marks in the next build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeProject, REPO } from '../helpers/project.js';

const FEATURES = fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'fence-features.md'), 'utf8');
const MARK = 'data-line="" data-from-cache=""';

/** Marks every cached block on disk: each line of its HTML gets a data-from-cache attribute. */
function markCachedBlocks(root: string): number {
  const dir = path.join(root, '.cache', 'reactsite', 'blocks');
  let marked = 0;
  for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.jsonl'))) {
    const file = path.join(dir, f);
    const text = fs.readFileSync(file, 'utf8');
    marked += text.split('\n').filter(Boolean).length;
    fs.writeFileSync(file, text.replaceAll(JSON.stringify('data-line=""').slice(1, -1), JSON.stringify(MARK).slice(1, -1)));
  }
  return marked;
}

/**
 * Forgets the pages and Markdown of earlier builds, and the last build's record (which would leave out/ as it is),
 * so every body is rendered again (blocks stay cached).
 */
function forgetPages(root: string): void {
  const cache = path.join(root, '.cache', 'reactsite');
  for (const part of ['pages', 'md', ...fs.readdirSync(cache).filter((f) => f.startsWith('last-build'))]) fs.rmSync(path.join(cache, part), { recursive: true, force: true });
}

/** The built alpha page. */
const alpha = (root: string) => fs.readFileSync(path.join(root, 'out', 'tutorial', 'react-alpha', 'index.html'), 'utf8');

/** How many times each key stands in the block cache's shard files. */
function storedKeys(root: string): Map<string, number> {
  const dir = path.join(root, '.cache', 'reactsite', 'blocks');
  const seen = new Map<string, number>();
  for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.jsonl'))) {
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean)) seen.set(line.slice(0, 64), (seen.get(line.slice(0, 64)) ?? 0) + 1);
  }
  return seen;
}

describe('the block cache', () => {
  it('makes a block repeated across bodies once in a cold build, however many blocks come between', async () => {
    // 300 blocks: more than a run once kept in memory.
    const body = `## Table\n\n${Array.from({ length: 300 }, (_, i) => `\`\`\`js\nconst value${i} = ${i};\n\`\`\`\n`).join('\n')}`;
    const root = makeProject({ 'content/tutorials/alpha.md': body, 'content/tutorials/beta.md': body });
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    const counts = [...storedKeys(root).values()];
    expect(counts.length).toBeGreaterThanOrEqual(300);
    expect(counts.filter((n) => n > 1)).toEqual([]);
    const page = (slug: string) => fs.readFileSync(path.join(root, 'out', 'tutorial', slug, 'index.html'), 'utf8');
    expect(page('react-beta').match(/<figure[^]*?<\/figure>/g)).toEqual(page('react-alpha').match(/<figure[^]*?<\/figure>/g));
  });

  it('gives later builds the finished blocks of earlier ones, and makes a block anew when its fence changes', async () => {
    const root = makeProject({ 'content/tutorials/alpha.md': FEATURES });
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    expect(alpha(root)).not.toContain('data-from-cache');
    // Every fence of the body, and its inline code with a language.
    expect(markCachedBlocks(root)).toBeGreaterThanOrEqual(6);
    forgetPages(root);
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    const cached = alpha(root);
    expect(cached.match(/data-from-cache/g)!.length).toBeGreaterThan(15);
    expect(cached).toMatch(/data-rehype-pretty-code-figure=""><code[^>]*><span data-line="" data-from-cache=""><span class="[^"]+">useState/);

    // A new meta on the line-numbers block: that block is made again, the others still come from the cache.
    fs.writeFileSync(path.join(root, 'content', 'tutorials', 'alpha.md'), FEATURES.replace('```js showLineNumbers{12}', '```js showLineNumbers{12} {1}'));
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    const figures = alpha(root).split('<figure').slice(1);
    const numbered = figures.find((f) => f.includes('data-line-numbers'))!;
    expect(numbered).not.toContain('data-from-cache');
    expect(numbered).toContain('data-highlighted-line');
    expect(figures.filter((f) => f.includes('data-from-cache')).length).toBe(figures.length - 1);

    // --no-cache reads no cache.
    expect((await runCli(['build', '--root', root, '--no-cache', '--out', 'fresh'])).code).toBe(0);
    expect(fs.readFileSync(path.join(root, 'fresh', 'tutorial', 'react-alpha', 'index.html'), 'utf8')).not.toContain('data-from-cache');
  });

  it('makes an empty fence the same block with raw HTML on or off: switching leaves what a build without cache makes', async () => {
    const root = makeProject({ 'content/tutorials/alpha.md': `${FEATURES}\n## Empty\n\nNothing below.\n\n\`\`\`js\n\`\`\`\n` });
    const site = path.join(root, 'content', 'site.json');
    const rawHtml = (on: boolean) => fs.writeFileSync(site, JSON.stringify({ ...JSON.parse(fs.readFileSync(site, 'utf8')), allowRawHtml: on }));
    const emptyBlock = (html: string) => html.slice(html.indexOf('Nothing below.')).match(/<pre[^]*?<\/pre>/)![0];
    rawHtml(false);
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    const off = emptyBlock(alpha(root));
    expect(off).toContain('data-language="js"');
    rawHtml(true);
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    const warm = alpha(root);
    expect((await runCli(['build', '--root', root, '--no-cache', '--out', 'fresh'])).code).toBe(0);
    const fresh = fs.readFileSync(path.join(root, 'fresh', 'tutorial', 'react-alpha', 'index.html'), 'utf8');
    expect(emptyBlock(fresh)).toBe(off);
    expect(warm).toBe(fresh);
  });
});
