/**
 * The page store: finished tutorial pages as HTML files under `.cache/reactsite/pages/`, named by page key,
 * plus one index (key -> size, mtime, link facts, Markdown summary). A build hard-links stored pages into the
 * new out/ instead of reading and rewriting them; an entry counts only while its file still has the size and
 * mtime recorded when it was written, so an edited, truncated or replaced file is re-rendered, never trusted.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PlainFacts } from '../verify/html-facts.js';
import type { Problem } from '../problems/problem.js';
import type { SourceLink } from '../markdown/render-markdown.js';
import { isPackRef, prunePacks, type PackRef } from './markdown-pack.js';

/** Bumped whenever the index format or what a page key covers changes. */
const FORMAT = 4;

/** What the build needs about a page without reading it: its links and ids, and its Markdown facts. */
export interface PageMeta { facts: PlainFacts; md: { words: number; links: SourceLink[]; warnings: Problem[] } }

/** A stored page: its meta, the size and mtime its file had when written, and where its Markdown result is packed. */
export interface StoredPage extends PageMeta { size: number; mtimeMs: number; packed?: PackRef }

function isStoredPage(v: unknown): v is StoredPage {
  const e = v as StoredPage | undefined;
  return typeof e?.size === 'number' && typeof e.mtimeMs === 'number' && (e.packed === undefined || isPackRef(e.packed)) && Array.isArray(e.facts?.urls) && Array.isArray(e.facts?.ids) && Array.isArray(e.facts?.jsonLd) && Array.isArray(e.facts?.jsonLdProblems ?? []) && Array.isArray(e.facts?.metaImages) && typeof e.facts?.h1 === 'number' && typeof e.md?.words === 'number' && Array.isArray(e.md.links) && Array.isArray(e.md.warnings);
}

/** The file a page key is stored in. */
export function storedPageFile(dir: string, key: string): string {
  return path.join(dir, key.slice(0, 2), `${key}.html`);
}

/**
 * Adds a finished page file (already in the new out/) to the store under `key`, as a hard link, so its bytes are
 * written once; a copy where links fail (the store on another file system). Replaces an older file atomically.
 * Returns what the index records: the stored file's size and mtime.
 */
