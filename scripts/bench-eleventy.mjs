// The bench's yardstick: Eleventy 3 (markdown-it, with @11ty/eleventy-plugin-syntaxhighlight for code blocks)
// building the same tutorial bodies as a corpus project, timed as a whole process. Eleventy is installed on
// demand into a scratch folder (never a dependency of reactsite), once per machine.
//   node scripts/bench-eleventy.mjs DIR [--runs 3]     (DIR: a reactsite project, e.g. from scripts/corpus.mjs)
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSIONS = { '@11ty/eleventy': '^3.1.2', '@11ty/eleventy-plugin-syntaxhighlight': '^5.0.1' };
const SCRATCH = path.join(os.tmpdir(), 'reactsite-bench-eleventy');

/** Installs Eleventy into the scratch folder unless it is there; returns the path of its command. */
export function installEleventy(log = console.log) {
  const bin = path.join(SCRATCH, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  if (fs.existsSync(bin)) return bin;
  fs.mkdirSync(SCRATCH, { recursive: true });
  fs.writeFileSync(path.join(SCRATCH, 'package.json'), JSON.stringify({ name: 'reactsite-bench-eleventy', private: true, dependencies: VERSIONS }, null, 2));
  log(`  installing Eleventy into ${SCRATCH} (once)...`);
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: SCRATCH, encoding: 'utf8' });
  if (r.status !== 0 || !fs.existsSync(bin)) throw new Error(`could not install Eleventy: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}`);
  return bin;
}

const CONFIG = `const syntaxHighlight = require('@11ty/eleventy-plugin-syntaxhighlight');
module.exports = function (config) {
  config.addPlugin(syntaxHighlight);
  return { dir: { input: 'src', output: 'out', includes: '_includes' }, markdownTemplateEngine: false };
};
`;
const LAYOUT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title><meta name="description" content="{{ description }}"></head><body><main><h1>{{ title }}</h1>{{ content | safe }}</main></body></html>`;

/** What a copy of `root`'s tutorials is made from: the registry's and each body's name, size and mtime. */
function sourceStamp(root) {
  const content = path.join(root, 'content');
  const files = ['registry.json', ...fs.readdirSync(path.join(content, 'tutorials')).sort().map((name) => path.join('tutorials', name))];
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    const stat = fs.statSync(path.join(content, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/**
 * An Eleventy project of `root`'s tutorials: each body with its registry title and description in its front
 * matter, under /tutorial/<slug>/, with one layout. Written beside the scratch install, in a folder of its own per
 * project path, and written again when the registry or a body changed since (or another project was generated in
 * the same place): a copy is never timed for content it was not made from.
 */
export function eleventyProject(root, scratch = SCRATCH) {
  const where = crypto.createHash('sha256').update(path.resolve(root)).digest('hex').slice(0, 8);
  const dir = path.join(scratch, 'sites', `${path.basename(root)}-${where}`);
  const stamp = sourceStamp(root);
  const done = path.join(dir, 'done');
  if (fs.existsSync(done) && fs.readFileSync(done, 'utf8') === stamp) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'src', '_includes'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'eleventy.config.cjs'), CONFIG);
  fs.writeFileSync(path.join(dir, 'src', '_includes', 'page.njk'), LAYOUT);
  const registry = JSON.parse(fs.readFileSync(path.join(root, 'content', 'registry.json'), 'utf8'));
  for (const t of registry) {
    const file = path.join(root, 'content', 'tutorials', `${t.id}.md`);
    if (!fs.existsSync(file)) continue;
    const body = fs.readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    const front = `---\nlayout: page.njk\npermalink: /tutorial/${t.slug}/\ntitle: ${JSON.stringify(t.title)}\ndescription: ${JSON.stringify(t.description)}\n---\n`;
    fs.writeFileSync(path.join(dir, 'src', `${t.id}.md`), front + body);
  }
  fs.writeFileSync(done, stamp);
  return dir;
}

/** Wall times (ms) of `runs` whole-process Eleventy builds of `root`'s tutorials, each from an empty output. */
export function eleventyBuilds(root, { runs = 1, log = console.log } = {}) {
  const bin = installEleventy(log);
  const dir = eleventyProject(root);
  const times = [];
  for (let i = 0; i < runs; i++) {
    fs.rmSync(path.join(dir, 'out'), { recursive: true, force: true });
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [bin, '--quiet'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const ms = performance.now() - t0;
    if (r.status !== 0) throw new Error(`Eleventy failed: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}`);
    times.push(ms);
  }
  return times;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2];
  if (!root) {
    console.error('usage: node scripts/bench-eleventy.mjs DIR [--runs N]');
    process.exit(2);
  }
  const i = process.argv.indexOf('--runs');
  const times = eleventyBuilds(path.resolve(root), { runs: i > 0 ? Number(process.argv[i + 1]) : 1 });
  console.log(`Eleventy 3 on ${root}: ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}`);
}
