/** Reads one tutorial body or static page from disk, as load.ts does for every file, for dev's single-file rebuilds. */
import path from 'node:path';
import type { Content } from './load-content.js';
import { pageMatterSchema, tutorialMatterSchema } from './schemas.js';
import { problem, ReactsiteError, throwIfErrors } from '../problems/problem.js';
import { parseFrontMatter } from './front-matter.js';
import { readText } from './read-text.js';

type BodyDoc = Content['bodies'] extends Map<string, infer D> ? D : never;
type PageDoc = Content['pages'] extends Map<string, infer D> ? D : never;

async function textOf(root: string, file: string): Promise<string> {
  const { text, problem: p } = await readText(path.join(root, file), file);
  if (p) throw new ReactsiteError(p);
  return text!;
}

/** The body `file` (project-relative, `content/tutorials/<id>.md`), validated; throws ReactsiteError. */
export async function readBody(root: string, file: string): Promise<BodyDoc> {
  const text = await textOf(root, file);
  if (!text.trim()) throw new ReactsiteError(problem('the tutorial body is empty', { file, hint: 'write the tutorial, or delete the file and its registry entry' }));
  const src = parseFrontMatter(file, text, tutorialMatterSchema);
  throwIfErrors(src.problems);
  if (!src.data) throw new ReactsiteError(problem('front matter could not be read', { file }));
  return { file, content: src.content, bodyLine: src.bodyLine, faq: src.data.faq, updated: src.data.updated };
}

/** The static page `file` (project-relative, `content/pages/<name>.md`), validated; throws ReactsiteError. */
export async function readPage(root: string, file: string): Promise<PageDoc> {
  const text = await textOf(root, file);
  const src = parseFrontMatter(file, text, pageMatterSchema);
  throwIfErrors(src.problems);
  if (!src.data) throw new ReactsiteError(problem('front matter could not be read', { file }));
  return { file, content: src.content, bodyLine: src.bodyLine, ...src.data };
}
