/** File stamps (cache/file-stamps.ts) and the last-build record (cli/last-build.ts): its racy margin, a damaged record. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placedStamps, racyMs, racyStat, sameStamps, stampsHold, treeStamps, type Stamp } from '../../src/generator/cache/file-stamps.js';
import { LastBuild, recordFile, type BuildReport } from '../../src/generator/cli/last-build.js';
import { resolveOptions } from '../../src/generator/cli/options.js';
import { mtimeNs, pastRacyMargin, putMtimeBack } from '../helpers/file-times.js';

function tree(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-stamps-'));
  fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'a', 'b', 'page.html'), 'page');
  fs.writeFileSync(path.join(dir, 'a', 'z.txt'), 'z');
  fs.writeFileSync(path.join(dir, 'top.txt'), 'top');
  return dir;
}


/** Sets every entry's mtime an hour back, so a change now gets another one whatever the clock's tick. */
function age(dir: string): void {
  const past = new Date(Date.now() - 3_600_000);
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      fs.utimesSync(path.join(d, e.name), past, past);
    }
  };
  walk(dir);
  fs.utimesSync(dir, past, past);
}

describe('file stamps', () => {
  it('stamp every file of a tree in path order, following links, and tell any change of one', () => {
    const dir = tree();
    fs.symlinkSync(path.join(dir, 'top.txt'), path.join(dir, 'link.txt'));
    const stamps = treeStamps(dir);
    expect(stamps.map((s) => s[0])).toEqual(['a/b/page.html', 'a/z.txt', 'link.txt', 'top.txt']);
    expect(stamps[2]![2]).toBe(stamps[3]![2]);
    expect(sameStamps(treeStamps(dir), stamps)).toBe(true);
    fs.appendFileSync(path.join(dir, 'top.txt'), '!');
    expect(sameStamps(treeStamps(dir), stamps)).toBe(false);
    expect(treeStamps(path.join(dir, 'missing'))).toEqual([]);
  });

  it("tell a same-size edit of an input whose old mtime was put back, by its ctime (placed files' stamps have none)", async () => {
    const dir = tree();
    const file = path.join(dir, 'top.txt');
    const before = treeStamps(dir);
    const ns = mtimeNs(file);
    await pastRacyMargin();
    fs.writeFileSync(file, 'TOP');
    putMtimeBack(file, ns);
    const after = treeStamps(dir);
    expect(after.map((s) => s.slice(0, 5))).toEqual(before.map((s) => s.slice(0, 5)));
    expect(sameStamps(after, before)).toBe(false);
    expect(placedStamps(dir, ['top.txt'])!.every((s) => s.length === 5)).toBe(true);
  });

  it('stamp a placed file from the lstat a build already took of it, and the others anew', () => {
    const dir = tree();
    const files = ['a/b/page.html', 'top.txt'];
    const page = fs.lstatSync(path.join(dir, 'a', 'b', 'page.html'));
    expect(placedStamps(dir, files, new Map([['a/b/page.html', page]]))).toEqual(placedStamps(dir, files));
    // The given stat is the stamp (no second lstat): here another file's, so the page's stamp is that file's.
    const other = fs.lstatSync(path.join(dir, 'top.txt'));
    const stamps = placedStamps(dir, files, new Map([['a/b/page.html', other]]))!;
    expect(stamps.find((s) => s[0] === 'a/b/page.html')!.slice(1)).toEqual(stamps.find((s) => s[0] === 'top.txt')!.slice(1));
  });

  it('stamp placed files with their folders, and hold until one is edited, replaced or removed, or a folder gains an entry', () => {
    const dir = tree();
    const stamps = placedStamps(dir, ['a/b/page.html', 'top.txt'])!;
    expect(stamps.map((s) => `${s[0]}:${s[1]}`).sort()).toEqual(['.:d', 'a/b/page.html:f', 'a/b:d', 'a:d', 'top.txt:f']);
    expect(placedStamps(dir, ['nope.html'])).toBeUndefined();
    const changes: (() => void)[] = [
      () => fs.writeFileSync(path.join(dir, 'a', 'b', 'page.html'), 'PAGE'),
      () => (fs.rmSync(path.join(dir, 'top.txt')), fs.writeFileSync(path.join(dir, 'top.txt'), 'top')),
      () => fs.writeFileSync(path.join(dir, 'a', 'stray.txt'), 'stray'),
      () => fs.rmSync(path.join(dir, 'a', 'z.txt')),
    ];
    for (const change of changes) {
      age(dir);
      const before: Stamp[] = placedStamps(dir, ['a/b/page.html', 'top.txt'])!;
      expect(stampsHold(dir, before)).toBe(true);
      change();
      expect(stampsHold(dir, before)).toBe(false);
    }
  });

  it('give a wider racy margin where mtimes and ctimes are whole seconds', () => {
    expect(racyMs([['a', 'f', 1, 1, 1_700_000_000_000], ['b', 'f', 2, 1, 1_700_000_001_000]])).toBe(2000);
    expect(racyMs([['a', 'f', 1, 1, 1_700_000_000_000], ['b', 'f', 2, 1, 1_700_000_000_123.5]])).toBe(100);
    expect(racyMs([['a', 'f', 1, 1, 1_700_000_000_000, 1_700_000_000_000]])).toBe(2000);
    expect(racyMs([['a', 'f', 1, 1, 1_700_000_000_000, 1_700_000_000_007.25]])).toBe(100);
  });

  it('call a file racy when its mtime or ctime is within the margin before its stat, or after it', () => {
    const at = 1_700_000_010_000;
    expect(racyStat({ mtimeMs: at - 1000, ctimeMs: at - 1000 }, at)).toBe(true);
    expect(racyStat({ mtimeMs: at - 3000, ctimeMs: at - 3000 }, at)).toBe(false);
    expect(racyStat({ mtimeMs: at - 3000.5, ctimeMs: at - 3000.5 }, at)).toBe(false);
    expect(racyStat({ mtimeMs: at - 99.5, ctimeMs: at - 99.5 }, at)).toBe(true);
    expect(racyStat({ mtimeMs: at - 3_600_000.5, ctimeMs: at - 50.5 }, at)).toBe(true);
    expect(racyStat({ mtimeMs: at + 5000.5, ctimeMs: at + 5000.5 }, at)).toBe(true);
  });
});

