/**
 * What every page is made from besides its body: the site settings, the registry (every page's sidebar), the
 * ads and the generator itself (its version and code). A build records them next to the page store; the next
 * build compares them before anything else, so that when they changed (every page will likely be rendered again)
 * its workers start at once and warm up while the content loads, instead of when the page stage finds its first
 * page. A registry edit that one page shows (a title, see layoutKey) starts them too: telling it apart means
 * parsing the registry first (93 ms at 4,000 entries), and the idle worker cost such a build no time (docs-4000,
 * 8 pairs in turns: wall ratio 0.96, 18 MiB more at the peak).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { toolVersions } from '../cache/cache-keys.js';

const FILES = ['site.json', 'registry.json', 'ads.json'];

/** The digest of the shared inputs of the project in `root` (a missing file counts as such). */
function sharedInputsDigest(root: string): string {
  const hash = createHash('sha256').update(`${toolVersions()}\0`);
  for (const name of FILES) {
    let data: Buffer | undefined;
    try {
      data = fs.readFileSync(path.join(root, 'content', name));
    } catch {
      // Missing or unreadable: the load reports it; the digest only has to differ.
    }
    hash.update(`${name}\0${data ? data.length : -1}\0`).update(data ?? '');
  }
  return hash.digest('hex');
}

/** The shared inputs' sizes and mtimes, with the generator's version: when they are as recorded, nothing is read. */
function stampOf(root: string): string {
  const stats = FILES.map((name) => {
    const st = fs.statSync(path.join(root, 'content', name), { throwIfNoEntry: false });
    return st ? `${st.size}:${st.mtimeMs}` : '-';
  });
  return `${toolVersions()}|${stats.join('|')}`;
}

/** Where the last build's record is kept, next to the page store in `storeDir`. */
function recordFile(storeDir: string): string {
  return path.join(storeDir, 'shared-inputs.json');
}

/**
 * Records the shared inputs of `root` as those the pages now in the store in `storeDir` were made from; a record
 * with the same sizes and mtimes is left as it is (a warm build reads and writes nothing here).
 */
export function recordSharedInputs(storeDir: string, root: string): void {
  try {
    const stamp = stampOf(root);
    if (readRecord(storeDir)?.stamp === stamp) return;
    fs.writeFileSync(recordFile(storeDir), JSON.stringify({ stamp, digest: sharedInputsDigest(root) }));
  } catch {
    // Not recorded: the next build starts its workers when it finds pages to render, as it did.
  }
}

/**
 * Whether the shared inputs of `root` differ from those recorded in `storeDir` (or none were recorded); files
 * touched but not changed do not count.
 */
export function sharedInputsChanged(root: string, storeDir: string): boolean {
  const recorded = readRecord(storeDir);
  return !recorded || (recorded.stamp !== stampOf(root) && recorded.digest !== sharedInputsDigest(root));
}

/** The record in `storeDir`, if one can be read. */
function readRecord(storeDir: string): { stamp?: unknown; digest?: unknown } | undefined {
  try {
    return JSON.parse(fs.readFileSync(recordFile(storeDir), 'utf8')) as { stamp?: unknown; digest?: unknown };
  } catch {
    return undefined;
  }
}
