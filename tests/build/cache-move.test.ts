/**
 * A cache made in one checkout serves a build in another: .cache/reactsite/ restored from a tar archive (as CI
 * caches restore it: whole-second mtimes) into a project at another path, beside a fresh copy of the content,
 * reuses every stored page and writes the same out/.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeProject } from '../helpers/project.js';

/** Every file under `dir` with its bytes, by relative path. */
function tree(dir: string): Map<string, string> {
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(files.map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), fs.readFileSync(path.join(e.parentPath, e.name), 'base64')]));
}

describe('the build cache', () => {
  it('made in one checkout path, serves a build in another after a tar round trip', async () => {
    const first = makeProject();
    const built = await runCli(['build', '--root', first, '--json']);
    expect(built.code).toBe(0);
    const tutorials = JSON.parse(built.stdout).pages.rendered as number;
    expect(tutorials).toBeGreaterThan(0);

    // A second checkout: the sources as git would write them (new mtimes), the cache from an archive.
    const second = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-checkout-'));
    fs.cpSync(path.join(first, 'content'), path.join(second, 'content'), { recursive: true });
    fs.cpSync(path.join(first, 'public'), path.join(second, 'public'), { recursive: true });
    const archive = path.join(second, '..', `${path.basename(second)}.tar`);
    // Without the trash, as the README's CI recipe: scratch space (a replaced out/, or the folders made for the next
    // build), which a restored checkout never needs, and which a detached process of the build may still be deleting.
    execFileSync('tar', ['--format=gnu', '-cf', archive, '--exclude=.cache/reactsite/trash', '-C', first, '.cache']);
    execFileSync('tar', ['-xf', archive, '-C', second]);
    fs.rmSync(archive);

    const again = await runCli(['build', '--root', second, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).pages).toMatchObject({ rendered: 0, reused: tutorials });
    expect(tree(path.join(second, 'out'))).toEqual(tree(path.join(first, 'out')));
    for (const dir of [first, second]) fs.rmSync(dir, { recursive: true, force: true });
  });
});
