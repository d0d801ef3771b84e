/**
 * The page store: finished tutorial pages as HTML files under `.cache/reactsite/pages/`, named by page key,
 * plus one index (key -> size, mtime, link facts, Markdown summary: see page-index.ts). A build hard-links stored
 * pages into the new out/ instead of reading and rewriting them; an entry counts only while its file still has
 * the size and mtime recorded when it was written, so an edited, truncated or replaced file is re-rendered,
 * never trusted.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { removeFiles } from '../output/removal-thread.js';
import { htmlFacts, lazyFacts, toPlainFacts, type HtmlFacts, type PlainFacts } from '../verify/html-facts.js';
import type { Problem } from '../problems/problem.js';
import type { SourceLink } from '../markdown/body-facts.js';
import { prunePacks, type PackRef } from './markdown-pack.js';
import { appendPageLog, applyPageLog, parseMeta, parsePageIndex, writePageIndex, type Entry, type PageLinks } from './page-index.js';
import { isRunning } from '../cache/running-process.js';

/** What the build needs about a page without reading it: its links and ids, and its Markdown facts. */
export interface PageMeta { facts: PlainFacts; md: { words: number; links: SourceLink[]; warnings: Problem[] } }

/** A stored page: its meta, the size and mtime its file had when written, and where its Markdown result is packed. */
export interface StoredPage extends PageMeta { size: number; mtimeMs: number; packed?: PackRef }

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

/** A stored page as a build reads it: its Markdown facts at hand, its link facts and links read on first use. */
export interface StoredHit { id: { ino: number; dev: number; size: number }; facts: HtmlFacts; md: PageMeta['md'] }

/** The store of one project (normally `<root>/.cache/reactsite/pages`). */
export class PageStore {
  private entries = new Map<string, Entry>();
  private readonly used = new Map<string, Entry>();
  /** The index's URL table (entries' link facts name URLs by their place in it). */
  private urls: string[] = [];
  /** Whether an index was read: without one, files of unknown pages may lie in the store. */
  private loaded = false;

  /** The id of the base index read, and how many lines of its log were applied. */
  private base: { id: string; logLines: number } | undefined;
  /** Entries this build recorded or whose index line it repaired (what the log gets when it is appended to). */
  private readonly changed = new Set<string>();
  private packs: Map<string, PackRef> | undefined;

  /** Where the pages' Markdown results are packed (see markdown-pack.ts). */
  readonly packDir: string;

  /**
   * The store in `dir`, for a generator of tool `versions` (see toolVersions): an index another version wrote is
   * not read, since none of its keys can match (all pages and Markdown keys include the versions); its pages are
   * swept at save() like stray files. Without `versions`, any index is read.
   */
  constructor(
    readonly dir: string,
    private readonly versions?: string,
  ) {
    this.packDir = path.join(dir, 'packs');
    try {
      const index = parsePageIndex(fs.readFileSync(this.indexFile(), 'utf8'), versions);
      if (index) {
        [this.entries, this.urls, this.loaded] = [index.entries, index.urls, true];
        let log = '';
        try {
          log = fs.readFileSync(this.logFile(), 'utf8');
        } catch {
          // No log: nothing changed since the base was written.
        }
        this.base = { id: index.id, logLines: applyPageLog(log, index.id, this.entries) };
      }
    } catch {
      // No index yet, or an unreadable one: every page is simply rendered again.
    }
  }

  /** The link facts and links of `key`'s entry, parsed now if they were not; read off the stored file if the index's are damaged. */
  private metaOf(key: string, e: Entry): NonNullable<Entry['meta']> {
    if (e.meta) return e.meta;
    try {
      e.meta = parseMeta(e.raw!, this.urls);
    } catch {
      // The page itself is sound (its size and mtime were checked): its facts are read again from it; only where
      // its links were written in the body (for error messages) is lost.
      // (Its JSON-LD blocks are kept, for the gate to check.)
      e.meta = { facts: toPlainFacts(htmlFacts(fs.readFileSync(storedPageFile(this.dir, key), 'utf8'))), links: [] };
      this.changed.add(key);
    }
    e.raw = undefined;
    return e.meta;
  }

