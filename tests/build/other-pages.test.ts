/**
 * The pages other than tutorials are kept for the next build (`.cache/reactsite/other/`): taken as they were while
 * everything they show is unchanged, rendered again when a static page's text or the site's name changes, and
 * always the bytes of a clean build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeProject, snapshotDir } from '../helpers/project.js';

describe('pages other than tutorials', () => {
  it('are kept while what they show is unchanged, and made again when it changes', async () => {
    const root = makeProject();
    const env = { SOURCE_DATE_EPOCH: '1764000000' };
    const build = async (...args: string[]) => expect((await runCli(['build', '--root', root, ...args], { env })).code).toBe(0);
    const same = async () => {
      await build('--out', 'clean', '--no-cache');
      expect(snapshotDir(path.join(root, 'out'))).toEqual(snapshotDir(path.join(root, 'clean')));
    };
    await build();
    const kept = path.join(root, '.cache', 'reactsite', 'other', 'pages.json');
    const files = Object.keys((JSON.parse(fs.readFileSync(kept, 'utf8')) as { pages: Record<string, unknown> }).pages);
    expect(files).toEqual(expect.arrayContaining(['index.html', 'about/index.html', '404.html', 'tutorial/index.html']));
    expect(files.some((f) => f.startsWith('tutorial/react-'))).toBe(false);
    await build();
    await same();
    // A static page's text: that page is made again.
    const about = path.join(root, 'content', 'pages', 'about.md');
    fs.writeFileSync(about, fs.readFileSync(about, 'utf8').replace('Write to us', 'Write to me'));
    await build();
    expect(fs.readFileSync(path.join(root, 'out', 'about', 'index.html'), 'utf8')).toContain('Write to me');
    await same();
    // The site's name (in every page's header): the landing page too.
    const site = path.join(root, 'content', 'site.json');
    fs.writeFileSync(site, fs.readFileSync(site, 'utf8').replace('"Fixture Hub"', '"Fixture Hub Renamed"'));
    await build();
    expect(fs.readFileSync(path.join(root, 'out', 'index.html'), 'utf8')).toContain('Fixture Hub Renamed');
    await same();
  });
});
