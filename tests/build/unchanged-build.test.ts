/**
 * A build when nothing changed since the last one (see cli/last-build.ts): it leaves out/ exactly as it is and
 * prints the last build's report; anything that would change the output, or out/ itself touched, makes a full
 * build again, with the bytes of a clean one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../helpers/cli.js';
import { recordFile } from '../../src/generator/cli/last-build.js';
import { editedSite, editJson, listFiles, makeProject, snapshotDir } from '../helpers/project.js';
import { pastRacyMargin } from '../helpers/file-times.js';

/**
 * Sets every input file's mtime an hour back, then waits out the racy margin of the ctime that set it: a file
 * changed just before a build makes it record nothing.
 */
async function age(root: string): Promise<void> {
  const past = new Date(Date.now() - 3_600_000);
  for (const dir of ['content', 'public']) for (const f of listFiles(path.join(root, dir))) fs.utimesSync(path.join(root, dir, f), past, past);
  await pastRacyMargin();
}

const build = (root: string, args: string[] = [], env: Record<string, string> = {}) => runCli(['build', '--root', root, ...args], { env: { REACTSITE_TIMINGS: '1', ...env } });

/** The build's timings line. */
function timings(run: CliRun): { unchanged?: number; rendered: number; reused: number } {
  expect(run.code, run.output).toBe(0);
  return JSON.parse(/timings: (.*)/.exec(run.stdout)![1]!);
}

/** Every out/ entry with its inode and mtime: what a build that did nothing leaves as it was. */
function inodes(dir: string): Map<string, string> {
  return new Map(['.', ...listFiles(dir)].map((f) => [f, `${fs.statSync(path.join(dir, f)).ino}:${fs.statSync(path.join(dir, f)).mtimeMs}`]));
}

/** Builds `root` into fresh/ with no cache, to compare with out/. */
async function clean(root: string, args: string[] = [], env: Record<string, string> = {}): Promise<Map<string, string>> {
  const run = await runCli(['build', '--root', root, '--out', 'fresh', '--no-cache', ...args], { env });
  expect(run.code, run.output).toBe(0);
  return snapshotDir(path.join(root, 'fresh'));
}

