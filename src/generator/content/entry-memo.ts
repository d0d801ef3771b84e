/** Dev's memo of the validated entries of a JSON array (the registry's): a reload validates only the entries that changed. */
import { isDeepStrictEqual } from 'node:util';
import type * as z from 'zod';

/**
 * The entries of a JSON array that the last load validated, by their `id`, with the raw entry each came from, and
 * the schema of one entry. On a 4,000-entry registry, zod took 32 ms of each registry edit in dev, where one entry
 * had changed (a key of each entry's JSON text instead of its id and raw value still cost 14 ms). The values are
 * frozen: one generation's entry may be the next one's.
 */
export class EntryMemo {
  private valid = new Map<unknown, { raw: unknown; value: unknown }>();

  constructor(private readonly entry: z.ZodType) {}

  /**
   * The validated value of `raw` when it is a non-empty array of valid entries, unchanged entries taken from the
   * last load; undefined otherwise, and the caller validates the whole value (with its messages and lines).
   */
  values(raw: unknown): unknown[] | undefined {
    if (!Array.isArray(raw) || !raw.length) return undefined;
    const valid = new Map<unknown, { raw: unknown; value: unknown }>();
    const out: unknown[] = [];
    for (const item of raw) {
      const id = (item as { id?: unknown } | null)?.id;
      const had = this.valid.get(id);
      let value = had && isDeepStrictEqual(had.raw, item) ? had.value : undefined;
      if (value === undefined) {
        const r = this.entry.safeParse(item);
        if (!r.success) return undefined;
        value = deepFreeze(r.data);
      }
      valid.set(id, { raw: item, value });
      out.push(value);
    }
    this.valid = valid;
    return out;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
