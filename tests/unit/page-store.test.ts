/**
 * The page store's index: what a build records is what the next build reads (link facts read on first use, a few
 * changes appended to the index's log, more written into the index again from the text it read, or anew), a
 * damaged line costs only where links were written, a torn or stale log costs only pages rendered again, and the
 * files of a build killed before its save are swept by the next save.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PageStore, storedPageFile, storePageFile, type StoredPage } from '../../src/generator/store/page-store.js';
import { htmlFacts, toPlainFacts } from '../../src/generator/verify/html-facts.js';
import { withoutRuns, withRuns } from '../../src/generator/store/page-index.js';
import { MIN_FILES_FOR_THREAD } from '../../src/generator/output/removal-thread.js';

const NAV = ['/', '/tutorial/a/', '/tutorial/b/', '/about/'];

function page(n: number) {
  const links = NAV.map((u) => `<a href="${u}">x</a>`).join('');
  return `<!DOCTYPE html><html><head><title>Page ${n}</title><meta name="description" content="D ${n}"><link rel="canonical" href="https://x.dev/p${n}/"></head><body>${links}<h1 id="top-${n}">P</h1><a href="/only-on-${n}/">own</a><a href="#top-${n}">up</a></body></html>`;
}

/** Stores page `n` (its file written in `work`) under key `k${n}` and returns what a build records. */
function store(dir: string, work: string, n: number): [string, StoredPage] {
  const file = path.join(work, `p${n}.html`);
  fs.writeFileSync(file, page(n));
  const facts = toPlainFacts(htmlFacts(page(n)));
  return [`k${n}`, { ...storePageFile(dir, `k${n}`, file, fs.statSync(file)), facts, md: { words: 10 + n, links: [{ href: `/only-on-${n}/`, line: n }], warnings: [] } }];
}

function plainOf(hit: NonNullable<ReturnType<PageStore['get']>>) {
  const f = hit.facts;
  return { urls: [...f.urls], ids: [...f.ids].sort(), h1: f.h1, title: f.title, canonical: f.canonical, words: hit.md.words, links: hit.md.links };
}

/** What reading page `n` back must give. */
function expected(n: number) {
  const f = toPlainFacts(htmlFacts(page(n)));
  return { urls: f.urls, ids: f.ids.sort(), h1: 1, title: `Page ${n}`, canonical: `https://x.dev/p${n}/`, words: 10 + n, links: [{ href: `/only-on-${n}/`, line: n }] };
}

function tempDirs() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-store-'));
  const work = path.join(root, 'work');
  fs.mkdirSync(work);
  return { dir: path.join(root, 'pages'), work };
}

