/**
 * chokidar as the CLI bundle patches it (scripts/bundle-patches/chokidar-listing.mjs) against the package as
 * published, both bundled the same way: a save in place in a watched folder is reported without listing the folder
 * again, and a file added, removed, or saved by renaming another over it is reported as before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBundlePlugins, skipListingOnChange } from '../../scripts/cli-bundle-plugins.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-chokidar-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface Watcher { on(e: 'all', f: (event: string, file: string) => void): void; once(e: 'ready', f: () => void): void; close(): Promise<void>; _readdirp: (...a: unknown[]) => unknown }
type Chokidar = { watch(dir: string, o: object): Watcher };

async function bundle(name: string, plugins: esbuild.Plugin[]): Promise<Chokidar> {
  const out = path.join(tmp, `${name}.mjs`);
  await esbuild.build({ stdin: { contents: "export { default } from 'chokidar';", resolveDir: ROOT }, bundle: true, platform: 'node', format: 'esm', outfile: out, plugins, logLevel: 'silent' });
  return ((await import(pathToFileURL(out).href)) as { default: Chokidar }).default;
}

let patched: Chokidar;
let published: Chokidar;
beforeAll(async () => {
  patched = await bundle('patched', cliBundlePlugins);
  published = await bundle('published', []);
});

async function until(ok: () => boolean, what: string): Promise<void> {
  for (const end = Date.now() + 5000; !ok() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 10));
  expect(ok(), what).toBe(true);
}

/** Watches a folder of 300 files through a save in place, an added file, a removed one and a rename over one. */
async function scenario(chokidar: Chokidar, name: string): Promise<{ listingsAfterSave: number; seen: string[] }> {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  for (let i = 0; i < 300; i++) fs.writeFileSync(path.join(dir, `a${i}.md`), `body ${i}\n`);
  const w = chokidar.watch(dir, { ignoreInitial: true, atomic: true });
  await new Promise<void>((r) => w.once('ready', r));
  let listings = 0;
  const list = w._readdirp.bind(w);
  w._readdirp = (...a) => (listings++, list(...a));
  const seen: string[] = [];
  w.on('all', (event, file) => seen.push(`${event} ${path.basename(file)}`));
  const has = (e: string) => () => seen.includes(e);
  try {
    fs.writeFileSync(path.join(dir, 'a5.md'), 'saved in place\n');
    await until(has('change a5.md'), 'the save in place');
    await new Promise((r) => setTimeout(r, 100));
    const listingsAfterSave = listings;
    fs.writeFileSync(path.join(dir, 'new.md'), 'new\n');
    await until(has('add new.md'), 'the added file');
    fs.rmSync(path.join(dir, 'a7.md'));
    await until(has('unlink a7.md'), 'the removed file');
    fs.writeFileSync(path.join(dir, 'a9.md.tmp'), 'saved by a rename\n');
    fs.renameSync(path.join(dir, 'a9.md.tmp'), path.join(dir, 'a9.md'));
    await until(() => seen.includes('change a9.md') || seen.includes('add a9.md'), 'the rename over a file');
    return { listingsAfterSave, seen };
  } finally {
    await w.close();
  }
}

describe("chokidar in the CLI bundle", () => {
  it('reports a save in place without listing the folder again', async () => {
    expect((await scenario(patched, 'patched')).listingsAfterSave).toBe(0);
  });

  it('as published, lists the folder again at that save (what the patch saves)', async () => {
    expect((await scenario(published, 'published')).listingsAfterSave).toBeGreaterThan(0);
  });

  it('patches only the shape it was written for', () => {
    const shape = "import * as sysPath from 'path';\nconst handleEvent = (rawEvent, evPath) => {\n  listener(path);\n};";
    expect(skipListingOnChange(shape)).toContain("rawEvent === 'change'");
    expect(skipListingOnChange(shape.replace('listener(path);', 'listener(path, rawEvent);'))).toBeUndefined();
    expect(skipListingOnChange(shape + shape)).toBeUndefined();
  });
});
