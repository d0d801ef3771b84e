/**
 * js-yaml as the CLI bundle patches it (scripts/bundle-patches/js-yaml-no-esprima.mjs): gray-matter parses front
 * matter as the published packages do, without loading esprima.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { cliBundlePlugins, withoutEsprima } from '../../scripts/cli-bundle-plugins.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FUNCTION_TYPE = path.join(ROOT, 'node_modules', 'js-yaml', 'lib', 'js-yaml', 'type', 'js', 'function.js');

const SAMPLES = [
  '---\ntitle: One\nfaq:\n  - question: "Why?"\n    answer: Because.\nupdated: 2026-01-02\n---\nBody one.\n',
  "---\nlist: [a, b, 'c']\nnested:\n  deep: { x: 1, y: [true, null] }\n---\n# Two\n",
  '---\nfn: !!js/function "function () { return 1 }"\n---\nA type safeLoad does not know.\n',
  'No front matter at all.\n',
];

/** Bundles gray-matter with `plugins`, runs it in a new process on SAMPLES, and says whether esprima was loaded. */
async function run(plugins: esbuild.Plugin[]): Promise<{ results: unknown[]; esprima: boolean }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-js-yaml-'));
  const out = path.join(dir, 'matter.mjs');
  await esbuild.build({
    stdin: { contents: "export { default } from 'gray-matter';", resolveDir: ROOT },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    plugins,
    logLevel: 'silent',
    // As the CLI bundle does: a require() beside the bundle, resolving from the repository's node_modules.
    banner: { js: `import { createRequire as __r } from 'node:module'; const require = __r(${JSON.stringify(path.join(ROOT, 'package.json'))});` },
  });
  const script = `const { default: matter } = await import(${JSON.stringify(out)});
const results = ${JSON.stringify(SAMPLES)}.map((s) => { try { const m = matter(s); return { data: m.data, content: m.content }; } catch (e) { return { error: String(e.message).split('\\n')[0] }; } });
const { createRequire } = await import('node:module');
const cache = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify({ results, esprima: cache.some((f) => f.includes('/esprima/')) }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: dir });
  fs.rmSync(dir, { recursive: true, force: true });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe("the CLI bundle's js-yaml", () => {
  it('applies to the installed js-yaml', () => {
    expect(withoutEsprima(fs.readFileSync(FUNCTION_TYPE, 'utf8'))).toBeDefined();
  });

  it('parses front matter as the published packages do, without loading esprima', async () => {
    const published = await run([]);
    const patched = await run(cliBundlePlugins);
    expect(published.esprima).toBe(true);
    expect(patched.esprima).toBe(false);
    expect(patched.results).toEqual(published.results);
    expect(patched.results[0]).toMatchObject({ data: { title: 'One', faq: [{ question: 'Why?', answer: 'Because.' }] } });
    expect(patched.results[2]).toHaveProperty('error');
  }, 60_000);
});
