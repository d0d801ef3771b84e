/**
 * What tutorial pages keep of their Markdown, packed: each thread of a build appends, for each page it renders from
 * Markdown, the facts the build keeps (words, links, warnings) and the body's HTML to a pack file of its own, and the
 * page store's index remembers where each page's record is (pack, offset, length). A page whose body is unchanged
 * but whose page is not (a registry or layout change) is then rendered around its kept body HTML, without reading
 * its Markdown. The HTML is kept under a key of what it depends on besides the Markdown (site components, base,
 * island chunks); under another key the body is parsed again from its source. No tree is kept: writing every
 * page's tree cost each cold build about a twentieth of its time, for changes (another base, other components)
 * that rarely come and then cost what a build from scratch costs of Markdown. One append per page instead of a
 * file per page: creating thousands of small files cost more than writing them. A record is trusted only when it
 * parses and names the expected key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { isRunning } from './running-process.js';
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

/** A pack record (one line of JSON): the Markdown key, the kept facts, and the body's HTML with its key. */
interface PackRecord extends KeptMarkdown { key: string; body: { key: string; rendered: RenderedBody } }

function isPackRecord(h: Partial<PackRecord>): h is PackRecord {
  const r = h.body?.rendered;
  return typeof h.words === 'number' && Array.isArray(h.links) && Array.isArray(h.warnings) && typeof h.body?.key === 'string' && typeof r?.html === 'string' && Array.isArray(r.islands) && Array.isArray(r.eager);
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
      const record = JSON.parse(buf.toString('utf8')) as Partial<PackRecord>;
      if (record.key !== ref.key || !isPackRecord(record) || record.body.key !== bodyKey) return undefined;
      return { md: { words: record.words, links: record.links, warnings: record.warnings }, rendered: record.body.rendered };
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
      const record: PackRecord = { key, words: md.words, links: md.links, warnings: md.warnings, body };
      // A line break ends each record, so that a pack can be read as lines.
      const buf = Buffer.from(`${JSON.stringify(record)}\n`);
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
