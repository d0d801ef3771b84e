/**
 * What tutorial pages keep of their Markdown, packed: each thread of a build appends, for each page it renders from
 * Markdown, the facts the build keeps (words, links, warnings) and the body's HTML to a pack file of its own, and the
 * page store's index remembers where each page's record is (pack, offset, length): a line of JSON, then the HTML.
 * A page whose body is unchanged but whose page is not (a registry or layout change) is then rendered around its
 * kept body HTML, without reading its Markdown. The HTML is kept under a key of what it depends on besides the
 * Markdown (site components, base, island chunks); under another key the body is parsed again from its source. No
 * tree is kept: writing every page's tree cost each cold build about a twentieth of its time, for changes (another
 * base, other components) that rarely come and then cost what a build from scratch costs of Markdown. One append
 * per page instead of a file per page: creating thousands of small files cost more than writing them. A record is
 * trusted only when its head parses, names the expected key and gives the length of the HTML that follows it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { isRunning } from '../cache/running-process.js';
import type { MarkdownResult } from '../markdown/render-markdown.js';
import type { RenderedBody } from '../../site/types.js';

/** Where one page's record is stored, and the Markdown key it was stored under. */
export interface PackRef { key: string; pack: string; offset: number; length: number }

/** Whether `v` has the shape of a PackRef. */
export function isPackRef(v: unknown): v is PackRef {
  const r = v as PackRef | undefined;
  return typeof r?.key === 'string' && typeof r.pack === 'string' && /^[\w.-]+\.pack$/.test(r.pack) && Number.isInteger(r.offset) && r.offset >= 0 && Number.isInteger(r.length) && r.length > 0;
}

/** What a page keeps of its Markdown result: the facts the build reads after rendering it. */
export type KeptMarkdown = Pick<MarkdownResult, 'words' | 'links' | 'warnings'>;

/** A packed page: its kept Markdown facts and its body's HTML. */
export interface PackedPage { md: KeptMarkdown; rendered: RenderedBody }

/**
 * The head of a pack record (one line of JSON): the Markdown key, the kept facts, and the key and islands of the
 * body's HTML, which follows the head's line break as it is, to the record's end (JSON would escape its every quote).
 */
interface PackHead extends KeptMarkdown { key: string; body: { key: string; islands: RenderedBody['islands']; eager: RenderedBody['eager']; /** The HTML's length, so that a record cut short is never taken. */ chars: number } }

function isPackHead(h: Partial<PackHead>): h is PackHead {
  const b = h.body;
  return typeof h.words === 'number' && Array.isArray(h.links) && Array.isArray(h.warnings) && typeof b?.key === 'string' && Array.isArray(b.islands) && Array.isArray(b.eager) && Number.isInteger(b.chars);
}

/** The packs of one thread in one build, in `dir` (normally `<root>/.cache/reactsite/pages/packs`). */
export class MarkdownPacks {
  private fd: number | undefined;
  private name = '';
  private size = 0;
  private failed = false;

  constructor(private readonly dir: string) {}

  /**
   * The page stored at `ref`, when its body's HTML was rendered under `bodyKey` (the same site components, base and
   * island chunks); undefined when its pack is gone, torn, holds something else there, or the HTML another key.
   */
  get(ref: PackRef, bodyKey: string): PackedPage | undefined {
    let fd: number | undefined;
    try {
      fd = fs.openSync(path.join(this.dir, ref.pack), 'r');
      // A damaged index must not make this allocate more than the pack holds.
      if (ref.offset + ref.length > fs.fstatSync(fd).size) return undefined;
      const buf = Buffer.alloc(ref.length);
      if (fs.readSync(fd, buf, 0, ref.length, ref.offset) !== ref.length) return undefined;
      const text = buf.toString('utf8');
      const cut = text.indexOf('\n');
      if (cut < 0) return undefined;
      const head = JSON.parse(text.slice(0, cut)) as Partial<PackHead>;
      if (head.key !== ref.key || !isPackHead(head) || head.body.key !== bodyKey || text.length - cut - 1 !== head.body.chars) return undefined;
      const rendered: RenderedBody = { html: text.slice(cut + 1), islands: head.body.islands, eager: head.body.eager };
      return { md: { words: head.words, links: head.links, warnings: head.warnings }, rendered };
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }

  /**
   * Appends what the page of `md` keeps, under `key`, with its body's HTML rendered under `body.key`; undefined when
   * the pack cannot be written (only speed is lost).
   */
  put(key: string, md: KeptMarkdown, body: { key: string; rendered: RenderedBody }): PackRef | undefined {
    if (this.failed) return undefined;
    try {
      if (this.fd === undefined) {
        fs.mkdirSync(this.dir, { recursive: true });
        this.name = `${process.pid}-${threadId}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.pack`;
        this.fd = fs.openSync(path.join(this.dir, this.name), 'wx');
      }
      const { html, islands, eager } = body.rendered;
      const head: PackHead = { key, words: md.words, links: md.links, warnings: md.warnings, body: { key: body.key, islands, eager, chars: html.length } };
      const buf = Buffer.from(`${JSON.stringify(head)}\n${html}`);
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
