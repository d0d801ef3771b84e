import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeProject } from '../helpers/project.js';

const broken = 'Beta has no front matter.\n\n## Events\n\nSee [missing](/tutorial/nope/), [a bad anchor](#nowhere) and [a good one](/tutorial/react-alpha/#code).\n';

describe('the integrity gate in build and check', () => {
  it('fails the build on broken links and anchors, naming page, file and line, and writes nothing', async () => {
    const root = makeProject({ 'content/tutorials/beta.md': broken });
    const run = await runCli(['build', '--root', root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error content/tutorials/beta.md:5\n  broken link on /tutorial/react-beta/: /tutorial/nope/');
    expect(run.stderr).toContain('error content/tutorials/beta.md:5\n  broken anchor on /tutorial/react-beta/: #nowhere');
    expect(run.stderr).not.toContain('#code');
    expect(fs.existsSync(path.join(root, 'out'))).toBe(false);
    // check reads the same from each page it renders (bodies on this thread, or arriving from the workers).
    for (const workers of ['0', 'force']) {
      const check = await runCli(['check', '--root', root], { env: { REACTSITE_WORKERS: workers } });
      expect(check.code).toBe(1);
      expect(check.stderr).toContain('error content/tutorials/beta.md:5\n  broken link on /tutorial/react-beta/: /tutorial/nope/');
      expect(check.stderr).toContain('error content/tutorials/beta.md:5\n  broken anchor on /tutorial/react-beta/: #nowhere');
    }
  });
  it('gives an unchanged build its last verdict, and checks again when anything it read changed (a public file gone)', async () => {
    const root = makeProject({ 'content/tutorials/beta.md': 'Beta links [an image](/images/ad.webp).\n' });
    for (let i = 0; i < 2; i++) expect((await runCli(['build', '--root', root])).code).toBe(0);
    expect(fs.existsSync(path.join(root, '.cache', 'reactsite', 'gate', 'verdict.json'))).toBe(true);
    fs.rmSync(path.join(root, 'public', 'images', 'ad.webp'));
    const run = await runCli(['build', '--root', root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('/images/ad.webp');
  });
  it('checks again the pages that changed, and every page when a changed page lost an id another page links to', async () => {
    const root = makeProject({ 'content/tutorials/beta.md': 'Beta links to [the code](/tutorial/react-alpha/#code).\n' });
    const alpha = path.join(root, 'content', 'tutorials', 'alpha.md');
    const beta = path.join(root, 'content', 'tutorials', 'beta.md');
    const text = fs.readFileSync(alpha, 'utf8');
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    // Alpha's text changes, its ids do not: beta's verdict stands.
    fs.writeFileSync(alpha, text.replace('Alpha has code.', 'Alpha has some code.'));
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    // Beta gets a broken link: found on the changed page.
    fs.appendFileSync(beta, '\nAnd [nothing](/tutorial/nope/).\n');
    const bad = await runCli(['build', '--root', root]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('error content/tutorials/beta.md:3\n  broken link on /tutorial/react-beta/: /tutorial/nope/');
    fs.writeFileSync(beta, 'Beta links to [the code](/tutorial/react-alpha/#code).\n');
    expect((await runCli(['build', '--root', root])).code).toBe(0);
    // Alpha's heading is renamed: only beta, unchanged, links to the id it lost.
    fs.writeFileSync(alpha, text.replace('## Code', '## Source'));
    const lost = await runCli(['build', '--root', root]);
    expect(lost.code).toBe(1);
    expect(lost.stderr).toContain('error content/tutorials/beta.md:1\n  broken anchor on /tutorial/react-beta/: /tutorial/react-alpha/#code');
  });
  it('builds with warnings when --broken-links warn is given', async () => {
    const root = makeProject({ 'content/tutorials/beta.md': broken });
    const run = await runCli(['build', '--root', root, '--broken-links', 'warn']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('warning content/tutorials/beta.md:5');
    expect(run.stdout).toContain(' · 2 warnings)');
    expect(run.stdout).toMatch(/warnings 1× broken link on .*; 1× broken anchor on /);
  });
});
