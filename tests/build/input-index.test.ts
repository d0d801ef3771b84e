/**
 * The input index: a warm build reads no body whose size, mtime and ctime are the indexed ones, reads again one
 * whose stat changed (and renders it again only if its text changed), and writes what a cold build writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeProject } from '../helpers/project.js';
import { mtimeNs, pastRacyMargin, putMtimeBack } from '../helpers/file-times.js';

const pagesOf = async (root: string) => {
  const run = await runCli(['build', '--root', root, '--json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout).pages as { rendered: number; reused: number };
};


describe('the input index of a build', () => {
  it('skips unchanged bodies, re-reads touched or edited ones, and renders only what really changed', async () => {
    const root = makeProject();
    const body = path.join(root, 'content', 'tutorials', 'alpha.md');
    const page = path.join(root, 'out', 'tutorial', 'react-alpha', 'index.html');
    await pastRacyMargin();
    expect((await pagesOf(root)).rendered).toBeGreaterThan(0);
    const indexFile = path.join(root, '.cache', 'reactsite', 'inputs', 'index.json');
    expect(fs.existsSync(indexFile)).toBe(true);

    // Touched (a checkout, a save without change): read again, same text, nothing rendered.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(body, later, later);
    expect(await pagesOf(root)).toMatchObject({ rendered: 0 });

    // Same size, new text, new mtime: read again and rendered again.
    const text = fs.readFileSync(body, 'utf8');
    fs.writeFileSync(body, text.replace('Alpha has code.', 'Alpha had code.'));
    await pastRacyMargin();
    expect(await pagesOf(root)).toMatchObject({ rendered: 1 });
    expect(fs.readFileSync(page, 'utf8')).toContain('Alpha had code.');

    // Same size with the indexed mtime put back (`touch -r`, a copy that keeps mtimes): its ctime tells.
    const ns = mtimeNs(body);
    fs.writeFileSync(body, fs.readFileSync(body, 'utf8').replace('Alpha had code.', 'Alpha has tests'));
    putMtimeBack(body, ns);
    expect(fs.statSync(body, { bigint: true }).mtimeNs).toBe(ns);
    await pastRacyMargin();
    expect(await pagesOf(root)).toMatchObject({ rendered: 1 });
    expect(fs.readFileSync(page, 'utf8')).toContain('Alpha has tests');

    // A body whose stat is the indexed one is not read: a forged entry is believed (another body's edit makes the build run).
    const index = JSON.parse(fs.readFileSync(indexFile, 'utf8'));
    const entry = index.files['content/tutorials/alpha.md'];
    expect(entry.faq[0].answer).toBe('Copying code.');
    entry.faq[0].answer = 'Forged in the index.';
    fs.writeFileSync(indexFile, JSON.stringify(index));
    fs.appendFileSync(path.join(root, 'content', 'tutorials', 'beta.md'), '\nBeta grew.\n');
    expect(await pagesOf(root)).toMatchObject({ rendered: 2 });
    expect(fs.readFileSync(page, 'utf8')).toContain('Forged in the index.');

    // A cold build of the same sources writes the same pages the index-served build wrote.
    fs.writeFileSync(body, text.replace('Alpha has code.', 'Alpha had code.'));
    await pagesOf(root);
    const warm = fs.readFileSync(path.join(root, 'out', 'tutorial', 'react-beta', 'index.html'), 'utf8');
    expect((await runCli(['build', '--root', root, '--no-cache'])).code).toBe(0);
    expect(fs.readFileSync(path.join(root, 'out', 'tutorial', 'react-beta', 'index.html'), 'utf8')).toBe(warm);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
