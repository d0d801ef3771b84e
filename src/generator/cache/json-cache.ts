/** A folder of JSON cache entries: written atomically, and ignored when unreadable, corrupt or of another key. */
import fs from 'node:fs';
import path from 'node:path';

/** Entries under `dir` that `valid` accepts; `enabled: false` makes it a no-op. */
export class JsonCache<T> {
  private readonly madeDirs = new Set<string>();

  constructor(
    private readonly dir: string,
    private readonly enabled: boolean,
    private readonly valid: (value: unknown) => value is T,
  ) {}

  /** The entry stored under `key`, or undefined when absent, unreadable, corrupt or not valid. */
  get(key: string): T | undefined {
    if (!this.enabled) return undefined;
    const file = this.file(key);
    // A miss is the common case of a cold build: checking costs less than a thrown ENOENT.
    if (!fs.existsSync(file)) return undefined;
    try {
      const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as { key?: string; value?: unknown };
      return entry.key === key && this.valid(entry.value) ? entry.value : undefined;
    } catch {
      return undefined;
    }
  }

  /** Stores `value` under `key` (temp file + rename, so a killed build never leaves a torn entry). */
  set(key: string, value: T): void {
    if (!this.enabled) return;
    const file = this.file(key);
    try {
      const dir = path.dirname(file);
      if (!this.madeDirs.has(dir)) {
        fs.mkdirSync(dir, { recursive: true });
        this.madeDirs.add(dir);
      }
      fs.writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify({ key, value }));
      fs.renameSync(`${file}.${process.pid}.tmp`, file);
    } catch {
      // A cache that cannot be written only costs speed.
    }
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }
}
