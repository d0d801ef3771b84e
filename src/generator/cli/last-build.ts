/**
 * The record a finished build leaves for the next one into the same folder (`.cache/reactsite/last-build-*.json`):
 * a key of everything its output depends on besides the files of content/ and public/, the stamps of those files,
 * the stamps of the out/ it placed, and its report. When the key and every stamp still hold, nothing changed: the next build
 * leaves out/ as it is, prints the same report and does nothing else (no pipeline, bundle, worker or page).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BuildOptions } from '../build-options.js';
import type { Problem } from '../problems/problem.js';
import { buildDate } from '../render/site-data.js';
import type { BuildSummary } from '../report/build-summary.js';
import { siteDir } from '../package/package-paths.js';
import { bundleKey } from '../bundle/bundle-cache.js';
import { toolVersions } from '../cache/cache-keys.js';
import { changedAt, RACY_MS, racyMs, sameStamps, stampsHold, treeStamps, type InputStats, type Stamp } from '../cache/file-stamps.js';

const FORMAT = 3;

/** Where the record of a project's builds into `outDir` is: one for each output folder. */
export function recordFile(root: string, outDir: string): string {
  return path.join(root, '.cache', 'reactsite', `last-build-${createHash('sha256').update(outDir).digest('hex').slice(0, 12)}.json`);
}

/**
 * Drops the record of builds into `outDir` (and the temp file of a write that was cut short) before a build
 * replaces it, with its cache or without: a build that dies after its swap leaves none behind. Never fails: a
 * record left behind no longer matches, as this build runs because something differs from it.
 */
export function forgetLastBuild(root: string, outDir: string): void {
  const file = recordFile(root, outDir);
  try {
    fs.rmSync(file, { force: true });
    for (const f of fs.readdirSync(path.dirname(file))) if (f.startsWith(`${path.basename(file)}.`) && f.endsWith('.tmp')) fs.rmSync(path.join(path.dirname(file), f), { force: true });
  } catch {
    // No cache folder yet, or one this build cannot change.
  }
}

/** What a build printed, to print again when nothing changed: its summary, warnings, routes ([path, file]) and page counts. */
export interface BuildReport { summary: BuildSummary; warnings: Problem[]; routes: [string, string][]; pages: { rendered: number; reused: number; packed: number } }

/**
 * A record is two lines of JSON: what a build is compared with first (key and input stamps), then what only an
 * unchanged build reads (out/'s stamps and the report). A build whose inputs changed parses the first line only:
 * with 17,000 warnings in its report, the record of a 4,000-page build is 8 MB, 80 ms to parse.
 */
interface RecordHead { format: number; key: string; inputs: Stamp[] }
interface RecordTail { out: Stamp[]; report: BuildReport }

/**
 * The key of everything but the input files that a build's output depends on: tools, site sources (`siteKey`, the
 * bundle cache's key), options, the date.
 */
export function lastBuildKey(opts: BuildOptions, siteKey = bundleKey(), env = process.env): string {
  const parts = [FORMAT, process.version, toolVersions(), siteKey, siteDir(), opts.root, opts.outDir, opts.site ?? '', opts.base ?? '', opts.brokenLinks, buildDate(env)];
  return createHash('sha256').update(parts.join('\0')).digest('hex');
}

/** The last build of one project, as far as this build is concerned. */
export class LastBuild {
  private readonly file: string;
  /** When the inputs were stamped: first, so an input changed meanwhile counts as racy. */
  private readonly stampedAt = Date.now();
  /** The inputs' stamps, taken before this build reads any of them; none when a tree could not be walked (no record then). */
  private readonly inputs: Stamp[] | undefined;

  /** The bundle cache's key of the site sources, hashed once here for the key and handed to the build's bundle stage. */
  readonly siteKey = bundleKey();
  private readonly key: string;

  constructor(private readonly opts: BuildOptions) {
    this.key = lastBuildKey(opts, this.siteKey);
    this.file = recordFile(opts.root, opts.outDir);
    try {
      this.inputs = [...treeStamps(path.join(opts.root, 'content')).map(prefixed('content/')), ...treeStamps(path.join(opts.root, 'public')).map(prefixed('public/'))];
    } catch {
      // A loop of links or an unreadable folder: the build reports what it can read, as without a cache.
      this.inputs = undefined;
    }
  }

  /** The size, mtime and ctime of every input file (root-relative), as stamped before the build read any, and when. */
  inputStats(): InputStats | undefined {
    return this.inputs && { files: new Map(this.inputs.map((s) => [s[0], { size: s[3], mtimeMs: s[4], ctimeMs: s[5]! }])), at: this.stampedAt };
  }

  /** The last build's report when nothing changed since: same key, same input stamps, and out/ exactly as it placed it. */
  unchanged(): BuildReport | undefined {
    if (!this.inputs) return undefined;
    try {
      const text = fs.readFileSync(this.file, 'utf8');
      const cut = text.indexOf('\n');
      const head = JSON.parse(text.slice(0, cut)) as RecordHead;
      if (head.format !== FORMAT || head.key !== this.key || !sameStamps(head.inputs, this.inputs)) return undefined;
      const tail = JSON.parse(text.slice(cut + 1)) as RecordTail;
      return isReport(tail.report) && stampsHold(this.opts.outDir, tail.out) ? tail.report : undefined;
    } catch {
      // No record, or one this version cannot read: the build runs in full.
      return undefined;
    }
  }

  /**
   * Records this build once its out/ is in place, with `out` the stamps of what it placed (taken before its swap,
   * see OutputDir.commit); never fails the build. Nothing is recorded when an input changed within the racy
   * margin before it was stamped (see racyMs), nor where mtimes are whole seconds and a file of out/ was
   * written in the last two seconds: either could change again within its timestamp tick unseen.
   */
  record(out: Stamp[] | undefined, report: BuildReport): void {
    const inputs = this.inputs;
    if (!inputs || !out) return;
    const racyInputs = this.stampedAt - racyMs(inputs);
    if (inputs.some((s) => changedAt(s) > racyInputs)) return;
    const outMargin = racyMs(out);
    if (outMargin === RACY_MS.wholeSeconds && out.some((s) => s[4] > Date.now() - outMargin)) return;
    const head: RecordHead = { format: FORMAT, key: this.key, inputs };
    const tail: RecordTail = { out, report };
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(`${this.file}.${process.pid}.tmp`, `${JSON.stringify(head)}\n${JSON.stringify(tail)}`);
      fs.renameSync(`${this.file}.${process.pid}.tmp`, this.file);
    } catch {
      // Without a record the next build runs in full.
    }
  }
}

/** Whether a record's report has every field printing it reads. */
function isReport(r: unknown): r is BuildReport {
  const x = r as Partial<BuildReport> | null | undefined;
  const s = x?.summary as Partial<BuildSummary> | null | undefined;
  return (
    !!x &&
    !!s &&
    typeof s.pages?.total === 'number' &&
    Array.isArray(s.kinds) &&
    Array.isArray(s.largest) &&
    typeof s.out?.files === 'number' &&
    Array.isArray(s.warnings) &&
    Array.isArray(x.warnings) &&
    x.warnings.every((w) => !!w && typeof w.message === 'string') &&
    Array.isArray(x.routes) &&
    x.routes.every((r) => Array.isArray(r) && typeof r[0] === 'string' && typeof r[1] === 'string') &&
    typeof x.pages?.rendered === 'number' &&
    typeof x.pages.reused === 'number'
  );
}

function prefixed(prefix: string): (s: Stamp) => Stamp {
  return (s) => [`${prefix}${s[0]}`, ...s.slice(1)] as Stamp;
}
