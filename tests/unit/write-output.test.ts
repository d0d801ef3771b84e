import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReactsiteError } from '../../src/generator/problems/problem.js';
import { mkdirExisting, writeFileAnew } from '../../src/generator/output/folders.js';
import { OutputDir, type OutputFiles } from '../../src/generator/output/output-dir.js';
import { writeBuild } from '../../src/generator/output/write-build.js';
import { deleteLeftovers, removeAsOwnInBackground } from '../../src/generator/output/background-delete.js';
import { privateTempDir } from '../../src/generator/output/private-temp.js';
import { recoverOutput, trashPrefix } from '../../src/generator/output/recovery.js';
import { DELETE_HERE_UP_TO } from '../../src/generator/output/stale-files.js';
import { listFiles, snapshotDir } from '../helpers/project.js';

function previousOut(): { dir: string; out: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-write-'));
  const out = path.join(dir, 'out');
  fs.mkdirSync(path.join(out, 'tutorial'), { recursive: true });
  fs.writeFileSync(path.join(out, 'index.html'), '<p>previous</p>');
  fs.writeFileSync(path.join(out, 'tutorial', 'a.html'), Buffer.from([0, 1, 2, 255]));
  return { dir, out };
}

/** The id of a process that has ended (a child run to its end just now). */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

/** Runs `f` with `TMPDIR` set to `tmp` (os.tmpdir() reads it at each call). */
async function withTmpdir<T>(tmp: string, f: () => T | Promise<T>): Promise<T> {
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    return await f();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

/**
 * Runs `f` with a temp folder of its own (on the same file system), waits until what was moved there to be deleted
 * is gone (at most 20 s), and returns the folders the deletions were moved into: fs.watch sees each name, since the
 * kernel queues every event however fast the deleting process is.
 */
async function deletionsDuring(f: () => unknown): Promise<string[]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-own-tmp-'));
  const own = (await withTmpdir(tmp, () => privateTempDir()))!;
  const seen = new Set<string>();
  const watcher = fs.watch(own, (_, name) => name && seen.add(name));
  await withTmpdir(tmp, f);
  for (const end = Date.now() + 20_000; Date.now() < end && fs.readdirSync(own).length; ) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 100));
  watcher.close();
  expect(fs.readdirSync(own), 'deleted by the background process').toEqual([]);
  // Made there by the build, then renamed by the deleting process after its own pid.
  return [...seen].filter((name) => name.startsWith('deleting-_'));
}

/** Writes `files` as a build would (temp folder, then swap), like `reactsite build` does with its pipeline's files. */
function writeOutput(outDir: string, files: OutputFiles): Promise<unknown> {
  return writeBuild({ outDir }, async () => ({ result: undefined, files }));
}

describe('failed writes are problems, and the previous out/ survives them', () => {
  it('turns a failure half-way through the write into a located problem with a hint', async () => {
    const { dir, out } = previousOut();
    const before = snapshotDir(out);
    // "page" is both a file and the folder of "page/index.html": the second write fails with EISDIR or ENOTDIR.
    const files = new Map<string, string>([['index.html', 'new'], ['page/index.html', 'x'], ['page', 'y']]);
    const error = await writeOutput(out, files).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ReactsiteError);
    const [p] = (error as ReactsiteError).problems;
    expect(p).toMatchObject({ field: '--out', severity: 'error' });
    expect(p!.message).toMatch(/^cannot write the output folder .*: E(ISDIR|NOTDIR|EXIST) on /);
    expect(p!.hint).toBeTruthy();
    expect(snapshotDir(out)).toEqual(before);
    expect(fs.readdirSync(dir)).toEqual(['out']);
  });

  it('reports an output path under a regular file without a stack trace', async () => {
    const { dir } = previousOut();
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'a file');
    const error = await writeOutput(path.join(dir, 'notes.txt', 'out'), new Map([['index.html', 'x']])).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ReactsiteError);
    expect((error as ReactsiteError).problems[0]).toMatchObject({ field: '--out', file: path.join(dir, 'notes.txt') });
    expect((error as ReactsiteError).problems[0]!.hint).toMatch(/is a file, not a folder/);
    expect(listFiles(dir)).toEqual(['notes.txt', 'out/index.html', 'out/tutorial/a.html']);
  });
});

