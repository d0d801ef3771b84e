/**
 * Shiki only where code is highlighted: a build's main thread that renders Markdown without highlighting any code
 * (a body without code, or one whose code comes from the block cache) loads none of Shiki's packages, and loads
 * them once a block needs them. Modules are seen by a loader hook in the real CLI's process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeProject } from '../helpers/project.js';

const hooks = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-loads-'));
afterAll(() => fs.rmSync(hooks, { recursive: true, force: true }));
fs.writeFileSync(path.join(hooks, 'hooks.mjs'), `import fs from 'node:fs';
export async function load(url, context, next) {
  fs.appendFileSync(process.env.REACTSITE_TEST_LOADS, url + '\\n');
  return next(url, context);
}
`);
fs.writeFileSync(path.join(hooks, 'register.mjs'), `import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';
if (isMainThread) register(${JSON.stringify(pathToFileURL(path.join(hooks, 'hooks.mjs')).href)});
`);

/** Builds `root` on one thread and returns the modules its process loaded. */
async function buildLoading(root: string): Promise<string[]> {
  const list = path.join(hooks, `loads-${Date.now()}-${Math.random()}.txt`);
  fs.writeFileSync(list, '');
  const r = await runCli(['build', '--root', root, '--threads', '1'], { env: { NODE_OPTIONS: `--import=${pathToFileURL(path.join(hooks, 'register.mjs')).href}`, REACTSITE_TEST_LOADS: list } });
  expect(r.code, r.output).toBe(0);
  return fs.readFileSync(list, 'utf8').split('\n').filter(Boolean);
}

/** Shiki's packages among `urls` (its list of bundled languages aside: body facts read their names). */
const shikiOf = (urls: string[]) => urls.filter((u) => /\/node_modules\/(shiki|@shikijs)\//.test(u) && !u.endsWith('/shiki/dist/langs.mjs'));

describe('Shiki only where code is highlighted', () => {
  it('is not loaded to render bodies whose code is cached or absent, and is loaded for new code', async () => {
    const root = makeProject();
    const tutorials = path.join(root, 'content', 'tutorials');
    const cold = await buildLoading(root);
    // The hook sees the highlighter when a build highlights (alpha has a jsx and a bash block).
    expect(cold.some((u) => u.includes('/@shikijs/engine-oniguruma/'))).toBe(true);

    // A body without code, and one whose code comes from the block cache: rendered, with no Shiki.
    fs.appendFileSync(path.join(tutorials, 'beta.md'), '\nBeta grew.\n');
    fs.appendFileSync(path.join(tutorials, 'alpha.md'), '\nAlpha grew, its code did not.\n');
    const prose = await buildLoading(root);
    expect(prose.some((u) => /\/render-markdown[^/]*\.js$/.test(u))).toBe(true);
    expect(shikiOf(prose)).toEqual([]);
    const alpha = fs.readFileSync(path.join(root, 'out', 'tutorial', 'react-alpha', 'index.html'), 'utf8');
    expect(alpha).toContain('Alpha grew, its code did not.');
    expect(alpha).toMatch(/<span class="[^"]+">Hello<\/span>/);

    // New code with Shiki's diff notation: highlighted, and marked by the notation's transformer.
    const text = fs.readFileSync(path.join(tutorials, 'alpha.md'), 'utf8');
    fs.writeFileSync(path.join(tutorials, 'alpha.md'), text.replace('  return <p>Hello from alpha</p>;', '  const added = 1; // [!code ++]\n  return <p>Hello from alpha</p>;'));
    const code = await buildLoading(root);
    expect(shikiOf(code).some((u) => u.includes('/@shikijs/core/'))).toBe(true);
    expect(shikiOf(code).some((u) => u.includes('/@shikijs/transformers/'))).toBe(true);
    const marked = fs.readFileSync(path.join(root, 'out', 'tutorial', 'react-alpha', 'index.html'), 'utf8');
    expect(marked).toMatch(/class="[^"]*\bdiff add\b/);
    expect(marked).not.toContain('[!code ++]');
  }, 120_000);
});
