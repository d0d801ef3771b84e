/**
 * The registry as the last build validated it (`.cache/reactsite/inputs/registry.json`), by the hash of its text: a
 * build whose `content/registry.json` is the text recorded takes the validated entries from here instead of
 * validating every entry again (zod took 70-120 ms of each warm build of a 4,000-entry registry, cold, on 2 cores,
 * against 10-20 ms to hash its text). A registry that is not valid JSON or fails its schema is never recorded; its
 * cross-checks (ids, slugs, prev and next, bodies) run on every build, memo or not.
 */
import fs from 'node:fs';
import path from 'node:path';

const FORMAT = 1;

/** The memo of one project for one generator version (the schemas are part of its code). */
export class RegistryMemo {
  private recorded?: { hash: string; value: unknown };

  constructor(
    private readonly dir: string,
    private readonly versions: string,
  ) {}

  /** The validated value of the text whose hash (contentHash) is `hash`, when it is the text recorded; else undefined. */
  get(hash: string): unknown {
    try {
      const memo = JSON.parse(fs.readFileSync(this.file(), 'utf8')) as { format?: number; versions?: string; hash?: string; value?: unknown };
      if (memo.format !== FORMAT || memo.versions !== this.versions || memo.hash !== hash || !Array.isArray(memo.value)) return undefined;
      return memo.value;
    } catch {
      // None yet, or unreadable: the registry is validated.
      return undefined;
    }
  }

  /** Records `value` as what validating the text whose hash is `hash` gave, to be written by save. */
  set(hash: string, value: unknown): void {
    this.recorded = { hash, value };
  }

  /** Writes what set recorded; a memo that cannot be written only costs the next build its validation. */
  save(): void {
    if (!this.recorded) return;
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      const tmp = `${this.file()}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify({ format: FORMAT, versions: this.versions, ...this.recorded }));
      fs.renameSync(tmp, this.file());
      this.recorded = undefined;
    } catch {
      // Validated again next time.
    }
  }

  private file(): string {
    return path.join(this.dir, 'registry.json');
  }
}
