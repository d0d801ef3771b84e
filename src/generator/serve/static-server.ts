/** The static-serving module of `preview` and `dev`: behaves like a static host (index, slashes, 404.html, _redirects, _headers). */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { applyHeaderRules, type HeaderRule } from './host-headers.js';
import { problem, UsageError } from '../problems/problem.js';
import { UPDATE_HEADER } from './update-header.js';

/** Where a server's files come from: out-relative path -> contents, or undefined when absent. */
export type FileSource = (rel: string) => Promise<Uint8Array | string | undefined>;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.xml': 'application/xml; charset=utf-8', '.txt': 'text/plain; charset=utf-8', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif', '.gif': 'image/gif', '.ico': 'image/x-icon',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.otf': 'font/otf', '.webmanifest': 'application/manifest+json', '.map': 'application/json',
  '.pdf': 'application/pdf', '.wasm': 'application/wasm', '.mp4': 'video/mp4', '.webm': 'video/webm', '.mp3': 'audio/mpeg', '.md': 'text/markdown; charset=utf-8',
};

/** Content type of a file name. */
export function mimeType(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Reads files under `dir`, never outside it. */
export function diskSource(dir: string): FileSource {
  const rootDir = path.resolve(dir);
  const within = (p: string, dir: string) => p === dir || p.startsWith(dir + path.sep);
  let realRoot: string | undefined;
  return async (rel) => {
    const abs = path.resolve(rootDir, rel);
    if (!within(abs, rootDir)) return undefined;
    try {
      // Symbolic links may not lead out of the folder either.
      realRoot ??= await fs.promises.realpath(rootDir);
      const real = await fs.promises.realpath(abs);
      if (!within(real, realRoot)) return undefined;
      const stat = await fs.promises.stat(real);
      return stat.isFile() ? await fs.promises.readFile(real) : undefined;
    } catch {
      return undefined;
    }
  };
}

/**
 * Maps a request path to a safe out-relative file path, or null when it must be refused: `..` segments
 * (also percent-encoded), backslashes, NUL bytes, or a path outside `base`.
 */
export function safeRelative(urlPath: string, base: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || urlPath.includes('\\')) return null;
  if (!decoded.startsWith(base)) return null;
  const rest = decoded.slice(base.length);
  const segments = rest.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return null;
  if (rest.startsWith('/') || /^[a-zA-Z]:/.test(rest)) return null;
  return rest;
}