describe('public/ copied while the build makes its pages', () => {
  // A path that fits Linux's 4,095 bytes under public/ but not under the longer temp folder: its copy fails with
  // ENAMETOOLONG, even for root (which the tests run as: permissions cannot make it fail).
  it.skipIf(process.platform !== 'linux')('turns a copy that fails while `make` still runs into a problem, the previous out/ whole', async () => {
    const { dir, out } = previousOut();
    const before = snapshotDir(out);
    const publicDir = path.join(dir, 'p');
    const room = 4095 - Buffer.byteLength(publicDir) - 1;
    const folders = Array.from({ length: Math.floor((room - 1) / 201) }, (_, i) => String(i).padEnd(200, 'd'));
    const rel = [...folders, 'f'.repeat(room - folders.length * 201)].join('/');
    fs.mkdirSync(path.dirname(path.join(publicDir, rel)), { recursive: true });
    fs.writeFileSync(path.join(publicDir, rel), 'x');
    let made = false;
    const error = await writeBuild({ outDir: out, publicDir }, async () => {
      // Still making when the copy fails (it makes the file's folders and fails on the first too long, in one go):
      // its failure waits for `make`, and ends neither `make` nor the process.
      const first = path.join(dir, `.out.tmp-${process.pid}`, folders[0]!);
      for (let i = 0; i < 500 && !fs.existsSync(first); i++) await new Promise((r) => setTimeout(r, 20));
      made = true;
      return { result: undefined, files: new Map([['index.html', 'new']]) };
    }).then(() => undefined, (e: unknown) => e);
    expect(made).toBe(true);
    expect(error).toBeInstanceOf(ReactsiteError);
    expect((error as ReactsiteError).problems[0]!.message).toMatch(/ENAMETOOLONG/);
    expect(snapshotDir(out)).toEqual(before);
    expect(fs.readdirSync(dir).sort()).toEqual(['out', 'p']);
  });
});

