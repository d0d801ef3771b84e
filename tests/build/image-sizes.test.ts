/**
 * A build gives the site images of a body their size, and keeps it true: an image replaced by one of another size
 * renders again the pages that show it (and only those), as a cold build would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeProject, REPO } from '../helpers/project.js';

const build = async (root: string, ...args: string[]) => {
  const run = await runCli(['build', '--root', root, '--json', ...args]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout).pages as { rendered: number; reused: number };
};
const imgs = (root: string, page: string) => fs.readFileSync(path.join(root, 'out', page, 'index.html'), 'utf8').match(/<img src="\/images\/[^>]*>/g);

describe('the size of site images', () => {
  it('is on each image of a body, and follows an image that changed size', async () => {
    const alpha = fs.readFileSync(path.join(REPO, 'tests/fixtures/basic/content/tutorials/alpha.md'), 'utf8');
    const root = makeProject({
      'content/tutorials/alpha.md': `${alpha}\n![A chart of renders](/images/chart.png)\n\n![The logo][logo]\n\n[logo]: /images/logo.svg\n`,
      'public/images/chart.png': fs.readFileSync(path.join(REPO, 'public/images/social.png')),
    });
    await build(root);
    expect(imgs(root, 'tutorial/react-alpha')).toEqual([
      '<img src="/images/chart.png" alt="A chart of renders" loading="lazy" decoding="async" width="1200" height="630"/>',
      '<img src="/images/logo.svg" alt="The logo" loading="lazy" decoding="async" width="220" height="40"/>',
    ]);

    // Replaced by a picture of another size: the page that shows it is rendered again, no other.
    fs.copyFileSync(path.join(REPO, 'public/icon-192.png'), path.join(root, 'public/images/chart.png'));
    expect(await build(root)).toMatchObject({ rendered: 1 });
    expect(imgs(root, 'tutorial/react-alpha')?.[0]).toContain('width="192" height="192"');
    // As a cold build of the same files writes it.
    const warm = fs.readFileSync(path.join(root, 'out/tutorial/react-alpha/index.html'), 'utf8');
    await build(root, '--no-cache');
    expect(fs.readFileSync(path.join(root, 'out/tutorial/react-alpha/index.html'), 'utf8')).toBe(warm);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
