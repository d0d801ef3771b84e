/** `reactsite preview`: serves a built out/ exactly as a static host would. */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { normalizeBase } from '../../site/seo/urls.js';
import { problem, ReactsiteError } from '../problems/problem.js';
import { parseHeadersFile, type HeaderRule } from './host-headers.js';
import { diskSource, listen, staticHandler } from './static-server.js';

/** Starts the preview server; resolves once listening, and runs until the process is stopped. */
export async function startPreview(o: { outDir: string; port: number; host: string; base: string }): Promise<http.Server> {
  if (!fs.existsSync(o.outDir)) throw new ReactsiteError(problem(`${o.outDir} does not exist`, { field: '--out', hint: 'run reactsite build first' }));
  const base = normalizeBase(o.base);
  const server = http.createServer(staticHandler({ source: diskSource(o.outDir), base, cache: 'static', headerRules: readHeaderRules(o.outDir) }));
  const port = await listen(server, o.host, o.port, (p) => console.log(`port ${p} is in use, trying ${p + 1}`));
  console.log(`preview: http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}${base}`);
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