describe('OutputDir.claimForJob', () => {
  it('leaves a new page folder to its job, makes it at once for anything else put there, and reuses recycled folders', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-claim-'));
    const out = path.join(dir, 'out');
    const trash = path.join(dir, 'trash');
    const first = OutputDir.open(out, trash);
    await first.prepare();
    expect(first.claimForJob('tutorial/a/index.html')).toBe(true);
    expect(first.claimForJob('tutorial/b/index.html')).toBe(true);
    // The shared parent exists; the page folders are the jobs' to make.
    expect(fs.existsSync(path.join(first.tmp, 'tutorial'))).toBe(true);
    expect(fs.existsSync(path.join(first.tmp, 'tutorial', 'a'))).toBe(false);
    mkdirExisting(path.join(first.tmp, 'tutorial', 'a'));
    mkdirExisting(path.join(first.tmp, 'tutorial', 'a'));
    fs.writeFileSync(path.join(first.tmp, 'tutorial', 'a', 'index.html'), 'a');
    first.write('tutorial/b/extra.txt', 'b');
    fs.writeFileSync(path.join(first.tmp, 'tutorial', 'b', 'index.html'), 'b');
    await first.commit();
    expect(listFiles(out)).toEqual(['tutorial/a/index.html', 'tutorial/b/extra.txt', 'tutorial/b/index.html']);
    // A build moves the out/ it replaces to the trash; the build after it recycles that folder: its page
    // folders are there, and a page file is left for its job, which writes a new file in its place.
    const second = OutputDir.open(out, trash);
    await second.prepare();
    expect(second.claimForJob('tutorial/c/index.html')).toBe(true);
    mkdirExisting(path.join(second.tmp, 'tutorial', 'c'));
    fs.writeFileSync(path.join(second.tmp, 'tutorial', 'c', 'index.html'), 'c');
    await second.commit();
    const third = OutputDir.open(out, trash);
    await third.prepare();
    expect(third.claimForJob('tutorial/a/index.html')).toBe(false);
    const recycled = path.join(third.tmp, 'tutorial', 'a', 'index.html');
    expect(fs.readFileSync(recycled, 'utf8')).toBe('a');
    // The recycled page is hard-linked elsewhere (as into the page store): the job's write must not reach it.
    const elsewhere = path.join(dir, 'stored-a.html');
    fs.linkSync(recycled, elsewhere);
    const before = fs.statSync(recycled).ino;
    expect(writeFileAnew(recycled, 'a2').ino).not.toBe(before);
    await third.commit();
    expect(listFiles(out)).toEqual(['tutorial/a/index.html']);
    expect(fs.readFileSync(path.join(out, 'tutorial', 'a', 'index.html'), 'utf8')).toBe('a2');
    expect(fs.readFileSync(elsewhere, 'utf8')).toBe('a');
  });

  it('rewrites a recycled page in place only when nothing else links to it, and never follows a symlink', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-anew-'));
    const page = path.join(dir, 'index.html');
    // A new file; then the same file rewritten shorter: same inode (its blocks reused), exactly the new bytes.
    const made = writeFileAnew(page, 'x'.repeat(5000));
    const again = writeFileAnew(page, 'short');
    expect([again.ino, again.size, fs.readFileSync(page, 'utf8')]).toEqual([made.ino, 5, 'short']);
    // Bytes in parts (a page's pieces): all of them, in order, and nothing of the longer page before.
    const parts = writeFileAnew(page, [Buffer.from('<p>'), Buffer.from('é😀'.repeat(2)), new Uint8Array(0), Buffer.from('</p>')]);
    expect([parts.ino, parts.size, fs.readFileSync(page, 'utf8')]).toEqual([made.ino, 19, '<p>é😀é😀</p>']);
    writeFileAnew(page, 'short');
    // Linked elsewhere (the page store): a new inode, and the other name keeps its bytes.
    const stored = path.join(dir, 'stored.html');
    fs.linkSync(page, stored);
    expect(writeFileAnew(page, 'new').ino).not.toBe(made.ino);
    expect([fs.readFileSync(page, 'utf8'), fs.readFileSync(stored, 'utf8')]).toEqual(['new', 'short']);
    // A symlink in its place is replaced by a file, and what it pointed at is untouched.
    const target = path.join(dir, 'target.html');
    fs.writeFileSync(target, 'target');
    fs.rmSync(page);
    fs.symlinkSync(target, page);
    writeFileAnew(page, 'page');
    expect([fs.lstatSync(page).isSymbolicLink(), fs.readFileSync(page, 'utf8'), fs.readFileSync(target, 'utf8')]).toEqual([false, 'page', 'target']);
  });

  it.each([1, DELETE_HERE_UP_TO + 6])('moves %i recycled pages that nothing else links to aside instead of deleting them, and the stale folder goes after the build', async (n) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-stale-'));
    const out = path.join(dir, 'out');
    const trash = path.join(dir, 'trash');
    const store = path.join(dir, 'store');
    fs.mkdirSync(store);
    // The trash holds a previous out/: page a is the stored page (a link to it), pages b0... files of their own.
    const previous = path.join(trash, `${trashPrefix(out)}000000000000001-1`);
    const pages = ['a', ...Array.from({ length: n }, (_, i) => `b${i}`)];
    for (const p of pages) {
      fs.mkdirSync(path.join(previous, 'tutorial', p), { recursive: true });
      fs.writeFileSync(path.join(store, p), `stored ${p}`);
    }
    fs.linkSync(path.join(store, 'a'), path.join(previous, 'tutorial', 'a', 'index.html'));
    for (const p of pages.slice(1)) fs.writeFileSync(path.join(previous, 'tutorial', p, 'index.html'), `old ${p}`);
    const oldB = fs.statSync(path.join(previous, 'tutorial', 'b0', 'index.html')).ino;
    const output = OutputDir.open(out, trash);
    await output.prepare();
    for (const p of pages) output.link(`tutorial/${p}/index.html`, path.join(store, p));
    // The old pages are not deleted while the build runs: they wait in the stale folder beside out/, whole.
    const stale = path.join(dir, `.out.stale-${process.pid}`);
    expect(fs.readdirSync(stale).length).toBe(n);
    expect([fs.statSync(path.join(stale, '0')).ino, fs.readFileSync(path.join(stale, '0'), 'utf8')]).toEqual([oldB, 'old b0']);
    // A few are deleted by the build itself; more are moved out of the project before it returns, and deleted in the
    // temp folder by a background process.
    const moved = await deletionsDuring(async () => {
      await output.commit();
      expect(fs.readdirSync(dir).filter((f) => f.startsWith('.out.stale-'))).toEqual([]);
    });
    expect(moved).toHaveLength(n <= DELETE_HERE_UP_TO ? 0 : 1);
    expect(pages.map((p) => fs.readFileSync(path.join(out, 'tutorial', p, 'index.html'), 'utf8'))).toEqual(pages.map((p) => `stored ${p}`));
    expect(fs.statSync(path.join(out, 'tutorial', 'b0', 'index.html')).ino).toBe(fs.statSync(path.join(store, 'b0')).ino);
  });

  it.each([2, DELETE_HERE_UP_TO + 6])('deletes a replaced out/ with no trash to go to: here for %i files, in the background for more', async (n) => {
    const { dir, out } = previousOut();
    for (let i = 0; i < n; i++) fs.writeFileSync(path.join(out, `old-${i}.html`), 'old');
    const files: OutputFiles = new Map(Array.from({ length: n }, (_, i) => [`page-${i}/index.html`, `new ${i}`] as const));
    // Gone from the project when the build returns: deleted here, or in the temp folder by a background process.
    const moved = await deletionsDuring(async () => {
      await writeOutput(out, files);
      expect(fs.readdirSync(dir)).toEqual(['out']);
    });
    expect(moved).toHaveLength(n <= DELETE_HERE_UP_TO ? 0 : 1);
    expect(listFiles(out)).toEqual([...files.keys()].sort());
  });

  it('removes the stale folder a killed build left, and leaves a running build’s alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-stale-'));
    const out = path.join(dir, 'out');
    fs.mkdirSync(out);
    const dead = path.join(dir, `.out.stale-${deadPid()}`);
    const alive = path.join(dir, `.out.stale-${process.pid}`);
    for (const d of [dead, alive]) {
      fs.mkdirSync(d);
      fs.writeFileSync(path.join(d, '0'), 'old page');
    }
    recoverOutput(out);
    expect([fs.existsSync(dead), fs.existsSync(alive)]).toEqual([false, true]);
  });

  it('moves a finished build’s stale folder out of the project before it returns, and deletes it in the background', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-stale-'));
    const left = path.join(dir, `.out.stale-${deadPid()}`);
    fs.mkdirSync(left);
    for (let i = 0; i < 2000; i++) fs.writeFileSync(path.join(left, String(i)), 'old page');
    const moved = await deletionsDuring(() => {
      removeAsOwnInBackground(left);
      expect(fs.readdirSync(dir)).toEqual([]);
    });
    expect(moved).toHaveLength(1);
  });

  it('deletes what killed helper processes left in the private temp folder, and leaves what is still worked on', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-own-tmp-'));
    const own = (await withTmpdir(tmp, () => privateTempDir()))!;
    const entry = (name: string, ageMs = 0) => {
      const d = path.join(own, name);
      fs.mkdirSync(path.join(d, 'out'), { recursive: true });
      const t = new Date(Date.now() - ageMs);
      fs.utimesSync(d, t, t);
      return d;
    };
    const dead = deadPid();
    const gone = [entry(`deleting-${dead}`), entry('deleting-_aaaaaa', 120_000), entry(`folders-0123456789ab-${dead}`), entry('folders-0123456789ab-_bbbbbb', 120_000)];
    const kept = [entry(`deleting-${process.pid}`), entry('deleting-_cccccc'), entry(`folders-0123456789ab-${process.pid}`), entry('folders-0123456789ab-_dddddd'), entry('something-else', 120_000)];
    await withTmpdir(tmp, deleteLeftovers);
    for (const end = Date.now() + 20_000; Date.now() < end && fs.readdirSync(own).length > kept.length; ) await new Promise((r) => setTimeout(r, 20));
    expect(gone.filter((d) => fs.existsSync(d))).toEqual([]);
    expect(fs.readdirSync(own).sort()).toEqual(kept.map((d) => path.basename(d)).sort());
  });

  it('renames a stale folder it cannot move out after its deleting process before it returns', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-stale-'));
    const dead = deadPid();
    const left = path.join(dir, `.out.stale-${dead}`);
    fs.mkdirSync(left);
    for (let i = 0; i < 2000; i++) fs.writeFileSync(path.join(left, String(i)), 'old page');
    // No temp folder to move it to.
    await withTmpdir(path.join(dir, 'none'), () => removeAsOwnInBackground(left));
    // Renamed by this process, not by the child once this one may be gone (a script deleting the project right
    // after a build then met a new name: "Directory not empty").
    const names = fs.readdirSync(dir);
    expect(names).toHaveLength(1);
    const pid = Number(/^\.out\.stale-(\d+)$/.exec(names[0]!)?.[1]);
    expect(pid).not.toBe(dead);
    expect(pid).not.toBe(process.pid);
    for (const end = Date.now() + 20_000; Date.now() < end && fs.readdirSync(dir).length; ) await new Promise((r) => setTimeout(r, 20));
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
