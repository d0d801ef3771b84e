/**
 * Markdown results of tutorial pages, packed: each thread of a build appends the results it makes to a pack file
 * of its own, and the page store's index remembers where each page's result is (pack, offset, length). A page
 * whose body is unchanged but whose page is not (a registry or layout change) is then rendered from its stored
 * tree without parsing Markdown again, and from its body's HTML when the site's components are unchanged (a
 * record keeps that HTML ahead of the tree, which is then not even parsed). One append per page instead of a
 * file per page: creating thousands of small files cost more than writing them. A record is trusted only when
 * it parses and names the expected key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { isMarkdownResult } from './markdown-cache.js';
import { isRunning } from './running-process.js';
import type { MarkdownResult } from '../markdown/render-markdown.js';
import type { RenderedBody } from '../../site/types.js';
import { packHast, unpackHast, type PackedNode } from './compact-hast.js';

/** Where one page's Markdown result is stored, and the Markdown key it was stored under. */
export interface PackRef { key: string; pack: string; offset: number; length: number }

/** Whether `v` has the shape of a PackRef. */
export function isPackRef(v: unknown): v is PackRef {
  const r = v as PackRef | undefined;
  return typeof r?.key === 'string' && typeof r.pack === 'string' && /^[\w.-]+\.pack$/.test(r.pack) && Number.isInteger(r.offset) && r.offset >= 0 && Number.isInteger(r.length) && r.length > 0;
}

/** A packed page's Markdown result (its hast only when its body HTML is not there) and its body's HTML. */
export interface PackedPage { md: Omit<MarkdownResult, 'hast'> & { hast?: MarkdownResult['hast'] }; rendered?: RenderedBody }

/** The head of a pack record: the Markdown key, the result without its hast, and the body's HTML with its key. */
interface PackHead extends Omit<MarkdownResult, 'hast'> { key: string; body?: { key: string; rendered: RenderedBody } }

function isPackHead(h: Partial<PackHead>): h is PackHead {
  const r = h.body?.rendered;
  return typeof h.words === 'number' && Array.isArray(h.code) && Array.isArray(h.links) && Array.isArray(h.warnings) && (h.body === undefined || (typeof h.body.key === 'string' && typeof r?.html === 'string' && Array.isArray(r.islands) && Array.isArray(r.eager)));
}

/** The packs of one thread in one build, in `dir` (normally `<root>/.cache/reactsite/pages/packs`). */
export class MarkdownPacks {
  private fd: number | undefined;
  private name = '';
  private size = 0;
  private failed = false;

  constructor(private readonly dir: string) {}

  /**
   * The result stored at `ref`, or undefined when its pack is gone, torn, or holds something else there. Its body's
   * HTML comes with it when it was rendered under `bodyKey` (the same site components, base and island chunks);
   * only otherwise is its hast parsed.
   */
  get(ref: PackRef, bodyKey: string): PackedPage | undefined {
    let fd: number | undefined;
    try {
      fd = fs.openSync(path.join(this.dir, ref.pack), 'r');
      // A damaged index must not make this allocate more than the pack holds.
      if (ref.offset + ref.length > fs.fstatSync(fd).size) return undefined;
      const buf = Buffer.alloc(ref.length);
      if (fs.readSync(fd, buf, 0, ref.length, ref.offset) !== ref.length) return undefined;
      // A record is its head (JSON without a line break), a line break, and its hast packed (see compact-hast.ts).
      const text = buf.toString('utf8');
      const cut = text.indexOf('\n');
      if (cut < 0) return undefined;
      const head = JSON.parse(text.slice(0, cut)) as Partial<PackHead>;
      if (head.key !== ref.key || !isPackHead(head)) return undefined;
      const { key: _key, body, ...facts } = head;
      if (body?.key === bodyKey) return { md: facts, rendered: body.rendered };
      const md = { ...facts, hast: unpackHast(JSON.parse(text.slice(cut + 1)) as PackedNode) };
      return isMarkdownResult(md) ? { md } : undefined;
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }

  /**
   * Appends `md` under `key` to this thread's pack, with its body's HTML rendered under `body.key`; undefined when
   * the pack cannot be written (only speed is lost).
   */
  put(key: string, md: MarkdownResult, body?: { key: string; rendered: RenderedBody }): PackRef | undefined {
    if (this.failed) return undefined;
    try {
      if (this.fd === undefined) {
        fs.mkdirSync(this.dir, { recursive: true });
        this.name = `${process.pid}-${threadId}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.pack`;
        this.fd = fs.openSync(path.join(this.dir, this.name), 'wx');
      }
      const { hast, ...facts } = md;
      const head: PackHead = { key, ...facts, body };
      const buf = Buffer.from(`${JSON.stringify(head)}\n${JSON.stringify(packHast(hast))}`);
      fs.writeSync(this.fd, buf, 0, buf.length, this.size);
      const ref = { key, pack: this.name, offset: this.size, length: buf.length };
      this.size += buf.length;
      return ref;
    } catch {
      this.failed = true;
      return undefined;
    }
  }

  /** Closes this thread's pack. */
  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }
}

/**
 * Deletes the packs in `dir` that no page of the saved index refers to, except those another running build is
 * still writing (named after its process id).
 */
export function prunePacks(dir: string, live: ReadonlySet<string>): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (live.has(name)) continue;
    const pid = Number(name.split('-')[0]);
    if (pid !== process.pid && isRunning(pid)) continue;
    fs.rmSync(path.join(dir, name), { force: true });
  }
}
