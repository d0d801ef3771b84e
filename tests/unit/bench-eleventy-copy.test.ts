/**
 * The bench's Eleventy copies of a project's tutorials (scripts/bench-eleventy.mjs): one per project path, made
 * again when a body or the registry changed, kept otherwise, so that Eleventy is never timed on content other than
 * the project's. No Eleventy is installed or run here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eleventyProject } from '../../scripts/bench-eleventy.mjs';
import { generateCorpus } from '../../scripts/corpus.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-eleventy-copy-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const scratch = path.join(tmp, 'scratch');

/** The copied body of the project's first tutorial. */
function firstCopy(dir: string, root: string): string {
  const [first] = JSON.parse(fs.readFileSync(path.join(root, 'content', 'registry.json'), 'utf8')) as { id: string }[];
  return fs.readFileSync(path.join(dir, 'src', `${first!.id}.md`), 'utf8');
}

describe('the bench’s Eleventy copies', () => {
  it('are one per project path, made again when a body changes and kept when nothing did', () => {
    const a = path.join(tmp, 'a', 'site');
    const b = path.join(tmp, 'b', 'site');
    generateCorpus({ n: 3, kind: 'plain', seed: 3, out: a });
    generateCorpus({ n: 3, kind: 'docs', seed: 4, out: b });
    const dirA = eleventyProject(a, scratch);
    const dirB = eleventyProject(b, scratch);
    // Two projects with the same folder name get copies of their own.
    expect(dirB).not.toBe(dirA);
    expect(firstCopy(dirB, b)).not.toBe(firstCopy(dirA, a));

    // Nothing changed: the same copy, not written again.
    fs.writeFileSync(path.join(dirA, 'kept'), '');
    expect(eleventyProject(a, scratch)).toBe(dirA);
    expect(fs.existsSync(path.join(dirA, 'kept'))).toBe(true);

    // A body changed: the copy holds the new text.
    const [first] = JSON.parse(fs.readFileSync(path.join(a, 'content', 'registry.json'), 'utf8')) as { id: string }[];
    fs.appendFileSync(path.join(a, 'content', 'tutorials', `${first!.id}.md`), '\nA paragraph added after the copy was made.\n');
    expect(eleventyProject(a, scratch)).toBe(dirA);
    expect(firstCopy(dirA, a)).toContain('A paragraph added after the copy was made.');
  });
});
