import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { editedSite, listFiles, makeProject, REPO, snapshotDir } from '../helpers/project.js';
import { mtimeNs, putMtimeBack } from '../helpers/file-times.js';

describe('reproducible and atomic output', () => {
  it('gives byte-identical out/ for two builds of the same tree with the same SOURCE_DATE_EPOCH', async () => {
    const root = makeProject();
    const a = await runCli(['build', '--root', root, '--out', 'out-a', '--no-cache']);
    const b = await runCli(['build', '--root', root, '--out', 'out-b']);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(snapshotDir(path.join(root, 'out-b'))).toEqual(snapshotDir(path.join(root, 'out-a')));
  });

  it('never lets stale files from an earlier build survive', async () => {
    const root = makeProject();
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    fs.writeFileSync(path.join(root, 'out', 'stale.html'), 'old');
    fs.rmSync(path.join(root, 'content', 'pages', 'about.md'));
    fs.writeFileSync(path.join(root, 'content', 'tutorials', 'react-intro.md'), fs.readFileSync(path.join(root, 'content', 'tutorials', 'react-intro.md'), 'utf8'));
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    const files = listFiles(path.join(root, 'out'));
    expect(files).not.toContain('stale.html');
    expect(files).not.toContain('about/index.html');
  });

  it('recycles the out/ of two builds ago into exactly the new output, never writing through its hard links', async () => {
    const root = makeProject();
    const build = () => runCli(['build', '--root', root], { env: { REACTSITE_TIMINGS: '1' } });
    const body = (id: string) => path.join(root, 'content', 'tutorials', `${id}.md`);
    expect((await build()).code).toBe(0);
    // A page user-edited in place, and a stray file: both in the out/ that the third build recycles.
    fs.appendFileSync(path.join(root, 'out', 'tutorial', 'react-beta', 'index.html'), '<!-- edited in place -->');
    fs.writeFileSync(path.join(root, 'out', 'stray.html'), 'stray');
    fs.appendFileSync(body('alpha'), '\nA second build paragraph.\n');
    expect((await build()).code).toBe(0);
    fs.appendFileSync(body('beta'), '\nA third build paragraph.\n');
    // A page that goes away (and the link to it from about.md with it).
    fs.rmSync(path.join(root, 'content', 'pages', 'contact.md'));
    fs.writeFileSync(path.join(root, 'content', 'pages', 'about.md'), fs.readFileSync(path.join(root, 'content', 'pages', 'about.md'), 'utf8').replace(/\[([^\]]*)\]\(\/contact\/\)/g, '$1'));
    const third = await build();
    expect(third.code).toBe(0);
    const fresh = await runCli(['build', '--root', root, '--out', 'fresh', '--no-cache']);
    expect(fresh.code).toBe(0);
    expect(snapshotDir(path.join(root, 'out'))).toEqual(snapshotDir(path.join(root, 'fresh')));
    // The stored pages were not written through: a fourth build reuses every one of them.
    const fourth = await build();
    expect(JSON.parse(/timings: (.*)/.exec(fourth.stdout)![1]!)).toMatchObject({ rendered: 0, reused: 3 });
    expect(snapshotDir(path.join(root, 'out'))).toEqual(snapshotDir(path.join(root, 'fresh')));
  });

  it('keeps a recycled copy of a public file that still is its source, and copies anew one that changed on either side, its mtime put back or not', async () => {
    const root = makeProject();
    const build = async () => expect((await runCli(['build', '--root', root])).code).toBe(0);
    const out = (f: string) => path.join(root, 'out', f);
    const later = (f: string) => {
      const t = new Date(Date.now() + 10_000);
      fs.utimesSync(f, t, t);
    };
    await build();
    // A copy in out/ edited in place (same size), and a source changed to other bytes of the same size.
    const copy = fs.readFileSync(out('images/social.png'));
    fs.writeFileSync(out('images/social.png'), Buffer.from(copy).reverse());
    later(out('images/social.png'));
    const source = path.join(root, 'public', 'images', 'ad.webp');
    fs.writeFileSync(source, Buffer.from(fs.readFileSync(source)).reverse());
    later(source);
    // A source changed to other bytes of the same size with its old mtime put back, to the nanosecond (as
    // `touch -r` or an archive does): only its ctime tells.
    const kept = path.join(root, 'public', 'images', 'bg.jpg');
    const ns = mtimeNs(kept);
    fs.writeFileSync(kept, Buffer.from(fs.readFileSync(kept)).reverse());
    putMtimeBack(kept, ns);
    fs.appendFileSync(path.join(root, 'content', 'tutorials', 'alpha.md'), '\nA second build paragraph.\n');
    await build();
    fs.appendFileSync(path.join(root, 'content', 'tutorials', 'alpha.md'), '\nA third build paragraph.\n');
    // The third build recycles the first one's out/: its unchanged copy stays (a new copy would have a new inode
    // change time; its inode number may well be reused), the others are copied again.
    const third = Date.now();
    await build();
    expect(fs.statSync(out('images/logo.png')).ctimeMs).toBeLessThan(third);
    expect(fs.statSync(out('images/ad.webp')).ctimeMs).toBeGreaterThanOrEqual(third - 1);
    expect(fs.statSync(out('images/bg.jpg')).ctimeMs).toBeGreaterThanOrEqual(third - 1);
    for (const f of ['images/social.png', 'images/ad.webp', 'images/bg.jpg', 'images/logo.png']) expect(fs.readFileSync(out(f)).equals(fs.readFileSync(path.join(root, 'public', f))), f).toBe(true);
    expect((await runCli(['build', '--root', root, '--out', 'fresh', '--no-cache'])).code).toBe(0);
    expect(snapshotDir(path.join(root, 'out'))).toEqual(snapshotDir(path.join(root, 'fresh')));
  });

  it('renders again on a new day only the pages that show the date: tutorials without a publish date; every page on a new year', async () => {
    const root = makeProject();
    const build = (epoch: string) => runCli(['build', '--root', root], { env: { REACTSITE_TIMINGS: '1', SOURCE_DATE_EPOCH: epoch } });
    const pages = (r: Awaited<ReturnType<typeof build>>) => JSON.parse(/timings: (.*)/.exec(r.stdout)![1]!) as { rendered: number; reused: number };
    const registry = JSON.parse(fs.readFileSync(path.join(root, 'content', 'registry.json'), 'utf8')) as { publishDate?: string }[];
    const undated = registry.filter((t) => !t.publishDate).length;
    expect(undated).toBeGreaterThan(0);
    expect(undated).toBeLessThan(registry.length);
    expect(pages(await build('1767225600'))).toMatchObject({ rendered: registry.length, reused: 0 }); // 2026-01-01
    expect(pages(await build('1767312000'))).toMatchObject({ rendered: undated, reused: registry.length - undated }); // 2026-01-02
    expect(pages(await build('1798761600'))).toMatchObject({ rendered: registry.length, reused: 0 }); // 2027-01-01: the footer's year
    const fresh = await runCli(['build', '--root', root, '--out', 'fresh', '--no-cache'], { env: { SOURCE_DATE_EPOCH: '1798761600' } });
    expect(fresh.code).toBe(0);
    expect(snapshotDir(path.join(root, 'out'))).toEqual(snapshotDir(path.join(root, 'fresh')));
  });

  it('survives two builds of the same project at once, into the same out/', async () => {
    const root = makeProject();
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    fs.appendFileSync(path.join(root, 'content', 'tutorials', 'alpha.md'), '\nA concurrent paragraph.\n');
    const [a, b] = await Promise.all([runCli(['build', '--root', root]), runCli(['build', '--root', root], { env: { REACTSITE_WORKERS: 'force' } })]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect((await runCli(['build', '--root', root, '--out', 'fresh', '--no-cache'])).code).toBe(0);
    expect(snapshotDir(path.join(root, 'out'))).toEqual(snapshotDir(path.join(root, 'fresh')));
    expect(fs.readdirSync(root).filter((f) => f.startsWith('.out.'))).toEqual([]);
  });

  it('keeps the previous out/ intact when a build is killed with SIGKILL at any point, and the next build succeeds', async () => {
    const root = makeProject();
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    const before = snapshotDir(path.join(root, 'out'));
    // Change the content so a finished build would change out/; kill at spread-out moments of the run.
    fs.appendFileSync(path.join(root, 'content', 'tutorials', 'beta.md'), '\nA new paragraph.\n');
    for (const delay of [30, 150, 300, 450, 600, 800]) {
      const child = spawn(process.execPath, [path.join(REPO, 'bin', 'reactsite'), 'build', '--root', root, '--no-cache'], { env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600' }, stdio: 'ignore' });
      // Listened for from the start: a build that ends before the kill has closed by then.
      const closed = new Promise((r) => child.on('close', r));
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGKILL');
      await closed;
      const now = fs.existsSync(path.join(root, 'out')) ? snapshotDir(path.join(root, 'out')) : new Map();
      // Either the old out/ is still there byte-for-byte, or the kill came after the swap and out/ is the new, whole build.
      if (now.size === before.size && [...before].every(([f, b]) => now.get(f) === b)) continue;
      expect(now.get('tutorial/react-beta/index.html'), `after a kill at ${delay} ms`).toBeDefined();
      expect(Buffer.from(now.get('tutorial/react-beta/index.html')!, 'base64').toString()).toContain('A new paragraph.');
    }
    const next = await runCli(['build', '--root', root]);
    expect(next.code).toBe(0);
    expect(fs.readFileSync(path.join(root, 'out', 'tutorial', 'react-beta', 'index.html'), 'utf8')).toContain('A new paragraph.');
    expect(fs.readdirSync(root).filter((f) => f.startsWith('.out.'))).toEqual([]);
  });

  it('detects a corrupted or truncated cache entry and rebuilds it instead of trusting it', async () => {
    const root = makeProject();
    // Edited site sources, so that the project's cache holds bundles too (the shipped ones are not in it).
    const env = { REACTSITE_SITE_DIR: editedSite() };
    expect((await runCli(['build', '--root', root, '--out', 'out-a'], { env })).code).toBe(0);
    // Taken now: stored pages are hard links of out-a's pages, so damaging the store in place damages them too.
    const before = snapshotDir(path.join(root, 'out-a'));
    const cacheDir = path.join(root, '.cache', 'reactsite');
    const entries = listFiles(cacheDir);
    // Every cache: Markdown trees (static pages; tutorials keep their body HTML in packs), the page store (pages, index) and the bundles.
    expect(entries.filter((f) => f.startsWith('md/')).length).toBe(2);
    expect(entries.filter((f) => f.startsWith('pages/packs/')).length).toBeGreaterThanOrEqual(1);
    expect(entries.filter((f) => f.startsWith('pages/') && f.endsWith('.html')).length).toBe(3);
    expect(entries).toContain('pages/index.json');
    expect(entries.filter((f) => f.startsWith('bundle/files/')).length).toBeGreaterThan(3);
    for (const [i, f] of entries.entries()) {
      const abs = path.join(cacheDir, f);
      const text = fs.readFileSync(abs, 'utf8');
      fs.writeFileSync(abs, i % 2 ? text.slice(0, text.length / 2) : text.replace(/"words":\d+/g, '"words":"x"'));
    }
    const run = await runCli(['build', '--root', root, '--out', 'out-b'], { env });
    expect(run.code).toBe(0);
    expect(snapshotDir(path.join(root, 'out-b'))).toEqual(before);
  });
});

describe('Markdown packs', () => {
  it('render every page again from packed Markdown when only the registry changes, with the bytes of a clean build', async () => {
    const root = makeProject();
    const timed = async (args: string[]) => {
      const r = await runCli(['build', '--root', root, ...args], { env: { REACTSITE_TIMINGS: '1' } });
      expect(r.code).toBe(0);
      return JSON.parse(/timings: (.*)/.exec(r.stdout)![1]!) as { rendered: number; reused: number; packed: number };
    };
    expect(await timed([])).toMatchObject({ rendered: 3, reused: 0, packed: 0 });
    const packs = path.join(root, '.cache', 'reactsite', 'pages', 'packs');
    const before = fs.readdirSync(packs);
    expect(before.length).toBeGreaterThan(0);
    // A new name changes every page (the sidebar lists it), but no body.
    const registry = path.join(root, 'content', 'registry.json');
    fs.writeFileSync(registry, fs.readFileSync(registry, 'utf8').replace('"Alpha Hooks"', '"Alpha Hooks, Renamed"'));
    expect(await timed([])).toMatchObject({ rendered: 3, reused: 0, packed: 3 });
    expect(fs.readdirSync(packs)).toEqual(before);
    expect(await timed(['--out', 'clean', '--no-cache'])).toMatchObject({ rendered: 3, packed: 0 });
    expect(snapshotDir(path.join(root, 'out'))).toEqual(snapshotDir(path.join(root, 'clean')));
    // A damaged pack is never trusted: its pages are parsed again.
    for (const f of before) fs.truncateSync(path.join(packs, f), Math.floor(fs.statSync(path.join(packs, f)).size / 2));
    fs.writeFileSync(registry, fs.readFileSync(registry, 'utf8').replace('"Alpha Hooks, Renamed"', '"Alpha Hooks"'));
    const damaged = await timed([]);
    expect(damaged).toMatchObject({ rendered: 3, reused: 0 });
    expect(damaged.packed).toBeLessThan(3);
    expect(await timed(['--out', 'clean', '--no-cache'])).toMatchObject({ rendered: 3, packed: 0 });
    expect(snapshotDir(path.join(root, 'out'))).toEqual(snapshotDir(path.join(root, 'clean')));
    // Nor is an index that claims more than a pack holds (it would make the build allocate it).
    // (The index and its log: a line per page, its head [key, size, mtime, pack, ...] a tab before the rest; in
    // the log, after a "+". See page-index.ts.)
    let forgedLines = 0;
    for (const name of ['index.json', 'index.log']) {
      const file = path.join(root, '.cache', 'reactsite', 'pages', name);
      if (!fs.existsSync(file)) continue;
      const forged = fs.readFileSync(file, 'utf8').split('\n').map((line) => {
        const mark = line[0] === '+' ? '+' : '';
        const tab = line.indexOf('\t');
        if (tab < 0) return line;
        const h = JSON.parse(line.slice(mark.length, tab)) as [string, number, number, { length: number } | 0];
        if (h[3]) h[3].length = 1e12;
        forgedLines++;
        return `${mark}${JSON.stringify(h)}${line.slice(tab)}`;
      });
      fs.writeFileSync(file, forged.join('\n'));
    }
    expect(forgedLines).toBeGreaterThanOrEqual(3);
    fs.writeFileSync(registry, fs.readFileSync(registry, 'utf8').replace('"Alpha Hooks"', '"Alpha Hooks, Again"'));
    expect(await timed([])).toMatchObject({ rendered: 3, reused: 0, packed: 0 });
    expect(fs.readFileSync(path.join(root, 'out', 'tutorial', 'react-alpha', 'index.html'), 'utf8')).toContain('Alpha Hooks, Again');
    // A changed body is parsed again.
    fs.appendFileSync(path.join(root, 'content', 'tutorials', 'alpha.md'), '\nA packed paragraph.\n');
    expect(await timed([])).toMatchObject({ rendered: 1, reused: 2, packed: 0 });
    expect(fs.readFileSync(path.join(root, 'out', 'tutorial', 'react-alpha', 'index.html'), 'utf8')).toContain('A packed paragraph.');
    // Packed body HTML is kept for its base (and components): under another base each body is parsed again from
    // its source (no tree is kept), with the bytes of a clean build.
    expect(await timed(['--base', '/docs/'])).toMatchObject({ rendered: 3, reused: 0, packed: 0 });
    expect(await timed(['--out', 'clean', '--no-cache', '--base', '/docs/'])).toMatchObject({ rendered: 3, packed: 0 });
    expect(snapshotDir(path.join(root, 'out'))).toEqual(snapshotDir(path.join(root, 'clean')));
  });
});

describe('page keys', () => {
  it('render again only the pages a registry edit shows on, with the bytes of a clean build', async () => {
    const root = makeProject();
    const timed = async (args: string[]) => {
      const r = await runCli(['build', '--root', root, ...args], { env: { REACTSITE_TIMINGS: '1' } });
      expect(r.code, r.output).toBe(0);
      return JSON.parse(/timings: (.*)/.exec(r.stdout)![1]!) as { rendered: number; reused: number };
    };
    const registry = path.join(root, 'content', 'registry.json');
    const edit = (from: string, to: string) => fs.writeFileSync(registry, fs.readFileSync(registry, 'utf8').replace(from, to));
    expect(await timed([])).toMatchObject({ rendered: 3, reused: 0 });
    // Beta's byline and badge: its own page only. Alpha's title: its page and its neighbours' previous/next links.
    for (const [from, to, rendered] of [['"Guest Writer"', '"Another Writer"', 1], ['"Alpha: The First Article"', '"Alpha: Renamed"', 3]] as const) {
      edit(from, to);
      expect(await timed([]), to).toMatchObject({ rendered, reused: 3 - rendered });
      expect(await timed(['--out', 'clean', '--no-cache']), to).toMatchObject({ rendered: 3 });
      expect(snapshotDir(path.join(root, 'out')), to).toEqual(snapshotDir(path.join(root, 'clean')));
    }
  });
});

describe('worker threads', () => {
  it("render the same bytes as the main thread (whole pages, or only main's code), and a warm build from the page store does too", async () => {
    const root = makeProject();
    // A language with a highlighter of its own: its page is spread last (see workers/language-order.ts).
    fs.appendFileSync(path.join(root, 'content', 'tutorials', 'react-intro.md'), '\n```python\nprint("own highlighter")\n```\n');
    const main = await runCli(['build', '--root', root, '--out', 'out-main', '--no-cache'], { env: { REACTSITE_WORKERS: '0' } });
    const workers = await runCli(['build', '--root', root, '--out', 'out-workers', '--no-cache'], { env: { REACTSITE_WORKERS: 'force', REACTSITE_TIMINGS: '1' } });
    const highlight = await runCli(['build', '--root', root, '--out', 'out-highlight'], { env: { REACTSITE_WORKERS: 'highlight', REACTSITE_TIMINGS: '1' } });
    const warm = await runCli(['build', '--root', root, '--out', 'out-warm'], { env: { REACTSITE_TIMINGS: '1' } });
    expect([main.code, workers.code, highlight.code, warm.code]).toEqual([0, 0, 0, 0]);
    // The workers really did the work: a missing dist/page-worker.js would leave it all to the main thread.
    const threads = (r: typeof main) => (JSON.parse(/timings: (.*)/.exec(r.stdout)![1]!) as { threads: { pages: { main: number; workers: number }; highlighted: number } }).threads;
    expect(threads(workers).pages.workers).toBeGreaterThan(0);
    expect(threads(workers).pages.main + threads(workers).pages.workers).toBe(3);
    expect(threads(highlight).highlighted).toBeGreaterThan(0);
    expect(threads(highlight).pages).toEqual({ main: 3, workers: 0 });
    expect(snapshotDir(path.join(root, 'out-workers'))).toEqual(snapshotDir(path.join(root, 'out-main')));
    expect(snapshotDir(path.join(root, 'out-highlight'))).toEqual(snapshotDir(path.join(root, 'out-main')));
    expect(snapshotDir(path.join(root, 'out-warm'))).toEqual(snapshotDir(path.join(root, 'out-main')));
    expect(JSON.parse(/timings: (.*)/.exec(warm.stdout)![1]!)).toMatchObject({ rendered: 0, reused: 3 });
    // The page store holds exactly the pages of the last build, and they are the very files in out/ (hard links).
    const store = listFiles(path.join(root, '.cache', 'reactsite', 'pages')).filter((f) => f.endsWith('.html'));
    expect(store).toHaveLength(3);
    const inodes = new Set(store.map((f) => fs.statSync(path.join(root, '.cache', 'reactsite', 'pages', f)).ino));
    expect(listFiles(path.join(root, 'out-warm')).filter((f) => f.startsWith('tutorial/') && inodes.has(fs.statSync(path.join(root, 'out-warm', f)).ino))).toHaveLength(3);
  });

  it('start with the build when every page will be rendered again (a first build, a registry change), and only when needed otherwise', async () => {
    const root = makeProject();
    const build = async () => {
      // Forced to one worker at least, so the test means the same on a machine of one core.
      const r = await runCli(['build', '--root', root], { env: { REACTSITE_TIMINGS: '1', REACTSITE_WORKERS: 'force' } });
      expect(r.code, r.output).toBe(0);
      const t = JSON.parse(/timings: (.*)/.exec(r.stdout)![1]!) as { rendered: number; threads: { early: boolean } };
      return { rendered: t.rendered, early: t.threads.early };
    };
    expect(await build()).toEqual({ rendered: 3, early: true });
    expect(await build()).toEqual({ rendered: 0, early: false });
    fs.appendFileSync(path.join(root, 'content', 'tutorials', 'alpha.md'), '\nOne more paragraph.\n');
    expect(await build()).toEqual({ rendered: 1, early: false });
    const registry = path.join(root, 'content', 'registry.json');
    fs.writeFileSync(registry, fs.readFileSync(registry, 'utf8').replace('"Alpha Hooks"', '"Alpha Hooks, Renamed"'));
    expect(await build()).toEqual({ rendered: 3, early: true });
    expect(await build()).toEqual({ rendered: 0, early: false });
    // Touched but not changed: nothing to start early for.
    fs.utimesSync(registry, new Date(), new Date());
    expect(await build()).toEqual({ rendered: 0, early: false });
  });
});
