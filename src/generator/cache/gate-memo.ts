/**
 * The integrity gate's last verdict, by everything it reads: a build whose pages, other files, public/ listing and
 * options are all the ones the gate last checked gets that verdict again without walking every page's links.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Problem } from '../problems/problem.js';

const FORMAT = 1;

/** What the gate reads, reduced to hashes and names. */
export interface GateInputs {
  /** Hash of every tutorial page's key (a key names all a page is made from, its links and facts included). */
  pages: string;
  /** Every other file of the build (non-tutorial pages, host files), by path. */
  files: ReadonlyMap<string, string | Uint8Array>;
  publicFiles: readonly string[];
  /** Options and versions that change the verdict (broken-links mode, site URL, base, tool versions). */
  settings: string;
}

/** The memo's key of `inputs`. */
export function gateKey(inputs: GateInputs): string {
  const h = createHash('sha256').update(`${FORMAT}\0${inputs.settings}\0${inputs.pages}\0`);
  for (const f of [...inputs.files.keys()].sort()) h.update(`${f}\0`).update(inputs.files.get(f)!).update('\0');
  for (const f of [...inputs.publicFiles].sort()) h.update(`${f}\n`);
  return h.digest('hex');
}

/** The verdict recorded under `dir` for `key`, if that is the last one checked. */
export function recalledVerdict(dir: string, key: string): Problem[] | undefined {
  try {
    const memo = JSON.parse(fs.readFileSync(path.join(dir, 'verdict.json'), 'utf8')) as { key?: string; problems?: Problem[] };
    return memo.key === key && Array.isArray(memo.problems) ? memo.problems : undefined;
  } catch {
    return undefined;
  }
}

/** Records the verdict of `key` (replacing the previous one); a memo that cannot be written only costs speed. */
export function recordVerdict(dir: string, key: string, problems: readonly Problem[]): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `verdict.json.${process.pid}.tmp`), JSON.stringify({ key, problems }));
    fs.renameSync(path.join(dir, `verdict.json.${process.pid}.tmp`), path.join(dir, 'verdict.json'));
  } catch {
    // Only speed is lost.
  }
}
