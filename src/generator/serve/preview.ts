/** `reactsite preview`: serves a built out/ exactly as a static host would. */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { normalizeBase } from '../../site/seo/urls.js';
import { problem, UsageError } from '../problems/problem.js';
import { parseHeadersFile, type HeaderRule } from './host-headers.js';
import { bannerLines, networkUrls } from './banner.js';
import { diskSource, listen, staticHandler } from './static-server.js';

/**
 * The base a build of `outDir` was made for, read from its `_redirects` (the last rule sends every other path of
 * the site home: `/sub/*  /sub/  302`); undefined when the file does not say.
 */
export function builtBase(outDir: string): string | undefined {
  try {
    const rules = fs.readFileSync(path.join(outDir, '_redirects'), 'utf8').trim().split('\n');
    const [from, to] = rules.at(-1)!.trim().split(/\s+/);
    return from && to && from === `${to}*` ? to : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the preview server; resolves once listening, and runs until the process is stopped. Without `base`, the
 * site is served under the base it was built for.
 */
export async function startPreview(o: { outDir: string; port: number; host: string; base?: string }): Promise<http.Server> {
  const t0 = performance.now();
  if (!fs.existsSync(o.outDir)) throw new UsageError(problem(`--out ${o.outDir} does not exist`, { field: '--out', hint: 'run reactsite build first (it writes out/), or pass the folder it wrote' }));
  if (!fs.statSync(o.outDir).isDirectory()) throw new UsageError(problem(`--out ${o.outDir} is a file, not a folder`, { field: '--out', hint: 'pass the folder a build wrote, e.g. --out out' }));
  const built = builtBase(o.outDir);
  const base = normalizeBase(o.base ?? built ?? '/');
  const server = http.createServer(staticHandler({ source: diskSource(o.outDir), base, cache: 'static', headerRules: readHeaderRules(o.outDir) }));
  const port = await listen(server, o.host, o.port, (p) => console.log(`port ${p} is in use, trying ${p + 1}`));
  const url = `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}${base}`;
  const pages = fs.readdirSync(o.outDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html')).length;
  for (const line of bannerLines('preview', url, `${pages} pages from ${o.outDir}, ready in ${Math.round(performance.now() - t0)} ms`, networkUrls(o.host, port, base))) console.log(line);
  if (!pages) console.log(`  no pages in ${o.outDir}: run reactsite build first, or pass --out the folder it wrote`);
  if (built && built !== base) console.log(`  this site was built for the base ${built}: its links and assets are under it (pass --base ${built})`);
  return server;
}

/** The rules of `<outDir>/_headers`, read once as a host does at deploy time; none when the file is absent or unreadable. */
function readHeaderRules(outDir: string): HeaderRule[] {
  try {
    return parseHeadersFile(fs.readFileSync(path.join(outDir, '_headers'), 'utf8'));
  } catch {
    return [];
  }
}
