/** Reads one tutorial body or static page: text checks, front matter and its schema; `load` and dev's single-file rebuilds both use it. */
import fs from 'node:fs';
import path from 'node:path';
import { contentHash, type InputIndex } from './input-index.js';
import type { Faq } from '../../site/types.js';
import { problem, ReactsiteError, type Problem } from '../problems/problem.js';
import { parseFrontMatter } from './front-matter.js';
import { readText } from './read-text.js';
import { pageMatterSchema, tutorialMatterSchema } from './schemas.js';
import { imageRefs, type ImageSizeTable } from './image-refs.js';
import { ImageSizes } from './image-sizes.js';

/**
 * A Markdown source ready for the markdown stage: the site images its text names (see imageRefs) and the size of
 * those in public/, which its images are given (and which are part of its cache keys).
 */
export interface SourceDoc { file: string; content: string; bodyLine: number; images?: string[]; imageSizes?: ImageSizeTable }

/**
 * Where a body's Markdown is, for any thread to read it again (readBodySource): the file, the offset of the
 * Markdown in its text (after the front matter; parsed again where unknown) and the hash it must still have.
 */
export interface BodySource { path: string; offset?: number; contentHash: string }

/**
 * A tutorial body: its Markdown, its front matter, the hash of its Markdown text, its fence lines and their
 * languages and, for a body that keeps no text (a build's), where to read it again.
 */
export type BodyDoc = SourceDoc & { faq: Faq[]; updated?: string; contentHash: string; fences?: number; langs?: string[]; source?: BodySource };

/** How many lines of `markdown` open or close a fenced code block (about twice its blocks). */
export function fenceLines(markdown: string): number {
  return fenceFacts(markdown).lines;
}

/**
 * How many lines of `markdown` open or close a fenced code block, and the language word of those that name one
 * (` ```py title="x" ` gives "py"), lowercased, each once, in the order they come.
 */
export function fenceFacts(markdown: string): { lines: number; langs: string[] } {
  let lines = 0;
  const langs = new Set<string>();
  // Found by searching for the fence marks, not by a pattern tried at every line start (34 ms of dev's 4,000-body
  // start): the same lines as /^ {0,3}(?:```|~~~)[ \t]*([^\s`{]*)/gm.
  let ticks = markdown.indexOf('```');
  let tildes = markdown.indexOf('~~~');
  while (ticks >= 0 || tildes >= 0) {
    const at = tildes < 0 || (ticks >= 0 && ticks < tildes) ? ticks : tildes;
    if (opensLine(markdown, at)) {
      lines++;
      FENCE_LANG.lastIndex = at + 3;
      const lang = FENCE_LANG.exec(markdown)![1];
      if (lang) langs.add(lang.toLowerCase());
    }
    if (at === ticks) ticks = markdown.indexOf('```', at + 1);
    else tildes = markdown.indexOf('~~~', at + 1);
  }
  return { lines, langs: [...langs] };
}

