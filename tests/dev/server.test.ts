import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskSource, listen, staticHandler } from '../../src/generator/serve/static-server.js';
import { makeProject } from '../helpers/project.js';
import { startDev, type DevProcess } from './dev-process.js';

/** Sends `GET <target>` exactly as written (no client-side normalisation) and resolves status and body. */
function rawGet(port: number, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (data += d));
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0), body: data.slice(data.indexOf('\r\n\r\n') + 4) }));
  });
}

/** GET with node's http client; resolves status and body. */
function get(url: string, agent?: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

const ATTACKS = ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/..%5c..%5cetc/passwd', '/%00', '//etc/passwd', '/tutorial/../../package.json', '/%2E%2E/secret.txt', '/..%2fsecret.txt', '/public/../../secret.txt', 'http://127.0.0.1/../secret.txt'];
const SECRETS = ['"name": "reactsite"', 'root:x:0:0', 'TOP-SECRET'];

describe('reactsite dev server', () => {
  let project: string;
  let dev: DevProcess;
  beforeAll(async () => {
    project = makeProject();
    fs.writeFileSync(path.join(project, 'secret.txt'), 'TOP-SECRET');
    dev = await startDev(project);
  });
  afterAll(async () => {
    await dev?.stop();
    fs.rmSync(project, { recursive: true, force: true });
  });

  it('refuses path traversal and leaks nothing', async () => {
    for (const target of ATTACKS) {
      const r = await rawGet(dev.port, target);
      expect([403, 404], `${target} answered ${r.status}`).toContain(r.status);
      for (const s of SECRETS) expect(r.body, target).not.toContain(s);
    }
    // The same server does serve what it should.
    expect((await rawGet(dev.port, '/favicon.svg')).status).toBe(200);
  });

  it('serves like a static host: index, trailing slash, 404.html, MIME types and no-cache', async () => {
    const page = await new Promise<http.IncomingMessage>((resolve) => http.get(`${dev.origin}/tutorial/react-alpha/`, resolve));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    page.resume();
    const bare = await new Promise<http.IncomingMessage>((resolve) => http.get(`${dev.origin}/tutorial/react-alpha?x=1`, resolve));
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/tutorial/react-alpha/?x=1');
    bare.resume();
    const missing = await get(`${dev.origin}/tutorial/no-such-page/`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatch(/^<!DOCTYPE html>/);
    const svg = await new Promise<http.IncomingMessage>((resolve) => http.get(`${dev.origin}/favicon.svg`, resolve));
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    svg.resume();
  });

  it('answers 200 concurrent requests correctly while it rebuilds', async () => {
    const registry = path.join(project, 'content', 'registry.json');
    const original = fs.readFileSync(registry, 'utf8');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const paths = ['/', '/tutorial/react-alpha/', '/tutorial/react-beta/', '/about/', '/tutorial/nope/', '/tutorial/missing/page/'];
    try {
      for (let round = 0; round < 3; round++) {
        const rebuilds = (dev.output().match(/↻/g) ?? []).length;
        // A registry change rebuilds every page; the requests go out while that happens.
        fs.writeFileSync(registry, original.replace('"name": "Alpha Hooks"', `"name": "Alpha Hooks ${round}"`));
        const results = await Promise.all(Array.from({ length: 200 }, (_, i) => paths[i % paths.length]!).map(async (p) => ({ p, ...(await get(`${dev.origin}${p}`, agent)) })));
        for (const r of results) {
          expect(r.status, r.p).toBe(r.p.startsWith('/tutorial/n') || r.p.startsWith('/tutorial/m') ? 404 : 200);
          expect(r.body.trimEnd().endsWith('</html>'), r.p).toBe(true);
          expect(r.body, r.p).not.toContain('data-reactsite-overlay>');
        }
        await dev.waitFor(new RegExp(`(?:↻[^]*){${rebuilds + 1}}`));
      }
      expect(await get(`${dev.origin}/tutorial/react-alpha/`)).toMatchObject({ status: 200, body: expect.stringContaining('Alpha Hooks 2') });
    } finally {
      agent.destroy();
      fs.writeFileSync(registry, original);
    }
  });
  it('never shows an error for a file saved in two steps (emptied, then written 60 ms later)', async () => {
    const registry = path.join(project, 'content', 'registry.json');
    const original = fs.readFileSync(registry, 'utf8');
    const seen: string[] = [];
    try {
      fs.writeFileSync(registry, '');
      const writing = new Promise((r) => setTimeout(r, 60)).then(() => fs.writeFileSync(registry, original.replace('"name": "Alpha Hooks"', '"name": "Alpha Hooks two-step"')));
      for (let i = 0; i < 400; i++) {
        const page = await get(`${dev.origin}/tutorial/react-alpha/`);
        seen.push(page.body);
        if (page.body.includes('Alpha Hooks two-step')) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      await writing;
      expect(seen.at(-1)).toContain('Alpha Hooks two-step');
      expect(seen.filter((b) => b.includes('data-reactsite-overlay>'))).toEqual([]);
    } finally {
      fs.writeFileSync(registry, original);
    }
  });
});

describe('reactsite dev process', () => {
  it('takes the next port when the asked one is in use', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const taken = (blocker.address() as net.AddressInfo).port;
    const project = makeProject();
    let dev: DevProcess | undefined;
    try {
      dev = await startDev(project, { port: taken });
      expect(dev.output()).toContain(`port ${taken} is in use`);
      expect(dev.port).toBeGreaterThan(taken);
      expect((await get(`${dev.origin}/`)).status).toBe(200);
    } finally {
      await dev?.stop();
      blocker.close();
      fs.rmSync(project, { recursive: true, force: true });
    }
  });

  it('stops cleanly on Ctrl-C with exit code 0, even with a tab connected', async () => {
    const project = makeProject();
    try {
      const dev = await startDev(project);
      const events = await new Promise<http.IncomingMessage>((resolve) => http.get(`${dev.origin}/__reactsite/events?page=/`, resolve));
      expect(events.headers['content-type']).toContain('text/event-stream');
      events.resume();
      const code = await Promise.race([dev.stop(), new Promise<string>((r) => setTimeout(() => r('still running after 15 s'), 15_000))]);
      expect(code).toBe(0);
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
    }
  });
});

describe('preview static serving', () => {
  let dir: string;
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-preview-'));
    fs.mkdirSync(path.join(dir, 'out', 'docs'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'out', 'index.html'), '<!doctype html><p>home</p>');
    fs.writeFileSync(path.join(dir, 'out', 'docs', 'index.html'), '<!doctype html><p>docs</p>');
    fs.writeFileSync(path.join(dir, 'out', '404.html'), '<!doctype html><p>not found</p>');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'TOP-SECRET');
    fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(dir, 'out', 'link.txt'));
    server = http.createServer(staticHandler({ source: diskSource(path.join(dir, 'out')), base: '/', cache: 'static' }));
    port = await listen(server, '127.0.0.1', 0);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses traversal and symbolic links leading out of out/', async () => {
    for (const target of [...ATTACKS, '/link.txt']) {
      const r = await rawGet(port, target);
      expect([403, 404], `${target} answered ${r.status}`).toContain(r.status);
      expect(r.body, target).not.toContain('TOP-SECRET');
    }
  });

  it('serves the index, redirects to the trailing slash and answers misses with 404.html', async () => {
    expect(await rawGet(port, '/')).toMatchObject({ status: 200, body: expect.stringContaining('home') });
    expect((await rawGet(port, '/docs')).status).toBe(301);
    expect(await rawGet(port, '/docs/')).toMatchObject({ status: 200, body: expect.stringContaining('docs') });
    expect(await rawGet(port, '/nothing-here')).toMatchObject({ status: 404, body: expect.stringContaining('not found') });
  });
});
