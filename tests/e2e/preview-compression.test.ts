import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serveOut, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await serveOut(inject('siteOut'));
});
afterAll(() => server?.close());

function get(p: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(server.origin + p, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('preview serves like a static host', () => {
  it('gzips text responses for clients that accept it, and sends them raw otherwise', async () => {
    const file = fs.readFileSync(path.join(inject('siteOut'), 'tutorial', 'react-jsx', 'index.html'));
    const gz = await get('/tutorial/react-jsx/', { 'accept-encoding': 'gzip, br' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('accept-encoding');
    expect(gz.body.length).toBeLessThan(file.length / 3);
    expect(zlib.gunzipSync(gz.body).equals(file)).toBe(true);
    const raw = await get('/tutorial/react-jsx/', {});
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body.equals(file)).toBe(true);
    const png = await get('/images/social.png', { 'accept-encoding': 'gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
  });
});