describe('the last-build record', () => {
  it('gives the recorded report back while everything holds, and nothing (never an error) for a damaged record', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-last-'));
    fs.mkdirSync(path.join(root, 'content'));
    fs.writeFileSync(path.join(root, 'content', 'site.json'), '{}');
    fs.mkdirSync(path.join(root, 'out', 'a'), { recursive: true });
    fs.writeFileSync(path.join(root, 'out', 'a', 'index.html'), 'page');
    const past = new Date(Date.now() - 3_600_000);
    fs.utimesSync(path.join(root, 'content', 'site.json'), past, past);
    const opts = resolveOptions({ root });
    // An input whose ctime is within the racy margin (its mtime set back just now) makes no record.
    new LastBuild(opts).record(placedStamps(path.join(root, 'out'), ['a/index.html']), { summary: {}, warnings: [], routes: [], pages: { rendered: 0, reused: 0, packed: 0 } } as unknown as BuildReport);
    expect(fs.existsSync(recordFile(root, path.join(root, 'out')))).toBe(false);
    await pastRacyMargin();
    const summary = { pages: { total: 1, rendered: 1, reused: 0 }, warnings: [], stagesMs: {}, wallMs: 1, kinds: [], largest: [], out: { files: 1, bytes: 4 } };
    const report: BuildReport = { summary, warnings: [{ message: 'a warning', severity: 'warning' }], routes: [['/a/', 'a/index.html']], pages: { rendered: 1, reused: 0, packed: 0 } };
    const out = () => placedStamps(path.join(root, 'out'), ['a/index.html']);
    new LastBuild(opts).record(out(), report);
    expect(new LastBuild(opts).unchanged()).toEqual(report);
    const file = recordFile(root, path.join(root, 'out'));
    // Two lines: what every build compares first (key, input stamps), then out/'s stamps and the report.
    const [head, tail] = fs.readFileSync(file, 'utf8').split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(head!).sort()).toEqual(['format', 'inputs', 'key']);
    const r = tail!.report as BuildReport;
    const damages = [{ inputs: 5 }, { out: [[1]] }, { out: 'x' }, { report: null }, { report: { ...r, summary: null } }, { report: { ...r, summary: {} } }, { report: { ...r, warnings: [null] } }, { report: { ...r, routes: [5] } }, { format: 0 }, { key: 'another' }];
    for (const damage of damages) {
      const [h, t] = [{ ...head }, { ...tail }];
      for (const [k, v] of Object.entries(damage)) (k in head! ? h : t)[k] = v;
      fs.writeFileSync(file, `${JSON.stringify(h)}\n${JSON.stringify(t)}`);
      expect(new LastBuild(opts).unchanged(), JSON.stringify(damage)).toBeUndefined();
    }
    for (const cut of ['{"format":2,', `${JSON.stringify(head)}\n{"out":`, JSON.stringify(head), JSON.stringify({ ...head, ...tail })]) {
      fs.writeFileSync(file, cut);
      expect(new LastBuild(opts).unchanged(), cut.slice(-20)).toBeUndefined();
    }

    // Where mtimes are whole seconds, an out/ file written in the last two seconds makes no record.
    fs.rmSync(file);
    const now = Math.floor(Date.now() / 1000) * 1000;
    const coarse = (t: number) => out()!.map((x): Stamp => [x[0], x[1], x[2], x[3], t]);
    new LastBuild(opts).record(coarse(now), report);
    expect(fs.existsSync(file)).toBe(false);
    new LastBuild(opts).record(coarse(now - 3_600_000), report);
    expect(fs.existsSync(file)).toBe(true);
  });

  it('is neither read nor written when content/ holds a loop of links', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-last-'));
    fs.mkdirSync(path.join(root, 'content'));
    fs.mkdirSync(path.join(root, 'out'));
    fs.symlinkSync('loop-b', path.join(root, 'content', 'loop-a'));
    fs.symlinkSync('loop-a', path.join(root, 'content', 'loop-b'));
    expect(() => treeStamps(path.join(root, 'content'))).toThrow();
    const last = new LastBuild(resolveOptions({ root }));
    expect(last.inputStats()).toBeUndefined();
    last.record(placedStamps(path.join(root, 'out'), []), { summary: {}, warnings: [], routes: [], pages: { rendered: 0, reused: 0, packed: 0 } } as unknown as BuildReport);
    expect(fs.existsSync(recordFile(root, path.join(root, 'out')))).toBe(false);
    expect(last.unchanged()).toBeUndefined();
  });

  it('walks a folder reached again through a link once', () => {
    const dir = tree();
    fs.symlinkSync('..', path.join(dir, 'a', 'up'));
    expect(treeStamps(dir).map((s) => s[0])).toEqual(['a/b/page.html', 'a/z.txt', 'top.txt']);
  });
});
