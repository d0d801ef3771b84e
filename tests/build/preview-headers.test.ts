import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeProject, REPO } from '../helpers/project.js';

/** A running `reactsite preview` process. */
interface Preview { child: ChildProcess; origin: string; exited: Promise<number | null> }

/** Starts the real `reactsite preview --out <out>` on 127.0.0.1 and a free port; resolves once it prints its address. */
function startPreview(out: string): Promise<Preview> {
  const child = spawn(process.execPath, [path.join(REPO, 'bin', 'reactsite'), 'preview', '--out', out, '--host', '127.0.0.1', '--port', '0'], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`preview printed no address within 30 s:\n${output}`)), 30_000);
    const onData = (d: Buffer) => {
      output += d;
      const url = /preview: (http:\/\/\S+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ child, origin: new URL(url).origin, exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`preview exited (${code}) before printing its address:\n${output}`)));
  });
}

function get(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http.get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    }).on('error', reject);
  });
}

/** The headers `_headers` gives one pattern, read straight from the file (unindented pattern, indented `Name: value`). */
function blockOf(headersText: string, pattern: string): Record<string, string> {
  const blocks = headersText.split(/\n(?=\S)/);
  const block = blocks.find((b) => b.split('\n')[0]!.trim() === pattern);
  if (!block) throw new Error(`no ${pattern} block in _headers:\n${headersText}`);
  return Object.fromEntries(block.split('\n').slice(1).filter((l) => l.includes(':')).map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
}

/** The CSP of a page's `<meta http-equiv="Content-Security-Policy">`, unescaped. */
function metaCsp(html: string): string {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
  if (content === undefined) throw new Error('the page has no CSP meta tag');
  return content.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** A CSP as directive -> sources. */
const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name!, sources]));

describe('reactsite preview applies out/_headers like Netlify and Cloudflare Pages', () => {
  let root: string;
  let out: string;
  let preview: Preview | undefined;
  let pageRules: Record<string, string>;
  let assetRules: Record<string, string>;

  beforeAll(async () => {
    root = makeProject();
    out = path.join(root, 'out');
    const build = await runCli(['build', '--root', root]);
    expect(build.output).toContain('✓ built');
    expect(build.code).toBe(0);
    const headersText = fs.readFileSync(path.join(out, '_headers'), 'utf8');
    pageRules = blockOf(headersText, '/*');
    assetRules = blockOf(headersText, '/assets/*');
    preview = await startPreview(out);
  });

  afterAll(async () => {
    if (preview && preview.child.exitCode === null && preview.child.signalCode === null) preview.child.kill('SIGKILL');
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('sends the page CSP of _headers, which allows every inline script of the page meta CSP', async () => {
    const csp = pageRules['content-security-policy']!;
    expect(csp).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
    for (const page of ['/', '/tutorial/react-alpha/']) {
      const res = await get(preview!.origin + page);
      expect(res.status, page).toBe(200);
      expect(res.headers['content-security-policy'], page).toBe(csp);
      expect(res.headers['referrer-policy'], page).toBe(pageRules['referrer-policy']);
      // Same as the server's default: replaced, not joined into "nosniff, nosniff".
      expect(res.headers['x-content-type-options'], page).toBe('nosniff');
      // The page's own meta CSP lists this page's inline scripts; the header (every page's union) allows each of them.
      const header = directives(csp);
      for (const [name, sources] of directives(metaCsp(res.body))) expect(header.get(name), `${page} ${name}`).toEqual(expect.arrayContaining(sources));
    }
  });

  it('sends the cache-control _headers gives /assets/*, along with the headers of /*', async () => {
    const css = fs.readdirSync(path.join(out, 'assets')).find((f) => /^site-.*\.css$/.test(f))!;
    const res = await get(`${preview!.origin}/assets/${css}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(assetRules['cache-control']);
    expect(res.headers['content-security-policy']).toBe(pageRules['content-security-policy']);
    expect(res.headers['referrer-policy']).toBe(pageRules['referrer-policy']);
  });

  it('sends the page headers with the 404 page of an unknown path', async () => {
    const res = await get(`${preview!.origin}/tutorial/no-such-page/`);
    expect(res.status).toBe(404);
    expect(res.body).toBe(fs.readFileSync(path.join(out, '404.html'), 'utf8'));
    expect(res.headers['content-security-policy']).toBe(pageRules['content-security-policy']);
    expect(res.headers['content-security-policy']).toBe(metaCsp(res.body));
    expect(res.headers['referrer-policy']).toBe(pageRules['referrer-policy']);
  });

  it('applies forced _redirects rules over files, and does not publish _redirects or _headers', async () => {
    // out/tutorial/index.html exists (a stub for hosts without _redirects), but the rule is forced ("301!").
    expect(fs.existsSync(path.join(out, 'tutorial', 'index.html'))).toBe(true);
    for (const from of ['/tutorial/', '/tutorial']) {
      const res = await get(preview!.origin + from);
      expect([res.status, res.headers.location], from).toEqual([301, '/tutorial/react-intro/']);
    }
    // Not served: they fall to the site's catch-all rule (home), as any unknown path does.
    for (const file of ['/_redirects', '/_headers']) expect(await get(preview!.origin + file).then((r) => [r.status, r.headers.location]), file).toEqual([302, '/']);
  });

  it('stops on Ctrl-C', async () => {
    preview!.child.kill('SIGINT');
    expect(await preview!.exited).toBe(0);
  });

  it('serves a site built for a sub-path under that sub-path, without being told', async () => {
    const sub = path.join(root, 'out-sub');
    expect((await runCli(['build', '--root', root, '--out', sub, '--base', '/docs/'])).code).toBe(0);
    const served = await startPreview(sub);
    try {
      for (const page of ['/docs/', '/docs/tutorial/react-alpha/']) expect((await get(served.origin + page)).status, page).toBe(200);
      expect(await get(`${served.origin}/`).then((r) => [r.status, r.headers.location])).toEqual([302, '/docs/']);
    } finally {
      served.child.kill('SIGINT');
      await served.exited;
    }
  });
});
