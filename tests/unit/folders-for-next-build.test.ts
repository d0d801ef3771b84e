/**
 * The folders a first build leaves the next one to take over (next-folders.ts): made by a detached process after the
 * build, in the system's temp folder and never inside the project, and only when nothing has happened meanwhile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirExisting } from '../../src/generator/output/folders.js';
import { FOLDERS_AFTER_MS, FOLDERS_AT_LEAST, foldersInBackground, foldersKind, takeOverFolders } from '../../src/generator/output/next-folders.js';
import { claimOf, privateTempDir } from '../../src/generator/output/private-temp.js';
import { OutputDir } from '../../src/generator/output/output-dir.js';
import { listFiles } from '../helpers/project.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A project folder with its out/ and trash paths. */
function project(): { dir: string; out: string; cache: string; trash: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-skeleton-'));
  const cache = path.join(dir, '.cache');
  return { dir, out: path.join(dir, 'out'), cache, trash: path.join(cache, 'trash') };
}

/** A first build of `n` pages (n + 1 folders) into `out` with its trash in `trash`: its folders are then made in the background. */
async function firstBuild(out: string, trash: string, n: number): Promise<void> {
  const first = OutputDir.open(out, trash);
  await first.prepare();
  for (let i = 0; i < n; i++) {
    expect(first.claimForJob(`tutorial/p${i}/index.html`)).toBe(true);
    mkdirExisting(path.join(first.tmp, 'tutorial', `p${i}`));
    fs.writeFileSync(path.join(first.tmp, 'tutorial', `p${i}`, 'index.html'), `p${i}`);
  }
  await first.commit();
}

/** The private temp entries holding folders made for `out`'s next build. */
function makers(out: string): string[] {
  const own = privateTempDir(false);
  return own && fs.existsSync(own) ? fs.readdirSync(own).filter((f) => claimOf(f, foldersKind(out)) !== undefined) : [];
}

/** How many page folders are made so far for `out`'s next build. */
function madeSoFar(out: string): number {
  const [maker] = makers(out);
  try {
    return fs.readdirSync(path.join(privateTempDir(false)!, maker!, 'out', 'tutorial')).length;
  } catch {
    return 0;
  }
}

/** Every path under `dir`, out/'s own pages left out. */
function entries(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => !f.startsWith(`out${path.sep}`)).sort();
}

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end && !done(); ) await sleep(20);
}