describe('page store index', () => {
  it('writes the URL numbers of a page with runs of consecutive numbers folded, and reads them back', () => {
    expect(withRuns([7, 3, 4, 5, 6, 9, 10, 2, 2, 3, 4])).toEqual([7, 3, -3, 9, 10, 2, 2, -2]);
    let seed = 11;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let t = 0; t < 500; t++) {
      const numbers: number[] = [];
      while (numbers.length < rand(60)) {
        const start = rand(40);
        for (let k = 0, n = rand(6); k <= n; k++) numbers.push(start + k);
      }
      expect(withoutRuns(withRuns(numbers))).toEqual(numbers);
    }
    // A sidebar of 800 links, the same run on every page of its category, is two numbers.
    expect(withRuns(Array.from({ length: 800 }, (_, i) => 100 + i))).toEqual([100, -799]);
    expect(() => withoutRuns([-3, 4])).toThrow();
  });

  it('gives the next build what this one recorded, whether its lines were kept or written anew', async () => {
    const { dir, work } = tempDirs();
    const first = new PageStore(dir);
    const recorded = [1, 2, 3, 4].map((n) => store(dir, work, n));
    for (const [k, p] of recorded) first.record(k, p);
    await first.save();
    const index = path.join(dir, 'index.json');
    const log = path.join(dir, 'index.log');
    const written = fs.readFileSync(index, 'utf8');
    // Second build: three pages reused, one new, one dropped: a line each in the log, the index untouched.
    const second = new PageStore(dir);
    for (const n of [1, 2, 3]) second.get(`k${n}`);
    const [k5, p5] = store(dir, work, 5);
    second.record(k5, p5);
    await second.save();
    expect(fs.readFileSync(index, 'utf8')).toBe(written);
    expect(fs.readFileSync(log, 'utf8').split('\n').filter((l) => l[0] === '+' || l[0] === '-')).toHaveLength(2);
    expect(fs.existsSync(second.file('k4')), 'an unused page is deleted').toBe(false);
    const third = new PageStore(dir);
    for (const n of [1, 2, 3, 5]) expect(plainOf(third.get(`k${n}`)!), `page ${n}`).toEqual(expected(n));
    expect(third.get('k4')).toBeUndefined();
    const logged = fs.readFileSync(log, 'utf8');
    await third.save();
    expect(fs.readFileSync(log, 'utf8'), 'a build that used exactly the stored pages writes nothing').toBe(logged);
    // Fourth build: more new pages than a log takes, so the index is written anew, the log folded in and gone.
    const fourth = new PageStore(dir);
    for (const n of [1, 5]) fourth.get(`k${n}`);
    const many = Array.from({ length: 70 }, (_, i) => 10 + i);
    for (const n of many) fourth.record(...store(dir, work, n));
    await fourth.save();
    expect(fs.existsSync(log)).toBe(false);
    const fifth = new PageStore(dir);
    for (const n of [1, 5, ...many]) expect(plainOf(fifth.get(`k${n}`)!), `page ${n}`).toEqual(expected(n));
    for (const n of [2, 3]) expect(fifth.get(`k${n}`), `page ${n}`).toBeUndefined();
    // Sixth: a few pages again, after a rewrite: the log starts anew for the new index.
    fifth.record(...store(dir, work, 6));
    await fifth.save();
    const sixth = new PageStore(dir);
    for (const n of [1, 5, 6, ...many]) expect(plainOf(sixth.get(`k${n}`)!), `page ${n}`).toEqual(expected(n));
  });

  it('skips a torn log line, and a log written for another index', async () => {
    const { dir, work } = tempDirs();
    const first = new PageStore(dir);
    for (const n of [1, 2]) first.record(...store(dir, work, n));
    await first.save();
    const second = new PageStore(dir);
    for (const n of [1, 2]) second.get(`k${n}`);
    for (const n of [3, 4]) second.record(...store(dir, work, n));
    await second.save();
    // Killed in the middle of its last line: page 4's line is torn, page 3's whole.
    const log = path.join(dir, 'index.log');
    const text = fs.readFileSync(log, 'utf8');
    fs.writeFileSync(log, text.slice(0, text.lastIndexOf('+') + 40));
    const third = new PageStore(dir);
    for (const n of [1, 2, 3]) expect(plainOf(third.get(`k${n}`)!), `page ${n}`).toEqual(expected(n));
    expect(third.get('k4'), 'the torn line').toBeUndefined();
    third.record(...store(dir, work, 5));
    await third.save();
    // The next append starts on a line of its own.
    const fourth = new PageStore(dir);
    for (const n of [1, 2, 3, 5]) expect(plainOf(fourth.get(`k${n}`)!), `page ${n}`).toEqual(expected(n));
    // A log that names another index (its rewrite was killed before the log was removed) is not applied.
    fs.writeFileSync(log, fs.readFileSync(log, 'utf8').replace(/^\{"base":"[^"]*"\}/, '{"base":"another"}'));
    const fifth = new PageStore(dir);
    for (const n of [1, 2]) expect(plainOf(fifth.get(`k${n}`)!), `page ${n}`).toEqual(expected(n));
    for (const n of [3, 5]) expect(fifth.get(`k${n}`), `page ${n}`).toBeUndefined();
  });

  it('reads the facts of a page whose index line is damaged off its stored file', async () => {
    const { dir, work } = tempDirs();
    const first = new PageStore(dir);
    for (const n of [1, 2]) first.record(...store(dir, work, n));
    await first.save();
    const index = path.join(dir, 'index.json');
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace(/\t\{"facts":\{"urls":\[/, '\t{"facts":{"urls":"'));
    const second = new PageStore(dir);
    expect(plainOf(second.get('k1')!)).toEqual({ ...expected(1), links: [] });
    expect(plainOf(second.get('k2')!)).toEqual(expected(2));
  });

  it('reads nothing of an index another generator version wrote, and sweeps its pages at save', async () => {
    const { dir, work } = tempDirs();
    const first = new PageStore(dir, 'v1');
    for (const [k, p] of [1, 2].map((n) => store(dir, work, n))) first.record(k, p);
    await first.save();
    const same = new PageStore(dir, 'v1');
    expect(plainOf(same.get('k1')!)).toEqual(expected(1));
    const next = new PageStore(dir, 'v2');
    expect([next.get('k1'), next.get('k2')]).toEqual([undefined, undefined]);
    const [k3, p3] = store(dir, work, 3);
    next.record(k3, p3);
    await next.save();
    expect([1, 2, 3].map((n) => fs.existsSync(storedPageFile(dir, `k${n}`)))).toEqual([false, false, true]);
    expect(plainOf(new PageStore(dir, 'v2').get('k3')!)).toEqual(expected(3));
  });

  it('sweeps the pages a killed build stored, and only then', async () => {
    const { dir, work } = tempDirs();
    const first = new PageStore(dir);
    first.record(...store(dir, work, 1));
    await first.save();
    // A build that began writing, stored page 2 and died before saving (its marker names a process that is gone).
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    fs.writeFileSync(path.join(dir, `writing-${dead}`), '');
    store(dir, work, 2);
    const second = new PageStore(dir);
    second.get('k1');
    second.record(...store(dir, work, 3));
    await second.save();
    expect(fs.existsSync(second.file('k2')), 'the killed build’s page').toBe(false);
    expect(fs.existsSync(second.file('k1'))).toBe(true);
    expect(fs.existsSync(second.file('k3'))).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('writing-'))).toEqual([]);
  });

  it('deletes many pages it no longer uses after its save, marked as written until they are gone', async () => {
    const { dir, work } = tempDirs();
    const first = new PageStore(dir);
    const many = Array.from({ length: MIN_FILES_FOR_THREAD + 6 }, (_, i) => i + 1);
    for (const n of many) first.record(...store(dir, work, n));
    await first.save();
    // The next build renders nothing and keeps one page: the others go on a helper thread.
    const second = new PageStore(dir);
    second.get('k1');
    const deleted = second.save();
    expect(fs.existsSync(path.join(dir, `writing-${process.pid}`)), 'the marker, while the pages are deleted').toBe(true);
    await deleted;
    expect(many.filter((n) => fs.existsSync(second.file(`k${n}`)))).toEqual([1]);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('writing-'))).toEqual([]);
    expect(plainOf(new PageStore(dir).get('k1')!)).toEqual(expected(1));
  });
});
