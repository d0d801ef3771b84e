/**
 * A body's front matter shows on its page (the FAQ section and its JSON-LD, the updated date), though its Markdown
 * key covers only the text below it: a warm build must render the page again when only the front matter changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeProject } from '../helpers/project.js';

const build = async (root: string, ...flags: string[]) => {
  const run = await runCli(['build', '--root', root, '--json', ...flags]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout).pages as { rendered: number; reused: number };
};

describe('a warm build after a front-matter edit', () => {
  it.each([
    ['an FAQ answer', (t: string) => t.replace('answer: "Copying code."', 'answer: "Copying code with care."'), 'Copying code with care.'],
    ['an FAQ question', (t: string) => t.replace('"What does alpha teach?"', '"What does alpha show?"'), 'What does alpha show?'],
    ['the updated date', (t: string) => t.replace('updated: 2026-03-01', 'updated: 2026-04-15'), '2026-04-15'],
  ])('renders the page again when %s changed, with the bytes of a cold build', async (_what, edit, shown) => {
    const root = makeProject();
    const body = path.join(root, 'content', 'tutorials', 'alpha.md');
    const page = path.join(root, 'out', 'tutorial', 'react-alpha', 'index.html');
    await build(root);
    const text = fs.readFileSync(body, 'utf8');
    const edited = edit(text);
    expect(edited).not.toBe(text);
    fs.writeFileSync(body, edited);

    expect(await build(root)).toMatchObject({ rendered: 1 });
    const warm = fs.readFileSync(page, 'utf8');
    expect(warm).toContain(shown);
    await build(root, '--no-cache');
    expect(fs.readFileSync(page, 'utf8')).toBe(warm);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
