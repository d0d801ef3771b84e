/** Dev's memo of the tutorial bodies it has read: a content reload reads again only the bodies that changed. */
import fs from 'node:fs';
import path from 'node:path';
import { readBodyDoc } from '../content/read-docs.js';
import type { BodyRead } from '../content/load-content.js';
import type { ImageSizes } from '../content/image-sizes.js';

/**
 * What reading each body gave, by root-relative file, kept until a change the watcher reported names it. A
 * registry edit reloads the content: on 4,000 bodies, reading and validating every one again took about 290 ms of
 * each edit, and a stat of each about 26 ms more. The sizes, mtimes and ctimes are checked afterwards instead
 * (`missed`), for a change the watcher did not report.
 */
export class KnownBodies {
  private readonly known = new Map<string, { size: number; mtimeMs: number; ctimeMs: number; read: BodyRead }>();
  /** Whether a read was answered from memory since the last check. */
  private unchecked = false;

  constructor(private readonly root: string) {}

  /** Forgets the bodies at `files` (root-relative), or every body. */
  forget(files: readonly string[] | 'all'): void {
    if (files === 'all') this.known.clear();
    else for (const f of files) this.known.delete(f);
  }

  /** A body reader for loadContent: what was read before, else a fresh read (kept with its size, mtime and ctime). */
  readonly read = async (file: string, sizes: ImageSizes): Promise<BodyRead> => {
    const hit = this.known.get(file);
    if (hit) {
      this.unchecked = true;
      return hit.read;
    }
    // Stat first: a file changed after this stat is found by the next check, whatever this read gets.
    let st: fs.Stats | undefined;
    try {
      st = fs.statSync(path.join(this.root, file));
    } catch {
      // Gone: the read reports it.
    }
    const read = await readBodyDoc(this.root, file, false, sizes);
    if (st) this.known.set(file, { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, read });
    return read;
  };

  /**
   * The bodies answered from memory whose file changed or went away since it was read (forgotten here), stat by
   * stat in slices between other work; undefined when every read since the last check was a fresh one.
   */
  missed(): Promise<string[]> | undefined {
    if (!this.unchecked) return undefined;
    this.unchecked = false;
    return this.check();
  }

  private async check(): Promise<string[]> {
    const out: string[] = [];
    let n = 0;
    for (const [file, k] of [...this.known]) {
      if (++n % 256 === 0) await new Promise((resolve) => setImmediate(resolve));
      let st: fs.Stats | undefined;
      try {
        st = fs.statSync(path.join(this.root, file));
      } catch {
        // Gone.
      }
      if (st?.size === k.size && st.mtimeMs === k.mtimeMs && st.ctimeMs === k.ctimeMs) continue;
      if (this.known.get(file) === k) this.known.delete(file);
      out.push(file);
    }
    return out;
  }
}
