/**
 * What the CLI prints, driven as a user runs it: progress on a terminal (a real pseudo-terminal from `script`)
 * and not in a pipe, NO_COLOR and FORCE_COLOR, --quiet, and the --json summary checked against the files of out/.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeProject, REPO } from '../helpers/project.js';

const ESC = '\x1b';

/** Runs the CLI on a pseudo-terminal (util-linux `script`), as in a terminal window; resolves to what the terminal got. */
function onTerminal(args: string[], env: Record<string, string> = {}): Promise<string> {
  const command = [process.execPath, path.join(REPO, 'bin', 'reactsite'), ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', CI: '', SOURCE_DATE_EPOCH: '1767225600', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out}`))));
  });
}

describe('the terminal', () => {
  it('shows progress redrawn in place on a terminal, in colour, and none in a pipe', async () => {
    const root = makeProject();
    const tty = await onTerminal(['build', '--root', root, '--no-cache'], { REACTSITE_PROGRESS_DELAY: '0' });
    expect(tty).toMatch(/\r\x1b\[2Kpages \d+\/3 · \d+\.\d s/);
    expect(tty).toContain(`${ESC}[32m✓${ESC}[39m built 10 pages`);
    const pipe = await runCli(['build', '--root', root, '--no-cache'], { env: { REACTSITE_PROGRESS_DELAY: '0' } });
    expect(pipe.code).toBe(0);
    expect(pipe.output).not.toContain(ESC);
    expect(pipe.output).not.toContain('\r');
    expect(pipe.stdout).toMatch(/^✓ built 10 pages in /);
  });

  it('prints no escape code with NO_COLOR, even on a terminal with progress; FORCE_COLOR colours a pipe', async () => {
    const root = makeProject();
    const tty = await onTerminal(['build', '--root', root, '--no-cache'], { NO_COLOR: '1', REACTSITE_PROGRESS_DELAY: '0' });
    expect(tty).toMatch(/\rpages \d\/3 · /);
    expect(tty).not.toContain(ESC);
    const forced = await runCli(['build', '--root', root], { env: { FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain(`${ESC}[32m✓`);
  });

  it('prints nothing but errors with --quiet', async () => {
    const root = makeProject();
    const quiet = await runCli(['build', '--root', root, '--quiet'], { env: { REACTSITE_PROGRESS_DELAY: '0' } });
    expect([quiet.code, quiet.stdout, quiet.stderr]).toEqual([0, '', '']);
    fs.writeFileSync(path.join(root, 'content', 'registry.json'), '[');
    const failed = await runCli(['build', '--root', root, '--quiet']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('content/registry.json');
  });

  it('prints a sample of many warnings with a count of the rest, and every one with --verbose', async () => {
    const alpha = fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'basic', 'content', 'tutorials', 'alpha.md'), 'utf8');
    const links = Array.from({ length: 60 }, (_, i) => `- [gone ${i}](/tutorial/gone-${i}/)`).join('\n');
    const root = makeProject({ 'content/tutorials/alpha.md': `${alpha}\n## Links\n\n${links}\n` });
    const blocks = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('warning ')).length;
    const sampled = await runCli(['build', '--root', root, '--no-cache', '--broken-links', 'warn']);
    expect(sampled.code).toBe(0);
    expect(blocks(sampled.stderr)).toBe(50);
    expect(sampled.stderr).toContain('… and 10 more warnings, counted by kind below; --verbose prints every one');
    expect(sampled.stdout).toMatch(/60× broken link/);
    const all = await runCli(['build', '--root', root, '--no-cache', '--broken-links', 'warn', '--verbose']);
    expect(blocks(all.stderr)).toBe(60);
    expect(all.stderr).not.toContain('more warning');
  });

  it('answers --json and --report with the problems when a build fails, so that CI can read why', async () => {
    const root = makeProject({ 'content/registry.json': '[' });
    const run = await runCli(['build', '--root', root, '--json', '--report', path.join(root, 'reports', 'failed.json')]);
    expect(run.code).toBe(1);
    const failed = JSON.parse(run.stdout);
    expect(failed).toMatchObject({ ok: false, errors: 1, problems: [expect.objectContaining({ file: 'content/registry.json', severity: 'error' })] });
    expect(JSON.parse(fs.readFileSync(path.join(root, 'reports', 'failed.json'), 'utf8'))).toEqual(failed);
  });

  it('builds through an out/ that is a symbolic link, into the folder it points to', async () => {
    const root = makeProject();
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-www-'));
    fs.symlinkSync(target, path.join(root, 'out'));
    expect((await runCli(['build', '--root', root, '--quiet'])).code).toBe(0);
    expect(fs.lstatSync(path.join(root, 'out')).isSymbolicLink()).toBe(true);
    expect(fs.existsSync(path.join(target, 'index.html'))).toBe(true);
    fs.rmSync(target, { recursive: true, force: true });
  });

  it('writes a JSON summary whose every figure matches the files of out/', async () => {
    const root = makeProject();
    const run = await runCli(['build', '--root', root, '--json', '--report', path.join(root, 'report.json')]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(JSON.parse(fs.readFileSync(path.join(root, 'report.json'), 'utf8'))).toEqual(summary);
    const out = path.join(root, 'out');
    const files = fs.readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
    expect(summary.out).toEqual({ files: files.length, bytes: files.reduce((n, f) => n + fs.statSync(f).size, 0) });
    expect(summary.pages).toEqual({ total: 10, rendered: 3, reused: 0 });
    expect(summary.kinds.map((k: { kind: string }) => k.kind)).toEqual(['landing', 'intro', 'article', 'static', 'template', '404', 'redirect stub']);
    const gz = (f: string) => zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length;
    const css = files.filter((f) => f.endsWith('.css'));
    for (const k of summary.kinds as { kind: string; page: string; html: { raw: number; gzip: number }; css: { raw: number; gzip: number }; js: { raw: number; gzip: number } }[]) {
      const file = path.join(out, k.page === '/404.html' ? '404.html' : `${k.page.slice(1)}index.html`);
      expect(k.html, k.kind).toEqual({ raw: fs.statSync(file).size, gzip: gz(file) });
      if (k.kind !== 'redirect stub') expect(k.css, k.kind).toEqual({ raw: fs.statSync(css[0]!).size, gzip: gz(css[0]!) });
      // Every island waits for the visitor: what runs first is the page's inline scripts (theme, page script), no chunk.
      const html = fs.readFileSync(file, 'utf8');
      const inline = [...html.matchAll(/<script(?![^>]*\stype="application\/ld\+json|[^>]*\stype="speculationrules")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
      expect(k.js, k.kind).toEqual({ raw: Buffer.byteLength(inline), gzip: zlib.gzipSync(inline, { level: 9 }).length });
      if (k.kind !== 'redirect stub') expect(html).not.toContain('rel="modulepreload"');
    }
    for (const stage of ['load', 'bundle', 'markdown', 'pages', 'render', 'integrity', 'write', 'swap']) expect(typeof summary.stagesMs[stage], stage).toBe('number');
    expect(summary.largest[0].html.raw).toBe(Math.max(...files.filter((f) => f.endsWith('.html')).map((f) => fs.statSync(f).size)));
  });

  it('counts the files of out/ as they are after a warm build, a changed body, a public file and a build without cache', async () => {
    const root = makeProject();
    const outFiles = () => {
      const out = path.join(root, 'out');
      const files = fs.readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
      return { files: files.length, bytes: files.reduce((n, f) => n + fs.statSync(f).size, 0) };
    };
    const summaryOf = async (...extra: string[]) => {
      const run = await runCli(['build', '--root', root, '--json', ...extra]);
      expect(run.code, run.output).toBe(0);
      return JSON.parse(run.stdout) as { out: { files: number; bytes: number }; pages: { rendered: number; reused: number } };
    };
    await summaryOf();
    const warm = await summaryOf();
    expect(warm.pages.rendered).toBe(0);
    expect(warm.out).toEqual(outFiles());
    const body = fs.readdirSync(path.join(root, 'content', 'tutorials')).find((f) => f.endsWith('.md'))!;
    fs.appendFileSync(path.join(root, 'content', 'tutorials', body), '\nA new closing paragraph, long enough to change the page size.\n');
    fs.mkdirSync(path.join(root, 'public', 'img'), { recursive: true });
    fs.writeFileSync(path.join(root, 'public', 'img', 'extra.txt'), 'twelve bytes');
    const changed = await summaryOf();
    expect(changed.pages.rendered).toBe(1);
    expect(changed.out).toEqual(outFiles());
    expect((await summaryOf('--no-cache')).out).toEqual(outFiles());
  });
});