/** Splits a request target into its raw path and query; absolute-form targets ("http://host/p") keep only the path. */
export function rawTarget(target: string): { pathname: string; search: string } {
  const q = target.search(/[?#]/);
  let pathname = q < 0 ? target : target.slice(0, q);
  const search = q < 0 || target[q] === '#' ? '' : target.slice(q).replace(/#.*$/, '');
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(pathname);
  if (absolute) pathname = pathname.slice(absolute[0].length) || '/';
  return { pathname: pathname.startsWith('/') ? pathname : `/${pathname}`, search };
}

/** Options of a static server; `headerRules` (from `_headers`) are applied to the files served and to the 404 page. */
export interface ServerOptions { source: FileSource; base: string; cache: 'dev' | 'static'; headers?: Record<string, string>; headerRules?: readonly HeaderRule[]; extra?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean }

/** A request handler serving `source` like a static host. */
export function staticHandler(o: ServerOptions): http.RequestListener {
  return (req, res) => {
    handle(req, res, o).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Internal error: ${(e as Error).message}`);
    });
  };
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse, o: ServerOptions) {
  if (o.extra?.(req, res)) return;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' });
    return void res.end();
  }
  // The raw request path, before any URL normalisation could hide a ".." from the check.
  const { pathname, search } = rawTarget(req.url ?? '/');
  const rel = safeRelative(pathname, o.base);
  if (rel === null) {
    const plain = !/%|\\|\0/.test(pathname) && !pathname.startsWith('//') && !pathname.split('/').some((s) => s === '..' || s === '.');
    if (plain && !pathname.startsWith(o.base)) return send(req, res, 302, o, undefined, '', { location: o.base });
    return send(req, res, 403, o, 'text/plain; charset=utf-8', 'Forbidden');
  }
  // As on Netlify and Cloudflare Pages: the first matching _redirects rule, if forced ("301!"), wins over a file.
  const rule = await redirectRule(o, pathname);
  if (rule?.force && rule.status >= 300 && rule.status < 400 && rule.to !== pathname) return send(req, res, rule.status, o, undefined, '', { location: rule.to });
  // The host's own configuration files are read by the host, not published.
  const candidates = rel === '_redirects' || rel === '_headers' ? [] : rel === '' || rel.endsWith('/') ? [`${rel}index.html`] : [rel];
  for (const c of candidates) {
    const body = await o.source(c);
    if (body !== undefined) return send(req, res, 200, o, mimeType(c), body, {}, req.method === 'HEAD', c);
  }
  if (!rel.endsWith('/') && !path.extname(rel) && (await o.source(`${rel}/index.html`)) !== undefined) {
    return send(req, res, 301, o, undefined, '', { location: `${pathname}/${search}` });
  }
  // A 404 (or rewrite) rule ends the search: the host serves 404.html.
  if (rule && rule.status !== 404 && rule.status !== 200 && rule.to !== pathname) return send(req, res, rule.status, o, undefined, '', { location: rule.to });
  const notFound = await o.source('404.html');
  // A dev tab on a missing page fetching its update (see UPDATE_HEADER) gets the page without the error status,
  // which the browser would log on every update.
  const status = req.headers[UPDATE_HEADER] === '1' ? 200 : 404;
  return send(req, res, status, o, 'text/html; charset=utf-8', notFound ?? 'Not found', {}, req.method === 'HEAD');
}

/** The first rule of `_redirects` that matches `pathname`: its target, status and whether it is forced ("301!"). */
async function redirectRule(o: ServerOptions, pathname: string): Promise<{ to: string; status: number; force: boolean } | undefined> {
  const text = await o.source('_redirects');
  if (!text) return undefined;
  for (const line of String(text).split('\n')) {
    const [from, to, code] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#')) continue;
    const hit = from.endsWith('/*') ? pathname.startsWith(from.slice(0, -1)) : pathname === from;
    if (hit) return { to, status: Number.parseInt(code ?? '301', 10), force: !!code?.endsWith('!') };
  }
  return undefined;
}

/** Text types worth compressing, as static hosts do. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

function send(req: http.IncomingMessage, res: http.ServerResponse, status: number, o: ServerOptions, type: string | undefined, body: Uint8Array | string, extra: Record<string, string> = {}, head = false, file?: string) {
  const immutable = o.cache === 'static' && file?.startsWith('assets/');
  let headers: Record<string, string> = {
    'cache-control': o.cache === 'dev' ? 'no-cache' : immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    'x-content-type-options': 'nosniff',
    ...(type ? { 'content-type': type } : {}),
    ...o.headers,
    ...extra,
  };
  // A static host applies _headers to the files it serves (the 404 page included), for the path requested.
  if (o.headerRules?.length && (status === 200 || status === 404)) headers = applyHeaderRules(o.headerRules, headers, rawTarget(req.url ?? '/').pathname, req.headers.host);
  let buf = typeof body === 'string' ? Buffer.from(body) : body;
  // Compressed like a real static host, so what preview serves weighs what visitors download.
  if (type && COMPRESSIBLE.test(type) && buf.length > 1024) {
    headers.vary = !headers.vary ? 'accept-encoding' : /\baccept-encoding\b/i.test(headers.vary) ? headers.vary : `${headers.vary}, accept-encoding`;
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      buf = zlib.gzipSync(buf, { level: 6 });
      headers['content-encoding'] = 'gzip';
    }
  }
  headers['content-length'] = String(buf.length);
  res.writeHead(status, headers);
  res.end(head ? undefined : buf);
}

/** Why `host:port` cannot be listened on, as a usage error (a host that is not this machine's, no free port...). */
function listenProblem(e: NodeJS.ErrnoException, host: string, port: number): Error {
  const why = e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN' ? `--host ${host} is not a name this machine can resolve` : e.code === 'EADDRNOTAVAIL' ? `--host ${host} is not an address of this machine` : e.code === 'EACCES' ? `port ${port} needs more privileges` : e.code === 'EADDRINUSE' ? `ports ${port - 20}-${port} are all in use` : `cannot listen on ${host}:${port}: ${e.message}`;
  const hint = e.code === 'EACCES' ? 'use a port above 1023, e.g. --port 4173' : e.code === 'EADDRINUSE' ? 'pass a free --port' : 'bind 127.0.0.1 (the default), 0.0.0.0 for every interface, or one of this machine\'s addresses';
  return new UsageError(problem(why, { field: e.code === 'EACCES' || e.code === 'EADDRINUSE' ? '--port' : '--host', hint }));
}

/** Listens on `host:port`, trying the next ports when one is taken; resolves with the port in use. */
export function listen(server: http.Server, host: string, port: number, onTaken?: (port: number) => void, tries = 20): Promise<number> {
  return new Promise((resolve, reject) => {
    const attempt = (p: number, left: number) => {
      const onError = (e: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        if (e.code === 'EADDRINUSE' && left > 0) {
          onTaken?.(p);
          attempt(p + 1, left - 1);
        } else reject(listenProblem(e, host, p));
      };
      const onListening = () => {
        server.off('error', onError);
        resolve((server.address() as { port: number }).port);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(p, host);
    };
    attempt(port, tries);
  });
}
