/**
 * The integrity gate's last verdict, page by page: the problems of each page with the key it was checked under
 * and a hash of its ids, the site-wide problems, and the context (everything else the gate reads). A build in the
 * same context checks again only the pages whose key changed, and takes the other pages' verdicts as they were,
 * as long as those pages' ids (what links into them may point at) are unchanged.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Problem } from '../problems/problem.js';

const FORMAT = 2;

/** What the gate reads besides the tutorial pages' contents, reduced to hashes and names. */
export interface GateContext {
  /** Every tutorial page file (their set: which links can resolve). */
  pageFiles: Iterable<string>;
  /** Every other file of the build (non-tutorial pages, host files), by path. */
  files: ReadonlyMap<string, string | Uint8Array>;
  publicFiles: readonly string[];
  /** Options and versions that change the verdict (broken-links mode, site URL, base, tool versions). */
  settings: string;
}

/** One page's verdict: the key it was checked under ('' for a page that is part of the context), its ids' hash, its problems. */
export type PageVerdict = [key: string, ids: string, problems: Problem[]];

/** A recorded verdict: its context, each page's in the order the gate checked them, and the site-wide problems. */
export interface Verdict { context: string; pages: [file: string, verdict: PageVerdict][]; site: Problem[] }

/** The hash of a context. */
export function gateContext(c: GateContext): string {
  const h = createHash('sha256').update(`${FORMAT}\0${c.settings}\0`);
  for (const f of [...c.pageFiles].sort()) h.update(`${f}\n`);
  for (const f of [...c.files.keys()].sort()) h.update(`${f}\0`).update(c.files.get(f)!).update('\0');
  for (const f of [...c.publicFiles].sort()) h.update(`${f}\n`);
  return h.digest('hex');
}

/** The hash of a page's ids (as a set). */
export function idsHash(ids: Iterable<string>): string {
  return createHash('sha256').update([...ids].sort().join('\n')).digest('base64url');
}

/** The verdict recorded under `dir`, if any. */
export function recordedVerdict(dir: string): Verdict | undefined {
  try {
    const v = JSON.parse(fs.readFileSync(path.join(dir, 'verdict.json'), 'utf8')) as Partial<Verdict> & { format?: number };
    return v.format === FORMAT && typeof v.context === 'string' && Array.isArray(v.pages) && Array.isArray(v.site) ? (v as Verdict) : undefined;
  } catch {
    return undefined;
  }
}

/** Records `verdict` (replacing the previous one); a memo that cannot be written only costs speed. */
export function recordVerdict(dir: string, verdict: Verdict): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `verdict.json.${process.pid}.tmp`), JSON.stringify({ format: FORMAT, ...verdict }));
    fs.renameSync(path.join(dir, `verdict.json.${process.pid}.tmp`), path.join(dir, 'verdict.json'));
  } catch {
    // Only speed is lost.
  }
}
