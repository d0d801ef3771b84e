/** Stage 1: reads and validates every content file, returning the whole content or every problem found. */
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { parse as parseJsonc } from 'jsonc-parser';
import type { Ad, Route, SiteConfig, Tutorial } from '../../site/types.js';
import { adsSchema, registrySchema, siteSchema } from './schemas.js';
import { nearest, problem, warning, type Problem } from '../problems/problem.js';
import { indexedBodyDoc, readBodyDoc, readPageDoc, type BodyDoc, type PageDoc } from './read-docs.js';
import { ImageSizes, type SizeMemo } from './image-sizes.js';
import { contentHash, type InputIndex } from './input-index.js';
import { readText } from './read-text.js';
import { registryProblems } from './registry-checks.js';
import { linesOf, validateJson, type LineLookup } from './validate-json.js';
import type { EntryMemo } from './entry-memo.js';

/** Validated content of a project, with the warnings found on the way. */
export interface Content {
  site: SiteConfig;
  tutorials: Tutorial[];
  ads: Ad[];
  bodies: Map<string, BodyDoc>;
  pages: Map<string, PageDoc>;
  warnings: Problem[];
}

/** The Markdown file a route's page is made from (its tutorial body or static page), if any. */
export function sourceFile(content: Pick<Content, 'bodies' | 'pages'>, route: Pick<Route, 'kind' | 'ref'>): string | undefined {
  return route.kind === 'tutorial' ? content.bodies.get(route.ref!)?.file : route.kind === 'static' ? content.pages.get(route.ref!)?.file : undefined;
}

/** Project-relative path with forward slashes, as shown in messages. */
export function rel(root: string, abs: string): string {
  return path.relative(root, abs).split(path.sep).join('/');
}

/**
 * The site URL of `root`'s content/site.json, read leniently before the content is loaded (dev needs its base
 * to start serving); undefined when the file or its "url" cannot be read (the load reports why).
 */
