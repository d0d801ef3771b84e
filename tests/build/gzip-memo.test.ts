/**
 * The summary's gzip sizes, remembered between builds by a hash of the bytes: the same bytes take the size
 * recorded, other bytes are measured, and a memo of another zlib, or none with `--no-cache`, measures them all.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GzipMemo, gzipSize } from '../../src/generator/report/gzip-memo.js';
import { runCli } from '../helpers/cli.js';
import { makeProject } from '../helpers/project.js';

const page = Buffer.from('<!doctype html><title>x</title>'.repeat(200));
const other = Buffer.from('<p>another page</p>'.repeat(300));

describe('the gzip sizes a summary remembers', () => {
  it('gives the size recorded for the same bytes, and measures others', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-gzip-')), 'report', 'gzip-sizes.json');
    const first = new GzipMemo(file);
    expect(first.size(page)).toBe(zlib.gzipSync(page, { level: 9 }).length);
    first.save();
    // A forged size is believed while the bytes are the same; other bytes are measured and recorded.
    const memo = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const key of Object.keys(memo.sizes)) memo.sizes[key] = 7;
    fs.writeFileSync(file, JSON.stringify(memo));
    const second = new GzipMemo(file);
    expect(second.size(page)).toBe(7);
    expect(second.size(other)).toBe(gzipSize(other));
    second.save();
    expect(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).sizes)).toHaveLength(2);
    // Another zlib may compress the same bytes otherwise: its memo is not believed.
    fs.writeFileSync(file, JSON.stringify({ ...memo, zlib: 'another zlib' }));
    expect(new GzipMemo(file).size(page)).toBe(gzipSize(page));
    // Without a file (--no-cache) nothing is read or written.
    const none = new GzipMemo();
    expect(none.size(page)).toBe(gzipSize(page));
    none.save();
  });

  it("serves a build's summary, and --no-cache measures every size", async () => {
    const root = makeProject();
    const memoFile = path.join(root, '.cache', 'reactsite', 'report', 'gzip-sizes.json');
    const summary = async (...args: string[]) => {
      const r = await runCli(['build', '--root', root, '--json', ...args]);
      expect(r.code, r.output).toBe(0);
      return JSON.parse(r.stdout) as { kinds: { kind: string; html: { gzip: number } }[] };
    };
    const first = await summary();
    const landing = first.kinds.find((k) => k.kind === 'landing')!.html.gzip;
    expect(landing).toBeGreaterThan(100);
    const memo = JSON.parse(fs.readFileSync(memoFile, 'utf8'));
    for (const key of Object.keys(memo.sizes)) memo.sizes[key] = 7;
    fs.writeFileSync(memoFile, JSON.stringify(memo));
    // A body's edit makes the next build run; the landing page's bytes are the same, so its size is the memo's.
    fs.appendFileSync(path.join(root, 'content', 'tutorials', 'beta.md'), '\nBeta grew.\n');
    expect((await summary()).kinds.find((k) => k.kind === 'landing')!.html.gzip).toBe(7);
    fs.appendFileSync(path.join(root, 'content', 'tutorials', 'beta.md'), '\nBeta grew again.\n');
    expect((await summary('--no-cache')).kinds.find((k) => k.kind === 'landing')!.html.gzip).toBe(landing);
  }, 60_000);
});
