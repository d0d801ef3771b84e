/** Reads one tutorial body or static page: text checks, front matter and its schema; `load` and dev's single-file rebuilds both use it. */
import path from 'node:path';
import type { Faq } from '../../site/types.js';
import { problem, ReactsiteError, type Problem } from '../problems/problem.js';
import { parseFrontMatter } from './front-matter.js';
import { readText } from './read-text.js';
import { pageMatterSchema, tutorialMatterSchema } from './schemas.js';

/** A Markdown source ready for the markdown stage. */
export interface SourceDoc { file: string; content: string; bodyLine: number }

/** A tutorial body: its Markdown and its front matter. */
export type BodyDoc = SourceDoc & { faq: Faq[]; updated?: string };

/** A static page: its Markdown, title and description. */
export type PageDoc = SourceDoc & { title: string; description: string };

/** The body `file` (project-relative, `content/tutorials/<id>.md`) of project `root`, or every problem found. */
export async function readBodyDoc(root: string, file: string): Promise<{ doc?: BodyDoc; problems: Problem[] }> {
  const { text, problem: p } = await readText(path.join(root, file), file);
  if (p) return { problems: [p] };
  if (!text!.trim()) return { problems: [problem('the tutorial body is empty', { file, hint: 'write the tutorial, or delete the file and its registry entry' })] };
  const src = parseFrontMatter(file, text!, tutorialMatterSchema);
  const doc = src.data && { file, content: src.content, bodyLine: src.bodyLine, faq: src.data.faq, updated: src.data.updated };
  return { doc, problems: src.problems };
}

/** The static page `file` (project-relative, `content/pages/<name>.md`) of project `root`, or every problem found. */
export async function readPageDoc(root: string, file: string): Promise<{ doc?: PageDoc; problems: Problem[] }> {
  const { text, problem: p } = await readText(path.join(root, file), file);
  if (p) return { problems: [p] };
  const src = parseFrontMatter(file, text!, pageMatterSchema);
  return { doc: src.data && { file, content: src.content, bodyLine: src.bodyLine, ...src.data }, problems: src.problems };
}

/** The doc a reader found, or a ReactsiteError with its problems (warnings alone do not stop it). */
function orThrow<D>({ doc, problems }: { doc?: D; problems: Problem[] }, file: string): D {
  if (problems.some((p) => p.severity === 'error')) throw new ReactsiteError(problems);
  if (!doc) throw new ReactsiteError(problem('front matter could not be read', { file }));
  return doc;
}

/** The body `file`, validated; throws ReactsiteError (dev's single-file rebuilds). */
export async function readBody(root: string, file: string): Promise<BodyDoc> {
  return orThrow(await readBodyDoc(root, file), file);
}

/** The static page `file`, validated; throws ReactsiteError (dev's single-file rebuilds). */
export async function readPage(root: string, file: string): Promise<PageDoc> {
  return orThrow(await readPageDoc(root, file), file);
}