describe('folders for the next build', () => {
  // Each test has a temp folder of its own (the makers inherit it), so that none meets another's private folder.
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.TMPDIR;
    process.env.TMPDIR = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-own-tmp-'));
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  });

  it('leaves the next build its folders to take over when nothing went to the trash (a first build)', async () => {
    const { out, trash } = project();
    const n = FOLDERS_AT_LEAST + 10;
    await firstBuild(out, trash, n);
    await until(() => madeSoFar(out) === n);
    expect(madeSoFar(out)).toBe(n);
    const second = OutputDir.open(out, trash);
    await second.prepare();
    const jobs = Array.from({ length: n }, (_, i) => second.claimForJob(`tutorial/p${i}/index.html`));
    expect(jobs.filter((makesDir) => makesDir), 'every folder is taken over, none is the job’s to make').toEqual([]);
    for (let i = 0; i < n; i++) fs.writeFileSync(path.join(second.tmp, 'tutorial', `p${i}`, 'index.html'), `p${i} again`);
    await second.commit();
    expect(listFiles(out)).toHaveLength(n);
    const probe = path.join(path.dirname(out), 'probe');
    fs.mkdirSync(probe);
    expect(fs.statSync(out).mode & 0o777, 'out/ has the mode a new folder gets, not the maker’s private one').toBe(fs.statSync(probe).mode & 0o777);
    await until(() => makers(out).length === 0);
    expect(makers(out)).toEqual([]);
  });

  it('makes nothing inside the project once the build is over, so deleting it then never races', async () => {
    const { dir, out, trash } = project();
    const n = 1500;
    await firstBuild(out, trash, n);
    const atEnd = entries(dir);
    for (const end = Date.now() + 20_000; Date.now() < end && madeSoFar(out) < n; ) {
      expect(entries(dir)).toEqual(atEnd);
      await sleep(5);
    }
    expect(madeSoFar(out)).toBe(n);
    expect(entries(dir)).toEqual(atEnd);
    // What a script does next: delete the project. The folders go with their maker's next look.
    fs.rmSync(dir, { recursive: true });
    await until(() => makers(out).length === 0, 5000);
    expect(makers(out)).toEqual([]);
  });

  it('starts no process for a site of fewer folders than FOLDERS_AT_LEAST', async () => {
    const { out, trash } = project();
    await firstBuild(out, trash, FOLDERS_AT_LEAST - 2);
    for (let i = 0; i < (FOLDERS_AFTER_MS + 1000) / 50; i++) {
      await sleep(50);
      expect(makers(out)).toEqual([]);
    }
  });

  it.each(['the cache deleted', 'the cache made anew', 'a build running'])('makes none when, by the time they are due, %s', async (what) => {
    const { dir, out, cache, trash } = project();
    await firstBuild(out, trash, 2000);
    // What a cold build run right after does first (rm -rf .cache out, then it makes its temp folder and cache).
    const running = path.join(dir, `.out.tmp-${process.pid}`);
    if (what !== 'a build running') fs.rmSync(cache, { recursive: true });
    if (what === 'the cache made anew') fs.mkdirSync(trash, { recursive: true });
    if (what === 'a build running') fs.mkdirSync(running);
    // Past the child's wait, and time to make 2,000 folders: it never starts, and its folder (made by the build, with
    // the job in it) goes.
    for (let i = 0; i < (FOLDERS_AFTER_MS + 2000) / 50; i++) {
      await sleep(50);
      expect(madeSoFar(out)).toBe(0);
    }
    expect(makers(out)).toEqual([]);
    expect(fs.existsSync(trash) ? fs.readdirSync(trash) : []).toEqual([]);
  });

  it('stops making them, and removes what it made, once the cache is deleted', async () => {
    const { out, cache, trash } = project();
    await firstBuild(out, trash, 8000);
    await until(() => madeSoFar(out) > 0);
    expect(madeSoFar(out)).toBeGreaterThan(0);
    fs.rmSync(cache, { recursive: true });
    // It checks between every 256 folders: it stops long before the 8,000, and its folder goes.
    let most = 0;
    for (const end = Date.now() + 10_000; Date.now() < end && makers(out).length; ) {
      most = Math.max(most, madeSoFar(out));
      await sleep(5);
    }
    expect(makers(out)).toEqual([]);
    expect(most).toBeLessThan(4000);
  });

  it('deletes them when no build comes for them in their time', async () => {
    const { out, trash } = project();
    fs.mkdirSync(out, { recursive: true });
    const folders = ['tutorial', ...Array.from({ length: FOLDERS_AT_LEAST }, (_, i) => `tutorial/p${i}`)];
    foldersInBackground(out, trash, folders, 1500);
    await until(() => madeSoFar(out) === FOLDERS_AT_LEAST);
    expect(madeSoFar(out)).toBe(FOLDERS_AT_LEAST);
    await until(() => makers(out).length === 0);
    expect(makers(out)).toEqual([]);
  });

  it('takes over no folders that someone else could have written into', async () => {
    const { dir, out, trash } = project();
    const n = FOLDERS_AT_LEAST + 10;
    await firstBuild(out, trash, n);
    await until(() => madeSoFar(out) === n);
    const own = privateTempDir(false)!;
    const top = path.join(own, makers(out)[0]!);
    const into = path.join(dir, 'taken');
    fs.chmodSync(own, 0o755);
    expect(takeOverFolders(out, into)).toBe(false);
    expect(fs.existsSync(path.join(top, 'out')), 'left where they were').toBe(true);
    // The same folders, once only this user can enter the private temp folder again, are taken.
    fs.chmodSync(own, 0o700);
    expect(takeOverFolders(out, into)).toBe(true);
    expect(fs.readdirSync(path.join(into, 'tutorial'))).toHaveLength(n);
  });

  it('are taken over by a build that starts while they are being made, which makes only the rest', async () => {
    const { dir, out, trash } = project();
    const n = 8000;
    await firstBuild(out, trash, n);
    await until(() => madeSoFar(out) >= 100);
    expect(madeSoFar(out)).toBeGreaterThanOrEqual(100);
    const pid = Number(makers(out)[0]!.split('-').pop());
    const second = OutputDir.open(out, trash);
    await second.prepare();
    const jobs = Array.from({ length: n }, (_, i) => second.claimForJob(`tutorial/p${i}/index.html`));
    const recycled = jobs.filter((makesDir) => !makesDir).length;
    expect(recycled).toBeGreaterThanOrEqual(100);
    expect(recycled, 'taken over before the last folder was made').toBeLessThan(n);
    jobs.forEach((makesDir, i) => makesDir && mkdirExisting(path.join(second.tmp, 'tutorial', `p${i}`)));
    for (let i = 0; i < n; i++) fs.writeFileSync(path.join(second.tmp, 'tutorial', `p${i}`, 'index.html'), `p${i}`);
    await second.commit();
    expect(listFiles(out)).toHaveLength(n);
    // The background process stopped at its next folder: once it is gone, nothing of it is left.
    const running = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await until(() => !running());
    expect(running()).toBe(false);
    expect(makers(out)).toEqual([]);
    expect(fs.readdirSync(dir).filter((f) => f !== 'out' && f !== '.cache')).toEqual([]);
    expect(fs.readdirSync(trash), 'only the out/ the build replaced').toHaveLength(1);
  });
});
