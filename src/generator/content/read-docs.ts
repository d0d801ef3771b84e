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

/** A tutorial body: its Markdown, its front matter, the hash of its Markdown text and, once read, its fence lines. */
export type BodyDoc = SourceDoc & { faq: Faq[]; updated?: string; contentHash: string; fences?: number };

/** How many lines of `markdown` open or close a fenced code block (about twice its blocks). */
export function fenceLines(markdown: string): number {
  return markdown.match(/^ {0,3}(```|~~~)/gm)?.length ?? 0;
}

/** A static page: its Markdown, title and description. */
export type PageDoc = SourceDoc & { title: string; description: string };

/**
 * The body `file` (project-relative, `content/tutorials/<id>.md`) of project `root`, or every problem found.
 * `lean` (a build): the doc does not keep the text, it reads it again when asked (see leanBody).
 */
export async function readBodyDoc(root: string, file: string, lean = false): Promise<{ doc?: BodyDoc; problems: Problem[] }> {
  const { text, problem: p } = await readText(path.join(root, file), file);
  if (p) return { problems: [p] };
  if (!text!.trim()) return { problems: [problem('the tutorial body is empty', { file, hint: 'write the tutorial, or delete the file and its registry entry' })] };
  const src = parseFrontMatter(file, text!, tutorialMatterSchema);
  if (!src.data) return { problems: src.problems };
  // A copy of the FAQ: YAML's strings are slices that would keep the whole front matter text alive.
  const faq = lean ? structuredClone(src.data.faq) : src.data.faq;
  const fields = { bodyLine: src.bodyLine, faq, updated: src.data.updated, contentHash: contentHash(src.content), fences: fenceLines(src.content) };
  // The Markdown is the end of the file (after the front matter): a lean doc reads it from there.
  const doc = lean && text!.endsWith(src.content) ? leanBody(root, file, text!.length - src.content.length, fields) : { file, content: src.content, ...fields };
  return { doc, problems: src.problems };
}

/**
 * readBodyDoc through `index`: a body whose size and mtime are the indexed ones is not read (its text is read if
 * a page is rendered from it); any other is read, validated and indexed.
 */
export async function indexedBodyDoc(root: string, file: string, index: InputIndex, lean = false): Promise<{ doc?: BodyDoc; problems: Problem[] }> {
  // Stat first: a file changed after it is read again next time, whatever this read gets.
  const st = await fs.promises.stat(path.join(root, file)).catch(() => undefined);
  const hit = st && index.get(file, st);
  if (hit) return { doc: lazyBody(root, file, hit), problems: hit.problems };
  const r = await readBodyDoc(root, file, lean);
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

/**
 * A body that keeps no text: each read of `content` reads the file again from `offset` (its Markdown, without
 * the byte order mark) and checks it against the hash it had when validated. A 4,000-page build then holds no
 * body it is not rendering (45 MB less heap, and a heap V8 lets grow several times over what it holds).
 */
function leanBody(root: string, file: string, offset: number, fields: Omit<BodyDoc, 'file' | 'content'>): BodyDoc {
  return {
    file,
    ...fields,
    get content(): string {
      const raw = fs.readFileSync(path.join(root, file), 'utf8');
      const text = (raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw).slice(offset);
      if (contentHash(text) !== fields.contentHash) throw new ReactsiteError(problem('the file changed while the build was running', { file, hint: 'run the build again' }));
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
