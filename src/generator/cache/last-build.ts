/**
 * The record a finished build leaves for the next one (`.cache/reactsite/last-build.json`): a key of everything
 * its output depends on besides the files of content/ and public/, the stamps of those files, the stamps of the
 * out/ it placed, and its report. When the key and every stamp still hold, nothing changed: the next build
 * leaves out/ as it is, prints the same report and does nothing else (no pipeline, bundle, worker or page).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BuildOptions } from '../cli/options.js';
import type { Problem } from '../problems/problem.js';
import { buildDate } from '../render/site-data.js';
import type { BuildSummary } from '../report/build-summary.js';
import { siteDir } from '../bundle/package-paths.js';
import { bundleKey } from './bundle-cache.js';
import { toolVersions } from './cache-keys.js';
import type { SizeAndTime } from './input-index.js';
import { placedStamps, sameStamps, stampsHold, treeStamps, type Stamp } from './file-stamps.js';

const FORMAT = 1;

/**
 * An input changed this close (ms) before its stamp was taken (or later: a clock ahead) could change again
 * within the same mtime tick with the same size; a build that read one records nothing, so the next build runs
 * in full. A file system whose mtimes are whole seconds (FAT's are even two) gets a wider margin than one that
 * keeps fractions, where a tick is at most a few milliseconds.
 */
export function racyMs(inputs: readonly Stamp[]): number {
  return inputs.every((s) => s[4] % 1000 === 0) ? 2000 : 100;
}

/** What a build printed, to print again when nothing changed: its summary, warnings, routes ([path, file]) and page counts. */
export interface BuildReport { summary: BuildSummary; warnings: Problem[]; routes: [string, string][]; pages: { rendered: number; reused: number; packed: number } }

interface Record { format: number; key: string; inputs: Stamp[]; out: Stamp[]; report: BuildReport }

/** The key of everything but the input files that a build's output depends on: tools, site sources, options, the date. */
export function lastBuildKey(opts: BuildOptions, env = process.env): string {
  const parts = [FORMAT, process.version, toolVersions(), bundleKey(), siteDir(), opts.root, opts.outDir, opts.site ?? '', opts.base ?? '', opts.brokenLinks, buildDate(env)];
  return createHash('sha256').update(parts.join('\0')).digest('hex');
}

/** The last build of one project, as far as this build is concerned. */
export class LastBuild {
  private readonly file: string;
  /** When the inputs were stamped: first, so an input changed meanwhile counts as racy. */
  private readonly stampedAt = Date.now();
  /** The inputs' stamps, taken before this build reads any of them. */
  private readonly inputs: Stamp[];

  constructor(
    private readonly opts: BuildOptions,
    private readonly key = lastBuildKey(opts),
  ) {
    this.file = path.join(opts.root, '.cache', 'reactsite', 'last-build.json');
    this.inputs = [...treeStamps(path.join(opts.root, 'content')).map(prefixed('content/')), ...treeStamps(path.join(opts.root, 'public')).map(prefixed('public/'))];
  }

  /** The size and mtime of every input file (root-relative), as stamped before the build read any. */
  inputStats(): Map<string, SizeAndTime> {
    return new Map(this.inputs.map((s) => [s[0], { size: s[3], mtimeMs: s[4] }]));
  }

  /** The last build's report when nothing changed since: same key, same input stamps, and out/ exactly as it placed it. */
  unchanged(): BuildReport | undefined {
    try {
      const r = JSON.parse(fs.readFileSync(this.file, 'utf8')) as Record;
      if (r.format !== FORMAT || r.key !== this.key || !isReport(r.report) || !sameStamps(r.inputs, this.inputs)) return undefined;
      return stampsHold(this.opts.outDir, r.out) ? r.report : undefined;
    } catch {
      // No record, or one this version cannot read: the build runs in full.
      return undefined;
    }
  }

  /** Drops the record before this build changes out/: a build that dies after its swap leaves none behind. */
  forget(): void {
    try {
      fs.rmSync(this.file, { force: true });
    } catch {
      // A record left behind no longer matches: this build runs because something differs from it.
    }
  }

  /** Records this build once its out/ is in place (`files`: every file it placed); never fails the build. */
  record(files: Iterable<string>, report: BuildReport): void {
    const racy = racyMs(this.inputs);
    if (this.inputs.some((s) => s[4] > this.stampedAt - racy)) return;
    const out = placedStamps(this.opts.outDir, files);
    if (!out) return;
    const record: Record = { format: FORMAT, key: this.key, inputs: this.inputs, out, report };
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(`${this.file}.${process.pid}.tmp`, JSON.stringify(record));
      fs.renameSync(`${this.file}.${process.pid}.tmp`, this.file);
    } catch {
      // Without a record the next build runs in full.
    }
  }
}

function isReport(r: unknown): r is BuildReport {
  const x = r as Partial<BuildReport> | undefined;
  return !!x && typeof x.summary === 'object' && Array.isArray(x.warnings) && Array.isArray(x.routes) && typeof x.pages?.rendered === 'number' && typeof x.pages.reused === 'number';
}

function prefixed(prefix: string): (s: Stamp) => Stamp {
  return (s) => [`${prefix}${s[0]}`, s[1], s[2], s[3], s[4]];
}
