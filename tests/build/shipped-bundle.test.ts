import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleKey } from '../../src/generator/bundle/bundle-cache.js';
import { runCli } from '../helpers/cli.js';
import { editedSite, listFiles, makeProject, REPO } from '../helpers/project.js';

const shipped = path.join(REPO, 'dist', 'site-bundle');

describe('site bundles shipped with reactsite', () => {
  it('are made when reactsite is built, for the site sources as they are', () => {
    const entry = JSON.parse(fs.readFileSync(path.join(shipped, 'entry.json'), 'utf8')) as { key: string; files: Record<string, string> };
    expect(entry.key).toBe(bundleKey());
    expect(Object.keys(entry.files).some((f) => /^assets\/site-\w+\.css$/.test(f))).toBe(true);
  });

  it('serve a project’s first build: nothing is bundled, and out/ gets exactly their assets', async () => {
    const root = makeProject();
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    expect(fs.existsSync(path.join(root, '.cache', 'reactsite', 'bundle'))).toBe(false);
    const assets = (dir: string) => new Map(listFiles(path.join(dir, 'assets')).filter((f) => /\.(js|css)$/.test(f)).map((f) => [f, fs.readFileSync(path.join(dir, 'assets', f), 'utf8')]));
    expect(assets(path.join(root, 'out'))).toEqual(assets(path.join(shipped, 'files')));
  });

  it('are not used for edited site sources: those are bundled by the build and cached in the project', async () => {
    const root = makeProject();
    const run = await runCli(['build', '--root', root], { env: { REACTSITE_SITE_DIR: editedSite() } });
    expect(run.code, run.output).toBe(0);
    expect(fs.existsSync(path.join(root, '.cache', 'reactsite', 'bundle', 'entry.json'))).toBe(true);
  });
});
