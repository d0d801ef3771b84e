/** Reads one tutorial body or static page: text checks, front matter and its schema; `load` and dev's single-file rebuilds both use it. */
import fs from 'node:fs';
import path from 'node:path';
import { contentHash, type InputIndex } from '../cache/input-index.js';
import type { Faq } from '../../site/types.js';
import { problem, ReactsiteError, type Problem } from '../problems/problem.js';
import { parseFrontMatter } from './front-matter.js';
import { readText } from './read-text.js';
import { pageMatterSchema, tutorialMatterSchema } from './schemas.js';

/** A Markdown source ready for the markdown stage. */
export interface SourceDoc { file: string; content: string; bodyLine: number }

/** A tutorial body: its Markdown, its front matter, and the hash of its Markdown text. */
export type BodyDoc = SourceDoc & { faq: Faq[]; updated?: string; contentHash: string };

/** A static page: its Markdown, title and description. */
export type PageDoc = SourceDoc & { title: string; description: string };

/** The body `file` (project-relative, `content/tutorials/<id>.md`) of project `root`, or every problem found. */
export async function readBodyDoc(root: string, file: string): Promise<{ doc?: BodyDoc; problems: Problem[] }> {
  const { text, problem: p } = await readText(path.join(root, file), file);
  if (p) return { problems: [p] };
  if (!text!.trim()) return { problems: [problem('the tutorial body is empty', { file, hint: 'write the tutorial, or delete the file and its registry entry' })] };
  const src = parseFrontMatter(file, text!, tutorialMatterSchema);
  const doc = src.data && { file, content: src.content, bodyLine: src.bodyLine, faq: src.data.faq, updated: src.data.updated, contentHash: contentHash(src.content) };
  return { doc, problems: src.problems };
}

/**
 * readBodyDoc through `index`: a body whose size and mtime are the indexed ones is not read (its text is read if
 * a page is rendered from it); any other is read, validated and indexed.
 */
export async function indexedBodyDoc(root: string, file: string, index: InputIndex): Promise<{ doc?: BodyDoc; problems: Problem[] }> {
  // Stat first: a file changed after it is read again next time, whatever this read gets.
  const st = await fs.promises.stat(path.join(root, file)).catch(() => undefined);
  const hit = st && index.get(file, st);
  if (hit) return { doc: lazyBody(root, file, hit), problems: hit.problems };
  const r = await readBodyDoc(root, file);
  if (st && r.doc) index.record(file, { size: st.size, mtimeMs: st.mtimeMs, contentHash: r.doc.contentHash, bodyLine: r.doc.bodyLine, faq: r.doc.faq, updated: r.doc.updated, problems: r.problems });
  return r;
}

/** An indexed body whose text is read on first use, and must still be the indexed text. */
function lazyBody(root: string, file: string, e: { contentHash: string; bodyLine: number; faq?: Faq[]; updated?: string }): BodyDoc {
  let text: string | undefined;
  return {
    file,
    bodyLine: e.bodyLine,
    faq: e.faq ?? [],
    updated: e.updated,
    contentHash: e.contentHash,
    get content(): string {
      if (text === undefined) {
        const raw = fs.readFileSync(path.join(root, file), 'utf8');
        // As readText gives it: without a byte order mark.
        const src = parseFrontMatter(file, raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw, tutorialMatterSchema);
        if (contentHash(src.content) !== e.contentHash) throw new ReactsiteError(problem('the file changed while the build was running', { file, hint: 'run the build again' }));
        text = src.content;
      }
      return text;
    },
  };
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