/** The language word after a fence mark. */
const FENCE_LANG = /[ \t]*([^\s`{]*)/y;

/** Whether `at` is where a line starts, after at most three spaces (a regex's `^` in multiline mode: after \n, \r, U+2028, U+2029). */
function opensLine(text: string, at: number): boolean {
  let i = at;
  while (i > 0 && at - i < 3 && text.charCodeAt(i - 1) === 32) i--;
  if (i === 0) return true;
  const c = text.charCodeAt(i - 1);
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/** A static page: its Markdown, title and description. */
export type PageDoc = SourceDoc & { title: string; description: string };

/**
 * The body `file` (project-relative, `content/tutorials/<id>.md`) of project `root`, or every problem found.
 * `lean` (a build): the doc does not keep the text, it reads it again when asked (see leanBody).
 */
export async function readBodyDoc(root: string, file: string, lean = false, sizes = new ImageSizes(root)): Promise<{ doc?: BodyDoc; problems: Problem[]; offset?: number }> {
  const { text, problem: p } = await readText(path.join(root, file), file);
  if (p) return { problems: [p] };
  if (!text!.trim()) return { problems: [problem('the tutorial body is empty', { file, hint: 'write the tutorial, or delete the file and its registry entry' })] };
  const src = parseFrontMatter(file, text!, tutorialMatterSchema);
  if (!src.data) return { problems: src.problems };
  // A copy of the FAQ: YAML's strings are slices that would keep the whole front matter text alive.
  const faq = lean ? structuredClone(src.data.faq) : src.data.faq;
  const fence = fenceFacts(src.content);
  const images = imageRefs(src.content);
  const fields = { bodyLine: src.bodyLine, faq, updated: src.data.updated, contentHash: contentHash(src.content), fences: fence.lines, ...(fence.langs.length && { langs: fence.langs }), ...withSizes(images, sizes) };
  // The Markdown is the end of the file (after the front matter): a lean doc reads it from there.
  const offset = text!.endsWith(src.content) ? text!.length - src.content.length : undefined;
  const doc = lean && offset !== undefined ? leanBody(file, { path: path.join(root, file), offset, contentHash: fields.contentHash }, fields) : { file, content: src.content, ...fields };
  return { doc, problems: src.problems, offset };
}

/**
 * readBodyDoc through `index`: a body whose size and mtime are the indexed ones is not read (its text is read if
 * a page is rendered from it); any other is read, validated and indexed.
 */
export async function indexedBodyDoc(root: string, file: string, index: InputIndex, lean = false, sizes = new ImageSizes(root)): Promise<{ doc?: BodyDoc; problems: Problem[] }> {
  // Stat first (or take the build's first stat): a file changed after it is read again next time, whatever this read gets.
  const st = await index.stat(root, file);
  const hit = st && index.get(file, st);
  if (hit) return { doc: lazyBody(root, file, hit, sizes), problems: hit.problems };
  const { offset, ...r } = await readBodyDoc(root, file, lean, sizes);
  if (st && r.doc) index.record(file, st, { contentHash: r.doc.contentHash, bodyLine: r.doc.bodyLine, faq: r.doc.faq, updated: r.doc.updated, problems: r.problems, offset, fences: r.doc.fences, langs: r.doc.langs, images: r.doc.images });
  return r;
}

/** A doc's image fields: the paths its text names and, read now, the size of those found (none when it names none). */
function withSizes(images: string[] | undefined, sizes: ImageSizes): Pick<SourceDoc, 'images' | 'imageSizes'> {
  if (!images?.length) return {};
  const imageSizes = sizes.of(images);
  return imageSizes ? { images, imageSizes } : { images };
}

/** An indexed body whose text is read on first use, and must still be the indexed text. */
function lazyBody(root: string, file: string, e: { contentHash: string; bodyLine: number; faq?: Faq[]; updated?: string; offset?: number; fences?: number; langs?: string[]; images?: string[] }, sizes: ImageSizes): BodyDoc {
  let text: string | undefined;
  const source: BodySource = { path: path.join(root, file), offset: e.offset, contentHash: e.contentHash };
  return {
    file,
    bodyLine: e.bodyLine,
    faq: e.faq ?? [],
    updated: e.updated,
    contentHash: e.contentHash,
    fences: e.fences,
    langs: e.langs,
    ...withSizes(e.images, sizes),
    source,
    get content(): string {
      return (text ??= readBodySource(source, file));
    },
  };
}

/**
 * A body that keeps no text: each read of `content` reads the file again from its source. A 4,000-page build
 * then holds no body it is not rendering (45 MB less heap, and a heap V8 lets grow several times over what it holds).
 */
function leanBody(file: string, source: BodySource, fields: Omit<BodyDoc, 'file' | 'content' | 'source'>): BodyDoc {
  return {
    file,
    ...fields,
    source,
    get content(): string {
      return readBodySource(source, file);
    },
  };
}

/**
 * The Markdown of a body read again from `source` (on any thread), without the byte order mark; throws a
 * ReactsiteError naming `file` when it is no longer the text that was validated.
 */
export function readBodySource(source: BodySource, file: string): string {
  const raw = fs.readFileSync(source.path, 'utf8');
  const whole = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const text = source.offset !== undefined ? whole.slice(source.offset) : parseFrontMatter(file, whole, tutorialMatterSchema).content;
  if (contentHash(text) !== source.contentHash) throw new ReactsiteError(problem('the file changed while the build was running', { file, hint: 'run the build again' }));
  return text;
}

/** The static page `file` (project-relative, `content/pages/<name>.md`) of project `root`, or every problem found. */
export async function readPageDoc(root: string, file: string, sizes = new ImageSizes(root)): Promise<{ doc?: PageDoc; problems: Problem[] }> {
  const { text, problem: p } = await readText(path.join(root, file), file);
  if (p) return { problems: [p] };
  const src = parseFrontMatter(file, text!, pageMatterSchema);
  return { doc: src.data && { file, content: src.content, bodyLine: src.bodyLine, ...src.data, ...withSizes(imageRefs(src.content), sizes) }, problems: src.problems };
}

/** The doc a reader found, or a ReactsiteError with its problems (warnings alone do not stop it). */
function orThrow<D>({ doc, problems }: { doc?: D; problems: Problem[] }, file: string): D {
  if (problems.some((p) => p.severity === 'error')) throw new ReactsiteError(problems);
  if (!doc) throw new ReactsiteError(problem('front matter could not be read', { file }));
  return doc;
}

/** The body `file`, validated, its images sized by `sizes`; throws ReactsiteError (dev's single-file rebuilds). */
export async function readBody(root: string, file: string, sizes = new ImageSizes(root)): Promise<BodyDoc> {
  return orThrow(await readBodyDoc(root, file, false, sizes), file);
}

/** The static page `file`, validated, its images sized by `sizes`; throws ReactsiteError (dev's single-file rebuilds). */
export async function readPage(root: string, file: string, sizes = new ImageSizes(root)): Promise<PageDoc> {
  return orThrow(await readPageDoc(root, file, sizes), file);
}