describe('a build when nothing changed', () => {
  it('leaves out/ untouched and prints the last report again, warnings included', async () => {
    // A registry entry with no body: a warning every build prints.
    const root = makeProject({ 'content/registry.json': editJson<object[]>('content/registry.json', (r) => [...r, { ...r[1], id: 'gamma', slug: 'react-gamma', name: 'Gamma', title: 'Gamma Hooks' }]) });
    await age(root);
    const full = await build(root);
    expect(timings(full).unchanged).toBeUndefined();
    expect(full.stderr).toContain('registry entry "gamma" has no body');
    const out = path.join(root, 'out');
    const before = inodes(out);

    const again = await build(root);
    expect(timings(again)).toMatchObject({ rendered: 0, reused: 3 });
    expect(timings(again).unchanged).toBeGreaterThan(0);
    expect(again.stdout).toContain('nothing changed since the last build');
    expect(again.stderr).toBe(full.stderr);
    expect(inodes(out)).toEqual(before);

    // The same summary as JSON (its times and page counts aside), and the route list of --verbose.
    const json = (r: CliRun) => {
      const { stagesMs: _s, wallMs: _w, pages, ...rest } = JSON.parse(r.stdout) as { stagesMs: object; wallMs: number; pages: { total: number } };
      return { total: pages.total, ...rest };
    };
    const a = await runCli(['build', '--root', root, '--json']);
    expect(JSON.parse(a.stdout).stagesMs).toHaveProperty('unchanged');
    expect(json(a)).toEqual(json(await runCli(['build', '--root', root, '--json', '--no-cache', '--out', 'fresh'])));
    const verbose = await build(root, ['--verbose']);
    expect(timings(verbose).unchanged).toBeDefined();
    expect(verbose.stdout).toContain('/tutorial/react-alpha/  tutorial/react-alpha/index.html');
    expect(inodes(out)).toEqual(before);
  });

  it('builds in full again when out/ was touched, and puts it back as a clean build makes it', async () => {
    const root = makeProject();
    await age(root);
    const out = path.join(root, 'out');
    expect(timings(await build(root)).unchanged).toBeUndefined();
    const fresh = await clean(root);
    const page = path.join(out, 'tutorial', 'react-alpha', 'index.html');
    const touches: [string, () => void][] = [
      ['a page edited in place', () => fs.appendFileSync(page, '<!-- edited -->')],
      ['a page rewritten with as many bytes', () => fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace('Alpha', 'ALPHA'))],
      ['a stray file', () => fs.writeFileSync(path.join(out, 'tutorial', 'stray.html'), 'stray')],
      ['a file deleted', () => fs.rmSync(path.join(out, 'sitemap.xml'))],
      ['a folder deleted', () => fs.rmSync(path.join(out, 'about'), { recursive: true })],
      // The same bytes in new files (a backup put back, another build's out/ swapped in): not what the build placed.
      ['out/ replaced by a copy', () => (fs.cpSync(out, `${out}-copy`, { recursive: true }), fs.rmSync(out, { recursive: true }), fs.renameSync(`${out}-copy`, out))],
    ];
    for (const [what, touch] of touches) {
      expect(timings(await build(root)).unchanged, what).toBeDefined();
      touch();
      expect(timings(await build(root)).unchanged, what).toBeUndefined();
      expect(snapshotDir(out), what).toEqual(fresh);
    }
  });

  it('builds in full again when an input, an option or the date changed, and never with --no-cache', async () => {
    const root = makeProject();
    await age(root);
    const out = path.join(root, 'out');
    expect(timings(await build(root)).unchanged).toBeUndefined();
    const past = (f: string, ms: number) => fs.utimesSync(f, new Date(Date.now() - ms), new Date(Date.now() - ms));
    const changes: [string, () => void, string[], Record<string, string>][] = [
      ['a body touched', () => past(path.join(root, 'content', 'tutorials', 'beta.md'), 1_800_000), [], {}],
      ['a public file touched', () => past(path.join(root, 'public', 'favicon.svg'), 1_800_000), [], {}],
      ['a new public file', () => (fs.writeFileSync(path.join(root, 'public', 'new.txt'), 'new'), past(path.join(root, 'public', 'new.txt'), 1_800_000)), [], {}],
      ['another base', () => undefined, ['--base', '/docs/'], {}],
      ['another day', () => undefined, [], { SOURCE_DATE_EPOCH: '1767312000' }],
    ];
    for (const [what, change, args, env] of changes) {
      await build(root);
      expect(timings(await build(root)).unchanged, what).toBeDefined();
      change();
      expect(timings(await build(root, args, env)).unchanged, what).toBeUndefined();
      expect(snapshotDir(out), what).toEqual(await clean(root, args, env));
    }
    // --no-cache neither takes the shortcut nor leaves the record of an out/ it replaced.
    await build(root);
    expect(timings(await build(root)).unchanged).toBeDefined();
    expect(timings(await build(root, ['--no-cache'])).unchanged).toBeUndefined();
    expect(fs.existsSync(recordFile(root, path.join(root, 'out')))).toBe(false);
  });

  it('hands the site sources\' key it hashed to the bundle stage: a changed build reuses the cached bundles', async () => {
    const root = makeProject();
    // Edited site sources: the bundles are made by the build and cached in the project (not the shipped ones).
    const site = { REACTSITE_SITE_DIR: editedSite() };
    await age(root);
    expect(timings(await build(root, [], site)).unchanged).toBeUndefined();
    const entry = path.join(root, '.cache', 'reactsite', 'bundle', 'entry.json');
    const before = fs.statSync(entry);
    fs.appendFileSync(path.join(root, 'content', 'tutorials', 'beta.md'), '\nA changed paragraph.\n');
    expect(timings(await build(root, [], site))).toMatchObject({ rendered: 1 });
    // esbuild ran again if the entry was written anew.
    expect([fs.statSync(entry).ino, fs.statSync(entry).mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it('records nothing after reading an input changed just before it, and nothing for a build that failed', async () => {
    const root = makeProject();
    await age(root);
    const record = recordFile(root, path.join(root, 'out'));
    const body = path.join(root, 'content', 'tutorials', 'beta.md');
    expect(timings(await build(root)).unchanged).toBeUndefined();
    expect(fs.existsSync(record)).toBe(true);
    // Saved again within the same mtime tick with the same size, the next build could not tell: an mtime at the
    // build's start or after it (a clock ahead) records nothing.
    fs.appendFileSync(body, '\nJust now.\n');
    const ahead = new Date(Date.now() + 60_000);
    fs.utimesSync(body, ahead, ahead);
    expect(timings(await build(root)).unchanged).toBeUndefined();
    expect(fs.existsSync(record)).toBe(false);
    expect(timings(await build(root)).unchanged).toBeUndefined();
    // A failed build drops the record: out/ stays the last good one, and the next build starts from scratch.
    await age(root);
    expect(timings(await build(root)).unchanged).toBeUndefined();
    expect(fs.existsSync(record)).toBe(true);
    const text = fs.readFileSync(body, 'utf8');
    fs.writeFileSync(body, `---\nfaq: [\n---\n${text}`);
    expect((await build(root)).code).toBe(1);
    expect(fs.existsSync(record)).toBe(false);
  });

  it('builds as without a cache when content/ holds a loop of links', async () => {
    const root = makeProject();
    await age(root);
    fs.symlinkSync('..', path.join(root, 'content', 'up'));
    fs.symlinkSync('loop-b', path.join(root, 'content', 'loop-a'));
    fs.symlinkSync('loop-a', path.join(root, 'content', 'loop-b'));
    expect(timings(await build(root)).unchanged).toBeUndefined();
    expect(timings(await build(root)).unchanged).toBeUndefined();
    expect(fs.existsSync(recordFile(root, path.join(root, 'out')))).toBe(false);
  });
});
