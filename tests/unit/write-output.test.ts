import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReactsiteError } from '../../src/generator/errors.js';
import { writeOutput } from '../../src/generator/write-output.js';
import { listFiles, snapshotDir } from '../helpers/project.js';

function previousOut(): { dir: string; out: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-write-'));
  const out = path.join(dir, 'out');
  fs.mkdirSync(path.join(out, 'tutorial'), { recursive: true });
  fs.writeFileSync(path.join(out, 'index.html'), '<p>previous</p>');
  fs.writeFileSync(path.join(out, 'tutorial', 'a.html'), Buffer.from([0, 1, 2, 255]));
  return { dir, out };
}

describe('writeOutput failures are problems, and the previous out/ survives them', () => {
  it('turns a failure half-way through the write into a located problem with a hint', async () => {
    const { dir, out } = previousOut();
    const before = snapshotDir(out);
    // "page" is both a file and the folder of "page/index.html": the second write fails with EISDIR or ENOTDIR.
    const files = new Map<string, string>([['index.html', 'new'], ['page/index.html', 'x'], ['page', 'y']]);
    const error = await writeOutput(out, files, undefined).then(() => undefined, (e: unknown) => e);
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
    const error = await writeOutput(path.join(dir, 'notes.txt', 'out'), new Map([['index.html', 'x']]), undefined).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ReactsiteError);
    expect((error as ReactsiteError).problems[0]).toMatchObject({ field: '--out', file: path.join(dir, 'notes.txt') });
    expect((error as ReactsiteError).problems[0]!.hint).toMatch(/is a file, not a folder/);
    expect(listFiles(dir)).toEqual(['notes.txt', 'out/index.html', 'out/tutorial/a.html']);
  });
});
