import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editJson, makeProject, REPO } from '../helpers/project.js';
import { startDev, type DevProcess } from './dev-process.js';

/** The basic fixture with 150 more tutorials, the last of which links to a page that does not exist. */
function largeProject(): string {
  const beta = fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'basic', 'content', 'tutorials', 'beta.md'), 'utf8');
  const more = Array.from({ length: 150 }, (_, i) => `extra-${String(i).padStart(3, '0')}`);
  const files: Record<string, string> = {
    'content/registry.json': editJson('content/registry.json', (v: Record<string, unknown>[]) => {
      const entry = v.find((t) => t.id === 'beta')!;
      for (const id of more) v.push({ ...entry, id, slug: `react-${id}`, name: `Extra ${id}`, title: `Extra ${id}: one more article` });
    }),
  };
  for (const id of more) files[`content/tutorials/${id}.md`] = `${beta}\n\nThe body of ${id}.\n`;
  files[`content/tutorials/${more.at(-1)}.md`] += '\nSee [missing](/tutorial/nope/).\n';
  return makeProject(files);
}

/** Starts dev, waits for its first background pass and gate, and returns the pass's thread counts and some pages. */
async function firstPass(root: string, threads: string) {
  const dev: DevProcess = await startDev(root, { args: ['--threads', threads], env: { REACTSITE_TIMINGS: '1' } });
  try {
    await dev.waitFor(/broken link on \/tutorial\/react-extra-149\/: \/tutorial\/nope\//);
    await dev.waitFor(/timings: (\{.*\})/);
    const timings = JSON.parse(/timings: (\{.*\})/.exec(dev.output())![1]!) as { threads: { markdown: { workers: number } }; markdownHere: number };
    const pages: string[] = [];
    for (const slug of ['react-extra-000', 'react-extra-075', 'react-extra-149']) pages.push((await (await fetch(`${dev.origin}/tutorial/${slug}/`)).text()).replaceAll(dev.origin, 'ORIGIN'));
    return { workers: timings.threads.markdown.workers, here: timings.markdownHere, pages };
  } finally {
    expect(await dev.stop()).toBe(0);
  }
}

describe("dev's background pass on worker threads", () => {
  it('has the workers render most bodies ahead of their pages, with the same pages and problems as one thread', async () => {
    const root = largeProject();
    const one = await firstPass(root, '1');
    fs.rmSync(path.join(root, '.cache'), { recursive: true, force: true });
    const two = await firstPass(root, '2');
    // 153 tutorials and the static pages' bodies.
    expect(one.workers).toBe(0);
    expect(one.here).toBeGreaterThanOrEqual(153);
    // The first batch is this thread's; the workers render the Markdown of batches after it, which this thread
    // then takes from them instead of parsing the bodies again.
    expect(two.workers).toBeGreaterThan(60);
    expect(two.here + two.workers).toBe(one.here);
    expect(two.pages).toEqual(one.pages);
    expect(two.pages[1]).toContain('The body of extra-075.');
  }, 120_000);
});
