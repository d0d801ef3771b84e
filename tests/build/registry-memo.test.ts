/**
 * The registry memo: a build whose registry.json is the text the last build validated takes its entries from the
 * memo instead of validating them again; any other text is validated, and one that fails its schema is never recorded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeProject } from '../helpers/project.js';

const build = (root: string) => runCli(['build', '--root', root]);

describe('the registry memo of a build', () => {
  it('serves an unchanged registry from the memo, validates a changed one, and never records one that fails its schema', async () => {
    const root = makeProject();
    const registryFile = path.join(root, 'content', 'registry.json');
    const memoFile = path.join(root, '.cache', 'reactsite', 'inputs', 'registry.json');
    const page = path.join(root, 'out', 'tutorial', 'react-alpha', 'index.html');
    const first = await build(root);
    expect(first.code, first.output).toBe(0);
    const memo = JSON.parse(fs.readFileSync(memoFile, 'utf8'));
    expect(memo.value.map((t: { id: string }) => t.id)).toContain('alpha');
    // Defaults are filled in as validation fills them (the intro's `teaches`, alpha's `isIntro`).
    expect(memo.value.find((t: { id: string }) => t.id === 'alpha').isIntro).toBe(false);

    // The memo is what the build believes while the registry's text is the same: a forged title shows (another
    // body's edit makes the build run).
    memo.value.find((t: { id: string }) => t.id === 'alpha').title = 'Forged in the memo';
    fs.writeFileSync(memoFile, JSON.stringify(memo));
    fs.appendFileSync(path.join(root, 'content', 'tutorials', 'beta.md'), '\nBeta grew.\n');
    const forged = await build(root);
    expect(forged.code, forged.output).toBe(0);
    expect(fs.readFileSync(page, 'utf8')).toContain('Forged in the memo');

    // A memo another generator version wrote (other code, maybe another schema) is not believed.
    fs.writeFileSync(memoFile, JSON.stringify({ ...memo, versions: 'another version' }));
    fs.appendFileSync(path.join(root, 'content', 'tutorials', 'beta.md'), '\nBeta grew again.\n');
    expect((await build(root)).code).toBe(0);
    expect(fs.readFileSync(page, 'utf8')).not.toContain('Forged in the memo');
    fs.writeFileSync(memoFile, JSON.stringify(memo));

    // Another text is validated again: a misspelt field fails the build, named by file, line and fix.
    const text = fs.readFileSync(registryFile, 'utf8');
    fs.writeFileSync(registryFile, text.replace('"difficulty": "Intermediate"', '"dificulty": "Intermediate"'));
    const bad = await build(root);
    expect(bad.code).not.toBe(0);
    expect(bad.output).toMatch(/content\/registry\.json:\d+\n.*unknown field "dificulty"/);
    expect(bad.output).toContain('did you mean "difficulty"?');
    // ... and is not recorded: the memo still holds the last valid text's entries.
    expect(JSON.parse(fs.readFileSync(memoFile, 'utf8')).hash).toBe(memo.hash);

    // The valid text again (written back as it was): served from the memo, forged title and all.
    fs.writeFileSync(registryFile, text);
    expect((await build(root)).code).toBe(0);
    expect(fs.readFileSync(page, 'utf8')).toContain('Forged in the memo');

    // A real edit of the registry is validated and recorded, and shows.
    fs.writeFileSync(registryFile, text.replace('Alpha: The First Article', 'Alpha: The Edited Article'));
    expect((await build(root)).code).toBe(0);
    expect(fs.readFileSync(page, 'utf8')).toContain('Alpha: The Edited Article');
    expect(JSON.parse(fs.readFileSync(memoFile, 'utf8')).hash).not.toBe(memo.hash);
  });

  it('is neither read nor written by a build without its cache', async () => {
    const root = makeProject();
    const memoFile = path.join(root, '.cache', 'reactsite', 'inputs', 'registry.json');
    const run = await runCli(['build', '--root', root, '--no-cache']);
    expect(run.code, run.output).toBe(0);
    expect(fs.existsSync(memoFile)).toBe(false);
  });
});
