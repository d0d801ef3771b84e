/**
 * Markdown results of tutorial pages, packed: each thread of a build appends the results it makes to a pack file
 * of its own, and the page store's index remembers where each page's result is (pack, offset, length). A page
 * whose body is unchanged but whose page is not (a registry or layout change) is then rendered from its stored
 * tree without parsing Markdown again. One append per page instead of a file per page: creating thousands of
 * small files cost more than writing them. A record is trusted only when it parses and names the expected key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { isMarkdownResult } from './markdown-cache.js';
import type { MarkdownResult } from '../markdown/render-markdown.js';

/** Where one page's Markdown result is stored, and the Markdown key it was stored under. */
export interface PackRef { key: string; pack: string; offset: number; length: number }

/** Whether `v` has the shape of a PackRef. */
export function isPackRef(v: unknown): v is PackRef {
  const r = v as PackRef | undefined;
  return typeof r?.key === 'string' && typeof r.pack === 'string' && /^[\w.-]+\.pack$/.test(r.pack) && Number.isInteger(r.offset) && r.offset >= 0 && Number.isInteger(r.length) && r.length > 0;
}

/** The packs of one thread in one build, in `dir` (normally `<root>/.cache/reactsite/pages/packs`). */
export class MarkdownPacks {
  private fd: number | undefined;
  private name = '';
  private size = 0;
  private failed = false;

  constructor(private readonly dir: string) {}

  /** The result stored at `ref`, or undefined when its pack is gone, torn, or holds something else there. */
  get(ref: PackRef): MarkdownResult | undefined {
    let fd: number | undefined;
    try {
      fd = fs.openSync(path.join(this.dir, ref.pack), 'r');
      // A damaged index must not make this allocate more than the pack holds.
      if (ref.offset + ref.length > fs.fstatSync(fd).size) return undefined;
      const buf = Buffer.alloc(ref.length);
      if (fs.readSync(fd, buf, 0, ref.length, ref.offset) !== ref.length) return undefined;
      const entry = JSON.parse(buf.toString('utf8')) as { key?: unknown; value?: unknown };
      return entry.key === ref.key && isMarkdownResult(entry.value) ? entry.value : undefined;
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }

  /** Appends `md` under `key` to this thread's pack; undefined when the pack cannot be written (only speed is lost). */
  put(key: string, md: MarkdownResult): PackRef | undefined {
    if (this.failed) return undefined;
    try {
      if (this.fd === undefined) {
        fs.mkdirSync(this.dir, { recursive: true });
        this.name = `${process.pid}-${threadId}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.pack`;
        this.fd = fs.openSync(path.join(this.dir, this.name), 'wx');
      }
      const buf = Buffer.from(JSON.stringify({ key, value: md }));
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

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
