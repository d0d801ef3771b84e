/** On-disk cache of markdown results keyed by content hash and tool versions; corrupt entries are ignored. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MarkdownResult } from './markdown.js';

/** Bumped whenever the markdown stage's output format changes. */
const FORMAT = 4;

/** A cache rooted at `dir` (normally `<root>/.cache/reactsite/md`); `enabled: false` makes it a no-op. */
export class MarkdownCache {
  constructor(
    private readonly dir: string,
    private readonly versions: string,
    private readonly enabled: boolean,
  ) {}

  /** The key of a body: its text, options and the tool versions. */
  key(source: string, options: string): string {
    return createHash('sha256').update(`${FORMAT}\0${this.versions}\0${options}\0${source}`).digest('hex');
  }

  /** The cached result for `key`, or undefined when absent, unreadable or corrupt. */
  get(key: string): MarkdownResult | undefined {
    if (!this.enabled) return undefined;
    try {
      const entry = JSON.parse(fs.readFileSync(this.file(key), 'utf8')) as { key?: string; result?: MarkdownResult };
      const r = entry.result;
      if (entry.key !== key || !r || r.hast?.type !== 'root' || !Array.isArray(r.hast.children) || typeof r.words !== 'number' || !Array.isArray(r.code) || !Array.isArray(r.links) || !Array.isArray(r.warnings)) return undefined;
      return r;
    } catch {
      return undefined;
    }
  }

  /** Stores a result atomically (temp file + rename), so a killed build never leaves a torn entry. */
  set(key: string, result: MarkdownResult): void {
    if (!this.enabled) return;
    const file = this.file(key);
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify({ key, result }));
      fs.renameSync(tmp, file);
    } catch {
      // A cache that cannot be written only costs speed.
    }
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }
}
