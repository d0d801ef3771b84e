/** The closing summary of a build, as data: what the terminal shows and `--report` writes as JSON. */
import fs from 'node:fs';
import path from 'node:path';
import type { Route } from '../../site/types.js';
import type { Problem } from '../problems/problem.js';
import { pageWeight, bytesOf, type Bytes, type PageWeight } from './page-weight.js';

/** Page kinds as the summary names them, in its order (the intro tutorial is the one the redirect stubs lead to). */
const KIND: Record<Route['kind'] | 'intro', string> = { landing: 'landing', intro: 'intro', tutorial: 'article', static: 'static', template: 'template', 'not-found': '404', redirect: 'redirect stub' };
const ORDER = Object.values(KIND);

/** The summary's kind of a route. */
function kindOf(r: Route, introPath: string | undefined): string {
  return KIND[r.kind === 'tutorial' && r.path === introPath ? 'intro' : r.kind];
}

/** The summary of one build. */
export interface BuildSummary {
  pages: { total: number; rendered: number; reused: number };
  warnings: { kind: string; count: number }[];
  stagesMs: Record<string, number>;
  wallMs: number;
  /** Per page kind: how many, and the weight of its median page (by HTML size). */
  kinds: ({ kind: string; count: number; page: string } & PageWeight)[];
  /** The largest pages by HTML. */
  largest: { page: string; html: Bytes }[];
  out: { files: number; bytes: number };
}

/**
 * A warning's kind: its message with what varies left out: quoted names, every path, URL, file or anchor (a word
 * with a "/", a "#" or a dot between letters), and numbers.
 */
export function warningKind(p: Problem): string {
  return p.message.replace(/"[^"]*"/g, '"…"').replace(/[^\s,():]*(?:[/#]|\w\.\w)[^\s,():]*/g, '…').replace(/\d+/g, 'N');
}

/**
 * Summarizes a finished build whose output is in `outDir` (served under `base`); `sizes` is every file the build
 * placed there with its size, as the build recorded them (a walk of out/ cost 90 ms at 4,000 pages: a readdir a
 * folder and a stat a file).
 */
export async function buildSummary(o: { outDir: string; sizes: ReadonlyMap<string, number>; base: string; routes: readonly Route[]; pages: { rendered: number; reused: number }; warnings: readonly Problem[]; timings: Record<string, number>; wallMs: number; gzip?: (buf: Uint8Array) => number }): Promise<BuildSummary> {
  const size = o.sizes;
  // Each asset is read (and measured, see bytesOf) once, however many pages load it.
  const assets = new Map<string, Uint8Array | undefined>();
  const read = (url: string) => {
    const rel = decodeURI(url.startsWith(o.base) ? url.slice(o.base.length) : url.replace(/^\//, ''));
    if (!assets.has(rel)) assets.set(rel, size.has(rel) ? fs.readFileSync(path.join(o.outDir, rel)) : undefined);
    return assets.get(rel);
  };
  const introPath = o.routes.find((r) => r.kind === 'redirect')?.ref;
  const byKind = new Map<string, Route[]>();
  for (const r of o.routes) {
    const kind = kindOf(r, introPath);
    const list = byKind.get(kind);
    if (list) list.push(r);
    else byKind.set(kind, [r]);
  }
  const kinds = [...byKind].sort(([a], [b]) => ORDER.indexOf(a) - ORDER.indexOf(b)).map(([kind, routes]) => {
    const sorted = [...routes].sort((a, b) => (size.get(a.file) ?? 0) - (size.get(b.file) ?? 0));
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    return { kind, count: routes.length, page: median.path, ...pageWeight(fs.readFileSync(path.join(o.outDir, median.file), 'utf8'), read, o.gzip) };
  });
  const largest = [...o.routes].sort((a, b) => (size.get(b.file) ?? 0) - (size.get(a.file) ?? 0)).slice(0, 5).map((r) => ({ page: r.path, html: bytesOf(fs.readFileSync(path.join(o.outDir, r.file)), o.gzip) }));
  const warnings = new Map<string, number>();
  for (const w of o.warnings) warnings.set(warningKind(w), (warnings.get(warningKind(w)) ?? 0) + 1);
  return {
    pages: { total: o.routes.length, rendered: o.pages.rendered, reused: o.pages.reused },
    warnings: [...warnings].map(([kind, count]) => ({ kind, count })).sort((a, b) => b.count - a.count),
    stagesMs: Object.fromEntries(Object.entries(o.timings).map(([k, v]) => [k, Math.round(v)])),
    wallMs: Math.round(o.wallMs),
    kinds,
    largest,
    out: { files: size.size, bytes: [...size.values()].reduce((n, b) => n + b, 0) },
  };
}
