/**
 * The gzip sizes a build's summary measured, remembered between builds by a hash of the bytes
 * (`.cache/reactsite/report/gzip-sizes.json`): a page of each kind, the five largest and the assets they load are
 * mostly the same files from one changed build to the next, and measuring them at level 9 took 42-129 ms of a
 * one-body build of 4,000 pages on a 2-core machine, against 23-70 ms with the sizes remembered.
 */
import { hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const FORMAT = 1;

/** The size of `buf` gzipped at level 9, as the summary reports it. */
export function gzipSize(buf: Uint8Array): number {
  return zlib.gzipSync(buf, { level: 9 }).length;
}

/** Gzip sizes by the hash of the bytes, for one project; without a file (`--no-cache`), every size is measured. */
export class GzipMemo {
  private readonly known = new Map<string, number>();
  private readonly used = new Map<string, number>();

  constructor(private readonly file?: string) {
    if (!file) return;
    try {
      const memo = JSON.parse(fs.readFileSync(file, 'utf8')) as { format?: number; zlib?: string; sizes?: Record<string, unknown> };
      // Another zlib may compress the same bytes to another size.
      if (memo.format !== FORMAT || memo.zlib !== process.versions.zlib) return;
      for (const [key, size] of Object.entries(memo.sizes ?? {})) if (typeof size === 'number') this.known.set(key, size);
    } catch {
      // None yet, or unreadable: every size is measured.
    }
  }

  /** The gzip size of `buf` (see gzipSize): remembered when the same bytes were measured by a build before. */
  readonly size = (buf: Uint8Array): number => {
    if (!this.file) return gzipSize(buf);
    const key = hash('sha256', buf, 'base64url');
    const size = this.known.get(key) ?? gzipSize(buf);
    this.used.set(key, size);
    return size;
  };

  /** Writes the sizes this build used, and only those; a memo that cannot be written only costs the next build its gzip. */
  save(): void {
    if (!this.file || !this.used.size) return;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify({ format: FORMAT, zlib: process.versions.zlib, sizes: Object.fromEntries(this.used) }));
      fs.renameSync(tmp, this.file);
    } catch {
      // Measured again next time.
    }
  }
}
