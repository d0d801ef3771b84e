/** Dev's look-up of a content's tutorial bodies by source file, made once per content. */
import type { BodyDoc } from '../content/read-docs.js';

/** A body as the look-up gives it: its id, its document and its place in the registry's order. */
export type FiledBody = [id: string, doc: BodyDoc, order: number];

const made = new WeakMap<ReadonlyMap<string, BodyDoc>, Map<string, FiledBody>>();

/**
 * The tutorial bodies of `bodies` (a content's, by id) keyed by source file. Dev asks for one body at a time while
 * it renders every page in the background: a scan of all 4,000 bodies per ask made that pass quadratic.
 */
export function bodiesByFile(bodies: ReadonlyMap<string, BodyDoc>): Map<string, FiledBody> {
  let byFile = made.get(bodies);
  if (!byFile) made.set(bodies, (byFile = new Map([...bodies].map(([id, doc], i) => [doc.file, [id, doc, i]]))));
  return byFile;
}

/** The bodies of `bodies` whose files `files` names, in the registry's order. */
export function bodiesOf(bodies: ReadonlyMap<string, BodyDoc>, files: Iterable<string>): FiledBody[] {
  const byFile = bodiesByFile(bodies);
  return [...files].flatMap((f): FiledBody[] => { const b = byFile.get(f); return b ? [b] : []; }).sort((a, b) => a[2] - b[2]);
}
