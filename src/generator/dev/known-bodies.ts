/** Dev's memo of the tutorial bodies it has read: a content reload reads again only the bodies that changed. */
import fs from 'node:fs';
import path from 'node:path';
import { readBodyDoc } from '../content/read-docs.js';
import type { BodyRead } from '../content/load-content.js';
import type { ImageSizes } from '../content/image-sizes.js';

/**
 * What reading each body gave, by root-relative file, kept while the file has the size and mtime it had when it
 * was read and no change the watcher reported names it. A registry edit reloads the content: on 4,000 bodies,
 * reading and validating every one again took about 290 ms of each edit.
 */
export class KnownBodies {
  private readonly known = new Map<string, { size: number; mtimeMs: number; read: BodyRead }>();

  constructor(private readonly root: string) {}

  /** Forgets the bodies at `files` (root-relative), or every body. */
  forget(files: readonly string[] | 'all'): void {
    if (files === 'all') this.known.clear();
    else for (const f of files) this.known.delete(f);
  }

  /** A body reader for loadContent: what was read before when the file is as it was, else a fresh read (kept). */
  readonly read = async (file: string, sizes: ImageSizes): Promise<BodyRead> => {
    // Stat first: a file changed after this stat is read again next time, whatever this read gets.
    let st: fs.Stats | undefined;
    try {
      st = fs.statSync(path.join(this.root, file));
    } catch {
      // Gone: the read reports it.
    }
    const hit = st && this.known.get(file);
    if (hit && hit.size === st!.size && hit.mtimeMs === st!.mtimeMs) return hit.read;
    const read = await readBodyDoc(this.root, file, false, sizes);
    if (st) this.known.set(file, { size: st.size, mtimeMs: st.mtimeMs, read });
    else this.known.delete(file);
    return read;
  };
}
