import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../helpers/cli.js';
import { editJson, makeProject, REPO, snapshotDir } from '../helpers/project.js';

/** The basic fixture with ten more tutorials: enough pages (8) for a build to hand some to worker threads. */
function projectOfThirteen(): string {
  const beta = fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'basic', 'content', 'tutorials', 'beta.md'), 'utf8');
  const more = Array.from({ length: 10 }, (_, i) => `extra-${i}`);
  const files: Record<string, string> = {
    'content/registry.json': editJson('content/registry.json', (v: Record<string, unknown>[]) => {
      const beta = v.find((t) => t.id === 'beta')!;
      for (const id of more) v.push({ ...beta, id, slug: `react-${id}`, name: `Extra ${id}`, title: `Extra ${id}: one more article`, publishDate: undefined });
    }),
  };
  for (const id of more) files[`content/tutorials/${id}.md`] = beta;
  return makeProject(files);
}

const statsOf = (r: CliRun) => (JSON.parse(/timings: (.*)/.exec(r.stdout)![1]!) as { threads: { pages: { main: number; workers: number }; rested: number } }).threads;
const threadsOf = (r: CliRun) => statsOf(r).pages;

describe('build --threads', () => {
  it('renders on the main thread alone with 1, on workers too with more, and the bytes are the same', async () => {
    const root = projectOfThirteen();
    const one = await runCli(['build', '--root', root, '--out', 'out-one', '--no-cache', '--threads', '1'], { env: { REACTSITE_TIMINGS: '1' } });
    const two = await runCli(['build', '--root', root, '--out', 'out-two', '--no-cache', '--threads', '2'], { env: { REACTSITE_TIMINGS: '1' } });
    expect([one.code, two.code], one.output + two.output).toEqual([0, 0]);
    expect(threadsOf(one)).toEqual({ main: 13, workers: 0 });
    // Asked for, a worker starts on any machine with the memory for it, one core included.
    expect(threadsOf(two).workers).toBeGreaterThan(0);
    expect(threadsOf(two).main + threadsOf(two).workers).toBe(13);
    // Their page run done, the workers are stopped (their memory given back) before the gate, not at the exit.
    expect(statsOf(two).rested).toBe(1);
    expect(statsOf(one).rested).toBe(0);
    expect(snapshotDir(path.join(root, 'out-two'))).toEqual(snapshotDir(path.join(root, 'out-one')));
  });

  it('refuses a number that is not a whole one of at least 1, naming the flag (exit 2)', async () => {
    const root = makeProject();
    const run = await runCli(['build', '--root', root, '--threads', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--threads "0" is not a whole number');
    expect(fs.existsSync(path.join(root, 'out'))).toBe(false);
  });
});