export function storePageFile(dir: string, key: string, file: string, written: fs.Stats): { size: number; mtimeMs: number } {
  const dest = storedPageFile(dir, key);
  const put = (to: string): fs.Stats => {
    try {
      fs.linkSync(file, to);
      return written;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' || code === 'ENOENT') throw e;
      fs.copyFileSync(file, to);
      return fs.statSync(to);
    }
  };
  let st: fs.Stats;
  try {
    st = put(dest);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') fs.mkdirSync(path.dirname(dest), { recursive: true });
    else if (code !== 'EEXIST') throw e;
    // A new folder, or an older file of this key (another build): link beside it, then rename over it.
    const tmp = `${dest}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    st = put(tmp);
    fs.renameSync(tmp, dest);
  }
  return { size: st.size, mtimeMs: st.mtimeMs };
}

/** Whether `dir` holds a page store index (a previous build stored pages there). */
export function hasPageStore(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'index.json'));
}

/** A temp file of a page write that was killed (an hour old): one being written by another build is left alone. */
function isStaleTemp(file: string): boolean {
  const st = fs.statSync(file, { throwIfNoEntry: false });
  return !!st && Date.now() - st.mtimeMs > 3_600_000;
}

/**
 * Whether a file's mtime is the recorded one cut to whole seconds, as tar archives keep it (GitHub Actions' cache
 * restores .cache/reactsite/ that way, in any checkout path). An edit through a hard link in out/ gets the time of
 * the edit, never a whole second before the recorded one.
 */
function restoredFromArchive(now: number, recorded: number): boolean {
  return now % 1000 === 0 && now === Math.floor(recorded / 1000) * 1000 && now !== recorded;
}

/** The store of one project (normally `<root>/.cache/reactsite/pages`). */
export class PageStore {
  private readonly entries = new Map<string, StoredPage>();
  private readonly used = new Map<string, StoredPage>();

  private recorded = false;
  private packs: Map<string, PackRef> | undefined;

  /** The store in `dir`; its pages' Markdown results are packed in `packDir` (see markdown-pack.ts). */
  constructor(
    readonly dir: string,
    readonly packDir = path.join(dir, 'packs'),
  ) {
    try {
      const index = JSON.parse(fs.readFileSync(this.indexFile(), 'utf8')) as { format?: number; urls?: unknown; entries?: Record<string, unknown> };
      if (index.format !== FORMAT || !Array.isArray(index.urls) || !index.entries || typeof index.entries !== 'object') return;
      const urls = index.urls as unknown[];
      for (const [k, v] of Object.entries(index.entries)) {
        const facts = (v as { facts?: { urls?: unknown } }).facts;
        if (!Array.isArray(facts?.urls)) continue;
        facts.urls = facts.urls.map((i) => urls[i as number]);
        if (isStoredPage(v) && v.facts.urls.every((u) => typeof u === 'string')) this.entries.set(k, v);
      }
    } catch {
      // No index yet, or an unreadable one: every page is simply rendered again.
    }
  }

  /** The stored page of `key` (with its file's inode and device) when its file is still the one written, else undefined. */
  get(key: string): (StoredPage & { id: { ino: number; dev: number } }) | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    const st = fs.statSync(storedPageFile(this.dir, key), { throwIfNoEntry: false });
    if (!st || st.size !== e.size) return undefined;
    if (st.mtimeMs !== e.mtimeMs) {
      if (!restoredFromArchive(st.mtimeMs, e.mtimeMs)) return undefined;
      // Recorded as it is now, so the next build compares exactly again.
      e.mtimeMs = st.mtimeMs;
      this.recorded = true;
    }
    this.used.set(key, e);
    return { ...e, id: { ino: st.ino, dev: st.dev } };
  }

  /** Where the last build packed the Markdown result of `mdKey`, if it did. */
  packedMarkdown(mdKey: string): PackRef | undefined {
    this.packs ??= new Map([...this.entries.values()].flatMap((e) => (e.packed ? [[e.packed.key, e.packed] as const] : [])));
    return this.packs.get(mdKey);
  }

  /** Records a page stored by storePageFile (on any thread) as part of this build. */
  record(key: string, page: StoredPage): void {
    this.used.set(key, page);
    this.recorded = true;
  }

  /** The file of a stored page. */
  file(key: string): string {
    return storedPageFile(this.dir, key);
  }

  /**
   * Writes the index to `file` a piece at a time: as one string, a 4,000-page index (17 MB of JSON, and a copy
   * of every entry) was the peak of a build's memory.
   */
  private writeIndex(file: string): void {
    const table = new Map<string, number>();
    const fd = fs.openSync(file, 'w');
    try {
      let chunk = `{"format":${FORMAT},"entries":{`;
      let first = true;
      for (const [k, e] of this.used) {
        const urls = e.facts.urls.map((u) => {
          let i = table.get(u);
          if (i === undefined) table.set(u, (i = table.size));
          return i;
        });
        chunk += `${first ? '' : ','}${JSON.stringify(k)}:${JSON.stringify({ ...e, facts: { ...e.facts, urls } })}`;
        first = false;
        if (chunk.length > 1 << 20) {
          fs.writeSync(fd, chunk);
          chunk = '';
        }
      }
      fs.writeSync(fd, `${chunk}},"urls":${JSON.stringify([...table.keys()])}}`);
    } finally {
      fs.closeSync(fd);
    }
  }

  /**
   * Writes the index of the pages this build used and deletes every other stored page (and stray temp files)
   * and every Markdown pack none of them refers to;
   * nothing to do when the build used exactly the stored pages. Page URLs are written once, in a table: every
   * page repeats the navigation's links, which made the index ten times larger.
   */
  save(): void {
    if (!this.recorded && this.used.size === this.entries.size) return;
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      const tmp = `${this.indexFile()}.${process.pid}.tmp`;
      this.writeIndex(tmp);
      fs.renameSync(tmp, this.indexFile());
      prunePacks(this.packDir, new Set([...this.used.values()].flatMap((e) => (e.packed ? [e.packed.pack] : []))));
      for (const sub of fs.readdirSync(this.dir, { withFileTypes: true })) {
        if (!sub.isDirectory() || path.join(this.dir, sub.name) === this.packDir) continue;
        const subDir = path.join(this.dir, sub.name);
        for (const f of fs.readdirSync(subDir)) {
          if (f.endsWith('.html') ? this.used.has(f.slice(0, -5)) : !isStaleTemp(path.join(subDir, f))) continue;
          fs.rmSync(path.join(subDir, f), { force: true });
        }
      }
    } catch {
      // A store that cannot be saved only costs speed next time.
    }
  }

  private indexFile(): string {
    return path.join(this.dir, 'index.json');
  }
}
