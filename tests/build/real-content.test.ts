import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { REPO } from '../helpers/project.js';

describe('the real site content', () => {
  it('passes reactsite check with no error and no warning (Markdown on worker threads)', async () => {
    // A copy without a Markdown cache: with a warm cache no body would reach a worker.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-real-'));
    for (const dir of ['content', 'public']) fs.cpSync(path.join(REPO, dir), path.join(root, dir), { recursive: true });
    const run = await runCli(['check', '--root', root], { env: { REACTSITE_WORKERS: 'force', REACTSITE_TIMINGS: '1' } });
    // Nothing on stderr but, on a slow machine, progress lines ("… stage · time", printed every 5 s in a pipe).
    expect(run.stderr.split('\n').filter((l) => l.trim() && !l.startsWith('… '))).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('no errors, no warnings');
    const { markdown } = (JSON.parse(/timings: (.*)/.exec(run.stdout)![1]!) as { threads: { markdown: { main: number; workers: number } } }).threads;
    expect(markdown.workers).toBeGreaterThan(0);
    expect(markdown.main + markdown.workers).toBe(fs.readdirSync(path.join(root, 'content', 'tutorials')).length + fs.readdirSync(path.join(root, 'content', 'pages')).length);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('registers every slug of the spec, in the reading order of the content issue, each with a body', () => {
    const registry = JSON.parse(fs.readFileSync(path.join(REPO, 'content', 'registry.json'), 'utf8')) as { id: string; slug: string; category: string; isIntro?: boolean; teaches: string[] }[];
    const order = 'react-intro react-installation react-es6 react-jsx react-rendering react-reverse-rendering react-conditional-rendering react-rendering-list-and-key react-virtual-dom react-component react-functional-vs-classcomponent react-component-composition composition-vs-inheritance react-props react-state react-props-vs-state react-events react-onclick react-onchange react-onsubmit react-keydown react-keyup react-mouseenter react-router react-memo react-referencing-values-with-use-ref react-refs-vs-state manipulating-dom-with-refs react-state-management react-hooks react-usestate-hook react-useeffect react-lifecycle-of-useeffect react-useref react-usereducer react-usecallback react-usememo react-context react-custom-hooks react-hooks-best-practices react-css-styling react-with-tailwind-css virendana-ui'.split(' ');
    expect(registry.map((t) => t.slug)).toEqual(order);
    expect(registry.filter((t) => t.isIntro).map((t) => t.slug)).toEqual(['react-intro']);
    for (const t of registry) {
      expect(fs.existsSync(path.join(REPO, 'content', 'tutorials', `${t.id}.md`)), t.id).toBe(true);
      expect(t.teaches.length, t.id).toBeLessThanOrEqual(5);
    }
    // Categories are contiguous runs of the reading order.
    const runs = registry.map((t) => t.category).filter((c, i, a) => c !== a[i - 1]);
    expect(new Set(runs).size).toBe(runs.length);
  });
});