export function siteUrlOf(root: string): string | undefined {
  try {
    const url = (parseJsonc(fs.readFileSync(path.join(root, 'content', 'site.json'), 'utf8')) as { url?: unknown } | undefined)?.url;
    return typeof url === 'string' && URL.canParse(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** What reading one tutorial body gave: the doc, or the problems that stopped it (warnings ride along). */
export type BodyRead = { doc?: BodyDoc; problems: Problem[] };

/** How loadContent reads: every option is for a build or for dev, and none changes what valid content gives. */
export interface LoadOptions {
  /** Bodies whose size and mtime it records are not read (a build; see content/input-index.ts). */
  index?: InputIndex;
  /** A build: bodies keep no text once validated, they read it again when a page is rendered from them. */
  lean?: boolean;
  /** Hears, before any body is read, the registered bodies that exist (in registry order, the order of their pages) and the raw-HTML setting. */
  listed?: (files: string[], allowRawHtml: boolean) => void;
  /** Image sizes read before (the index's, or dev's). */
  imageMemo?: SizeMemo;
  /** Reads one body (dev's, which keeps what it read; see dev/known-bodies.ts); by default the file is read and validated. */
  readBody?: (file: string, sizes: ImageSizes) => Promise<BodyRead>;
  /** The registry entries validated by the last load (dev's): only changed entries are validated again. */
  registryMemo?: EntryMemo;
}

/** Loads `root/content`; resolves to Content or to the full list of problems (errors and warnings). */
export async function loadContent(root: string, o: LoadOptions = {}): Promise<{ content?: Content; problems: Problem[] }> {
  const { index, lean = false, listed } = o;
  const dir = path.join(root, 'content');
  if (!fs.existsSync(dir)) {
    return { problems: [problem('no content/ folder here', { file: rel(root, dir) || 'content', hint: `run reactsite in a project folder or pass --root DIR (looked in ${root})` })] };
  }
  const problems: Problem[] = [];
  let registryLine: LineLookup = () => undefined;
  const json = async <T>(name: string, schema: Parameters<typeof validateJson>[2], memo?: EntryMemo): Promise<T | undefined> => {
    const file = `content/${name}`;
    const { text, problem: p } = await readText(path.join(dir, name), file);
    if (p) return void problems.push(p);
    // A build takes the registry it validated last time when the text is the same (see registry-memo.ts).
    const validated = name === 'registry.json' ? index?.registry : undefined;
    const hash = validated && contentHash(text!);
    const known = hash && validated!.get(hash);
    const r = known ? { value: known, problems: [], lineFor: linesOf(text!) } : validateJson(file, text!, schema, memo);
    if (hash && !known && r.value !== undefined) validated!.set(hash, r.value);
    problems.push(...r.problems);
    if (name === 'registry.json' && r.lineFor) registryLine = r.lineFor;
    return r.value as T | undefined;
  };
  const [site, tutorials, ads] = await Promise.all([
    json<SiteConfig>('site.json', siteSchema),
    json<Tutorial[]>('registry.json', registrySchema, o.registryMemo),
    json<Ad[]>('ads.json', adsSchema),
  ]);

  // Each image the docs name is read once a load.
  const sizes = new ImageSizes(root, o.imageMemo ?? index?.images);
  const readBody = o.readBody ?? ((file: string) => (index ? indexedBodyDoc(root, file, index, lean, sizes) : readBodyDoc(root, file, lean, sizes)));
  const bodies: Content['bodies'] = new Map();
  const bodyFiles = await fg('tutorials/*.md', { cwd: dir });
  const bodyIds = new Set(bodyFiles.map((f) => path.basename(f, '.md')));
  if (listed && site && tutorials) listed(tutorials.filter((t) => bodyIds.has(t.id)).map((t) => `content/tutorials/${t.id}.md`), site.allowRawHtml);
  await Promise.all(
    bodyFiles.sort().map(async (f) => {
      const r = await readBody(`content/${f}`, sizes);
      problems.push(...r.problems);
      if (r.doc) bodies.set(path.basename(f, '.md'), r.doc);
    }),
  );

  const pages: Content['pages'] = new Map();
  const pageFiles = await fg('pages/*.md', { cwd: dir });
  await Promise.all(
    pageFiles.sort().map(async (f) => {
      const r = await readPageDoc(root, `content/${f}`, sizes);
      problems.push(...r.problems);
      if (r.doc) pages.set(path.basename(f, '.md'), r.doc);
    }),
  );

  // Files are read concurrently; order the maps so nothing downstream depends on which read finished first.
  sortInPlace(bodies);
  sortInPlace(pages);
  if (tutorials) {
    problems.push(...registryProblems(tutorials, registryLine));
    const ids = tutorials.map((t) => t.id);
    const idSet = new Set(ids);
    for (const id of [...bodyIds].sort()) {
      if (idSet.has(id)) continue;
      const near = nearest(id, ids.filter((i) => !bodyIds.has(i)));
      const hint = near ? `rename the file to content/tutorials/${near}.md (ids are lowercase), or add an entry with id "${id}" to content/registry.json` : `add an entry with id "${id}" to content/registry.json, or rename the file to a registered id`;
      problems.push(problem(`body has no registry entry with id "${id}"`, { file: `content/tutorials/${id}.md`, field: 'file name', hint }));
    }
    tutorials.forEach((t, i) => {
      if (!bodyIds.has(t.id)) problems.push(warning(`registry entry "${t.id}" has no body; its page shows "Tutorial component not found"`, { file: 'content/registry.json', line: registryLine([i, 'id']), field: `[${i}].id`, hint: `create content/tutorials/${t.id}.md` }));
    });
  }
  if (!site || !tutorials || !ads || problems.some((p) => p.severity === 'error')) return { problems };
  return { content: { site, tutorials, ads, bodies, pages, warnings: problems }, problems };
}

function sortInPlace<V>(map: Map<string, V>): void {
  const entries = [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  map.clear();
  for (const [k, v] of entries) map.set(k, v);
}
