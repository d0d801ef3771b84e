/**
 * The folders a first build leaves the next one to recycle (recovery.ts, foldersInBackground): made by a detached
 * process after the build, beside out/ and not in the cache, and only when nothing has happened meanwhile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mkdirExisting } from '../../src/generator/output/folders.js';
import { OutputDir } from '../../src/generator/output/output-dir.js';
import { FOLDERS_AFTER_MS } from '../../src/generator/output/recovery.js';
import { listFiles } from '../helpers/project.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A first build of `n` pages into `out` with its trash in `trash`: its folders are then made in the background. */
async function firstBuild(out: string, trash: string, n: number): Promise<void> {
  const first = OutputDir.open(out, trash);
  for (let i = 0; i < n; i++) {
    expect(first.claimForJob(`tutorial/p${i}/index.html`)).toBe(true);
    mkdirExisting(path.join(first.tmp, 'tutorial', `p${i}`));
    fs.writeFileSync(path.join(first.tmp, 'tutorial', `p${i}`, 'index.html'), `p${i}`);
  }
  await first.commit();
}

describe('folders for the next build', () => {
  it('leaves the next build its folders to recycle when nothing went to the trash (a first build)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-skeleton-'));
    const out = path.join(dir, 'out');
    const trash = path.join(dir, 'trash');
    await firstBuild(out, trash, 2);
    // Made by a background process after FOLDERS_AFTER_MS: wait for it (at most 10 s).
    const made = () => fs.readdirSync(trash).some((e) => fs.existsSync(path.join(trash, e, 'tutorial', 'p1')));
    for (let i = 0; i < 200 && !made(); i++) await sleep(50);
    expect(made()).toBe(true);
    const second = OutputDir.open(out, trash);
    expect(second.claimForJob('tutorial/p0/index.html'), 'the folder is recycled, not the job’s to make').toBe(false);
    expect(second.claimForJob('tutorial/p1/index.html')).toBe(false);
    fs.writeFileSync(path.join(second.tmp, 'tutorial', 'p0', 'index.html'), 'a2');
    fs.writeFileSync(path.join(second.tmp, 'tutorial', 'p1', 'index.html'), 'b2');
    await second.commit();
    expect(listFiles(out)).toEqual(['tutorial/p0/index.html', 'tutorial/p1/index.html']);
  });

  it('makes those folders outside the cache, so deleting the cache right after a build never races it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-skeleton-'));
    const out = path.join(dir, 'out');
    const cache = path.join(dir, '.cache');
    await firstBuild(out, path.join(cache, 'trash'), 3000);
    // Once the background process has started making folders, what `rm -rf .cache` does: no retries, and it
    // must not meet "Directory not empty".
    const others = () => fs.readdirSync(dir).filter((f) => f !== 'out' && f !== '.cache');
    const started = () => others().length > 0 || fs.readdirSync(path.join(cache, 'trash')).length > 0;
    for (let i = 0; i < 3000 && !started(); i++) await sleep(5);
    expect(started()).toBe(true);
    fs.rmSync(cache, { recursive: true });
    // It gives up when the cache is gone, and leaves nothing beside out/.
    for (let i = 0; i < 200 && others().length; i++) await sleep(50);
    expect(others()).toEqual([]);
  });

  it.each(['the cache deleted', 'the cache made anew', 'a build running'])('makes none when, by the time they are due, %s', async (what) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-skeleton-'));
    const out = path.join(dir, 'out');
    const cache = path.join(dir, '.cache');
    await firstBuild(out, path.join(cache, 'trash'), 2000);
    // What a cold build run right after does first (rm -rf .cache out, then it makes its temp folder and cache).
    const running = path.join(dir, `.out.tmp-${process.pid}`);
    if (what !== 'a build running') fs.rmSync(cache, { recursive: true });
    if (what === 'the cache made anew') fs.mkdirSync(path.join(cache, 'trash'), { recursive: true });
    if (what === 'a build running') fs.mkdirSync(running);
    const entries = () => fs.readdirSync(dir).filter((f) => !['out', '.cache', path.basename(running)].includes(f));
    // Past the child's wait, and time to make 2,000 folders (which it would make beside out/): it never starts.
    for (let i = 0; i < (FOLDERS_AFTER_MS + 2000) / 50; i++) {
      await sleep(50);
      expect(entries()).toEqual([]);
    }
    expect(fs.existsSync(path.join(cache, 'trash')) ? fs.readdirSync(path.join(cache, 'trash')) : []).toEqual([]);
  });

  it('stops making them, and removes what it made, once the cache is deleted', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-skeleton-'));
    const out = path.join(dir, 'out');
    const cache = path.join(dir, '.cache');
    const first = OutputDir.open(out, path.join(cache, 'trash'));
    for (let i = 0; i < 8000; i++) first.claimForJob(`tutorial/p${i}/index.html`);
    for (let i = 0; i < 8000; i++) mkdirExisting(path.join(first.tmp, 'tutorial', `p${i}`));
    await first.commit();
    const making = () => fs.readdirSync(dir).find((f) => f.startsWith('.out.folders-'));
    for (let i = 0; i < 2000 && !making(); i++) await sleep(5);
    const tmp = making();
    expect(tmp).toBeDefined();
    fs.rmSync(cache, { recursive: true });
    // It checks between every 256 folders: it stops long before the 8,000, and its folder goes.
    let most = 0;
    for (let i = 0; i < 2000 && making(); i++) {
      try {
        most = Math.max(most, fs.readdirSync(path.join(dir, tmp!, 'tutorial')).length);
      } catch {
        // Not made yet, or removed meanwhile.
      }
      await sleep(5);
    }
    expect(making()).toBeUndefined();
    expect(most).toBeLessThan(4000);
  });

  it('are taken over by a build that starts while they are being made, which makes only the rest', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-skeleton-'));
    const out = path.join(dir, 'out');
    const trash = path.join(dir, '.cache', 'trash');
    const n = 8000;
    const first = OutputDir.open(out, trash);
    for (let i = 0; i < n; i++) first.claimForJob(`tutorial/p${i}/index.html`);
    for (let i = 0; i < n; i++) mkdirExisting(path.join(first.tmp, 'tutorial', `p${i}`));
    await first.commit();
    const making = () => fs.readdirSync(dir).find((f) => f.startsWith('.out.folders-'));
    const madeSoFar = () => {
      try {
        return fs.readdirSync(path.join(dir, making()!, 'tutorial')).length;
      } catch {
        return 0;
      }
    };
    for (let i = 0; i < 4000 && madeSoFar() < 100; i++) await sleep(2);
    expect(madeSoFar()).toBeGreaterThanOrEqual(100);
    const maker = Number(making()!.split('-').pop());
    const second = OutputDir.open(out, trash);
    expect(making(), 'the folder being made is now the build’s').toBeUndefined();
    const jobs = Array.from({ length: n }, (_, i) => second.claimForJob(`tutorial/p${i}/index.html`));
    const recycled = jobs.filter((makesDir) => !makesDir).length;
    expect(recycled).toBeGreaterThanOrEqual(100);
    expect(recycled, 'taken over before the last folder was made').toBeLessThan(n);
    jobs.forEach((makesDir, i) => makesDir && mkdirExisting(path.join(second.tmp, 'tutorial', `p${i}`)));
    for (let i = 0; i < n; i++) fs.writeFileSync(path.join(second.tmp, 'tutorial', `p${i}`, 'index.html'), `p${i}`);
    await second.commit();
    expect(listFiles(out)).toHaveLength(n);
    // The background process stopped at its next folder: once it is gone, nothing of it is left beside out/ or in
    // the trash.
    const running = () => {
      try {
        process.kill(maker, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 2000 && running(); i++) await sleep(5);
    expect(running()).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => f !== 'out' && f !== '.cache')).toEqual([]);
    expect(fs.readdirSync(trash), 'only the out/ the build replaced').toHaveLength(1);
  });
});