  /** The stored page of `key` (with its file's inode, device and size) when its file is still the one written, else undefined. */
  get(key: string): StoredHit | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    const st = fs.statSync(storedPageFile(this.dir, key), { throwIfNoEntry: false });
    if (!st || st.size !== e.size) return undefined;
    if (st.mtimeMs !== e.mtimeMs) {
      if (!restoredFromArchive(st.mtimeMs, e.mtimeMs)) return undefined;
      // Recorded as it is now, so the next build compares exactly again.
      e.mtimeMs = st.mtimeMs;
      this.changed.add(key);
    }
    this.used.set(key, e);
    const meta = () => this.metaOf(key, e);
    return {
      id: { ino: st.ino, dev: st.dev, size: st.size },
      facts: lazyFacts(() => meta().facts),
      md: {
        words: e.words,
        warnings: e.warnings,
        get links() {
          return meta().links;
        },
      },
    };
  }

  /** Where the last build packed the Markdown result of `mdKey`, if it did. */
  packedMarkdown(mdKey: string): PackRef | undefined {
    this.packs ??= new Map([...this.entries.values()].flatMap((e) => (e.packed ? [[e.packed.key, e.packed] as const] : [])));
    return this.packs.get(mdKey);
  }

  /**
   * Marks the store as being written by this process until save(): pages stored by a build that is killed before
   * its save() are then found by the next build's sweep.
   */
  beginWrites(): void {
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      fs.writeFileSync(this.marker(process.pid), '');
    } catch {
      // A store that cannot be written is only slower.
    }
  }

  /** Records a page stored by storePageFile (on any thread) as part of this build. */
  record(key: string, page: StoredPage): void {
    const md = page.md;
    // The page's links are read when the index is written: until then they stay as md keeps them (see kept-links.ts).
    this.used.set(key, { size: page.size, mtimeMs: page.mtimeMs, packed: page.packed, words: md.words, warnings: md.warnings, meta: { facts: page.facts, get links() { return md.links; } } });
    this.changed.add(key);
  }

  /** The file of a stored page. */
  file(key: string): string {
    return storedPageFile(this.dir, key);
  }

  /**
   * Records the pages this build used and deletes every other stored page and every Markdown pack none of them
   * refers to; nothing to do when the build used exactly the stored pages. A few changes are appended to the
   * index's log; more, or a log grown past a sixteenth of the pages, write the index anew (see page-index.ts). The
   * pages it deletes are the index's unused ones; the whole store is swept for strays (files no index names, temp
   * files) only when a build that stored pages was killed before its save, or there was no index. Many unused pages
   * are deleted on a helper thread while the build goes on (see removal-thread.ts); the returned promise resolves
   * once they are gone, and the store counts as written by this process until then (see beginWrites). It never
   * rejects.
   */
  save(): Promise<void> {
    if (!this.changed.size && this.used.size === this.entries.size) return this.endWrites();
    const unused: string[] = [];
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      const drop = [...this.entries.keys()].filter((k) => !this.used.has(k));
      const changed = [...this.changed].filter((k) => this.used.has(k));
      if (this.base && changed.length + drop.length + this.base.logLines <= Math.max(64, this.used.size / 16)) {
        const put = new Map(changed.map((k) => [k, { ...this.used.get(k)!, meta: this.metaOf(k, this.used.get(k)!) }] as [string, Entry & { meta: PageLinks }]));
        appendPageLog(this.logFile(), this.base.id, this.base.logLines === 0, put, drop);
      } else {
        const tmp = `${this.indexFile()}.${process.pid}.tmp`;
        writePageIndex(tmp, { id: randomUUID(), versions: this.versions }, this.used, this.urls, (k, e) => this.metaOf(k, e));
        fs.renameSync(tmp, this.indexFile());
        // A log left by a kill before this line names the old base, and is never applied.
        fs.rmSync(this.logFile(), { force: true });
      }
      prunePacks(this.packDir, new Set([...this.used.values()].flatMap((e) => (e.packed ? [e.packed.pack] : []))));
      const killed = this.killedWriters();
      if (!this.loaded || killed.length) this.sweep();
      else for (const k of this.entries.keys()) if (!this.used.has(k)) unused.push(storedPageFile(this.dir, k));
      for (const m of killed) fs.rmSync(m, { force: true });
    } catch {
      // A store that cannot be saved only costs speed next time.
    }
    // Marked as written until they are gone (a build that rendered nothing made no marker): a page left behind by
    // a kill meanwhile is swept by the next build.
    if (unused.length) this.beginWrites();
    return removeFiles(unused).then(() => this.endWrites());
  }

  /** Deletes every stored page this build did not use, and stray temp files. */
  private sweep(): void {
    for (const sub of fs.readdirSync(this.dir, { withFileTypes: true })) {
      if (!sub.isDirectory() || path.join(this.dir, sub.name) === this.packDir) continue;
      const subDir = path.join(this.dir, sub.name);
      for (const f of fs.readdirSync(subDir)) {
        if (f.endsWith('.html') ? this.used.has(f.slice(0, -5)) : !isStaleTemp(path.join(subDir, f))) continue;
        fs.rmSync(path.join(subDir, f), { force: true });
      }
    }
  }

  /** The markers of builds that began writing pages and died before their save. */
  private killedWriters(): string[] {
    return fs
      .readdirSync(this.dir)
      .filter((f) => f.startsWith('writing-'))
      .filter((f) => {
        return !isRunning(Number(f.slice('writing-'.length)));
      })
      .map((f) => path.join(this.dir, f));
  }

  private async endWrites(): Promise<void> {
    try {
      fs.rmSync(this.marker(process.pid), { force: true });
    } catch {
      // Left: the next build sweeps the store once more.
    }
  }

  private marker(pid: number): string {
    return path.join(this.dir, `writing-${pid}`);
  }

  private indexFile(): string {
    return path.join(this.dir, 'index.json');
  }

  private logFile(): string {
    return path.join(this.dir, 'index.log');
  }
}
