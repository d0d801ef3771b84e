/** Stage 1: reads and validates every content file, returning the whole content or every problem found. */
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { Ad, Faq, SiteConfig, Tutorial } from '../site/types.js';
import { adsSchema, pageMatterSchema, registrySchema, siteSchema, tutorialMatterSchema } from './content-schema.js';
import { problem, warning, type Problem } from './errors.js';
import { parseFrontMatter } from './front-matter.js';
import { readText } from './read-text.js';
import { validateJson } from './validate.js';

/** A Markdown source ready for the markdown stage. */
export interface SourceDoc { file: string; content: string; bodyLine: number }

/** Validated content of a project, with the warnings found on the way. */
export interface Content {
  site: SiteConfig;
  tutorials: Tutorial[];
  ads: Ad[];
  bodies: Map<string, SourceDoc & { faq: Faq[]; updated?: string }>;
  pages: Map<string, SourceDoc & { title: string; description: string }>;
  warnings: Problem[];
}

/** Project-relative path with forward slashes, as shown in messages. */
export function rel(root: string, abs: string): string {
  return path.relative(root, abs).split(path.sep).join('/');
}

/** Loads `root/content`; resolves to Content or to the full list of problems (errors and warnings). */
export async function loadContent(root: string): Promise<{ content?: Content; problems: Problem[] }> {
  const dir = path.join(root, 'content');
  if (!fs.existsSync(dir)) {
    return { problems: [problem('no content/ folder here', { file: rel(root, dir) || 'content', hint: `run reactsite in a project folder or pass --root DIR (looked in ${root})` })] };
  }
  const problems: Problem[] = [];
  const json = async <T>(name: string, schema: Parameters<typeof validateJson>[2]): Promise<T | undefined> => {
    const file = `content/${name}`;
    const { text, problem: p } = await readText(path.join(dir, name), file);
    if (p) return void problems.push(p);
    const r = validateJson(file, text!, schema);
    problems.push(...r.problems);
    return r.value as T | undefined;
  };
  const [site, tutorials, ads] = await Promise.all([
    json<SiteConfig>('site.json', siteSchema),
    json<Tutorial[]>('registry.json', registrySchema),
    json<Ad[]>('ads.json', adsSchema),
  ]);

  const bodies: Content['bodies'] = new Map();
  const bodyFiles = await fg('tutorials/*.md', { cwd: dir });
  await Promise.all(
    bodyFiles.sort().map(async (f) => {
      const file = `content/${f}`;
      const { text, problem: p } = await readText(path.join(dir, f), file);
      if (p) return void problems.push(p);
      if (!text!.trim()) return void problems.push(problem('the tutorial body is empty', { file, hint: 'write the tutorial, or delete the file and its registry entry' }));
      const src = parseFrontMatter(file, text!, tutorialMatterSchema);
      problems.push(...src.problems);
      if (src.data) bodies.set(path.basename(f, '.md'), { file, content: src.content, bodyLine: src.bodyLine, faq: src.data.faq, updated: src.data.updated });
    }),
  );

  const pages: Content['pages'] = new Map();
  const pageFiles = await fg('pages/*.md', { cwd: dir });
  await Promise.all(
    pageFiles.sort().map(async (f) => {
      const file = `content/${f}`;
      const { text, problem: p } = await readText(path.join(dir, f), file);
      if (p) return void problems.push(p);
      const src = parseFrontMatter(file, text!, pageMatterSchema);
      problems.push(...src.problems);
      if (src.data) pages.set(path.basename(f, '.md'), { file, content: src.content, bodyLine: src.bodyLine, ...src.data });
    }),
  );

  if (tutorials) {
    const ids = new Set(tutorials.map((t) => t.id));
    for (const id of [...bodies.keys()].sort())
      if (!ids.has(id)) problems.push(problem(`body has no registry entry with id "${id}"`, { file: bodies.get(id)!.file, hint: 'add an entry to content/registry.json or rename the file to a registered id' }));
    for (const t of tutorials)
      if (!bodies.has(t.id)) problems.push(warning(`registry entry "${t.id}" has no body; its page shows "Tutorial component not found"`, { file: 'content/registry.json', field: `id ${t.id}`, hint: `create content/tutorials/${t.id}.md` }));
  }
  if (!site || !tutorials || !ads || problems.some((p) => p.severity === 'error')) return { problems };
  return { content: { site, tutorials, ads, bodies, pages, warnings: problems }, problems };
}
