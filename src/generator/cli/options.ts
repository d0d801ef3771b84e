/** Resolves and validates command-line options into build options; refuses dangerous output folders. */
import fs from 'node:fs';
import path from 'node:path';
import { normalizeBase } from '../../site/seo/urls.js';
import { isSourceDate } from '../render/source-date.js';
import { problem, UsageError, type Problem } from '../problems/problem.js';
import type { BuildOptions } from '../build-options.js';

/** The most threads --threads takes. */
export const MAX_THREADS = 256;

/** Raw CLI flags. */
export interface CliFlags { root?: string; out?: string; site?: string; base?: string; cache?: boolean; brokenLinks?: string; threads?: string }

/**
 * Validates flags (and SOURCE_DATE_EPOCH) and returns build options, or throws a UsageError (exit code 2) listing
 * every problem. `writes: false` (check) skips the checks of the output folder. An `out` that is a symbolic link
 * to a folder is built through: the folder it points to is the output.
 */
export function resolveOptions(flags: CliFlags, cwd = process.cwd(), { writes = true, env = process.env }: { writes?: boolean; env?: NodeJS.ProcessEnv } = {}): BuildOptions {
  const problems: Problem[] = [];
  const root = path.resolve(cwd, flags.root ?? '.');
  const outDir = throughLink(path.resolve(root, flags.out ?? 'out'));
  if (!fs.existsSync(root)) problems.push(problem(`--root ${root} does not exist`, { field: '--root', hint: 'pass the project folder, the one holding content/ and public/' }));
  else if (!fs.statSync(root).isDirectory()) problems.push(problem(`--root ${root} is a file, not a folder`, { field: '--root', hint: 'pass the project folder, the one holding content/ and public/' }));
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && epoch !== '' && !isSourceDate(epoch)) problems.push(problem(`SOURCE_DATE_EPOCH "${epoch}" is not a date`, { field: 'SOURCE_DATE_EPOCH', hint: 'set it to whole seconds since 1970 (e.g. $(git log -1 --format=%ct)), or unset it' }));
  if (flags.site !== undefined) {
    let ok = false;
    try {
      ok = /^https?:$/.test(new URL(flags.site).protocol);
    } catch {
      ok = false;
    }
    if (!ok) problems.push(problem(`--site "${flags.site}" is not an absolute http(s) URL`, { field: '--site', hint: 'pass the public origin, e.g. --site https://example.com' }));
  }
  if (flags.base !== undefined && !/^\/?([A-Za-z0-9._~-]+\/?)*$/.test(flags.base.trim()) ) problems.push(problem(`--base "${flags.base}" is not a URL path`, { field: '--base', hint: 'pass a path such as /docs/ (letters, digits, "-", "_", "." and "/")' }));
  if (flags.base !== undefined && flags.base.split('/').some((s) => s === '..' || s === '.')) problems.push(problem(`--base "${flags.base}" contains "." or ".." segments`, { field: '--base', hint: 'pass a plain path such as /docs/' }));
  if (flags.brokenLinks !== undefined && flags.brokenLinks !== 'error' && flags.brokenLinks !== 'warn') problems.push(problem(`--broken-links "${flags.brokenLinks}" is not "error" or "warn"`, { field: '--broken-links' }));
  if (flags.threads !== undefined && !(/^\d+$/.test(flags.threads) && Number(flags.threads) >= 1 && Number(flags.threads) <= MAX_THREADS)) problems.push(problem(`--threads "${flags.threads}" is not a whole number from 1 to ${MAX_THREADS}`, { field: '--threads', hint: 'pass how many threads to render on, the main one included, e.g. --threads 2; 1 renders on the main thread alone' }));
  if (writes && !problems.length) problems.push(...outDirProblems(root, outDir));
  if (problems.length) throw new UsageError(problems);
  return { root, outDir, site: flags.site, base: flags.base === undefined ? undefined : normalizeBase(flags.base), cache: flags.cache !== false, brokenLinks: flags.brokenLinks === 'warn' ? 'warn' : 'error', ...(flags.threads !== undefined && { threads: Number(flags.threads) }) };
}

/** `p` itself, or the folder it links to when it is a symbolic link to one. */
function throughLink(p: string): string {
  try {
    return fs.lstatSync(p).isSymbolicLink() && fs.statSync(p).isDirectory() ? fs.realpathSync(p) : p;
  } catch {
    return p;
  }
}

/** The output folder must not be, or contain, the project or its sources: swapping it in would delete them. */
export function outDirProblems(root: string, outDir: string): Problem[] {
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  const out = real(outDir);
  const inside = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);
  const hint = 'use a separate folder such as out/';
  const protectedDirs = [root, path.join(root, 'content'), path.join(root, 'public'), path.join(root, 'src'), path.join(root, 'node_modules'), path.join(root, '.cache')].map(real);
  const names = ['the project folder', 'content/', 'public/', 'src/', 'node_modules/', '.cache/ (the build cache)'];
  const replaced = protectedDirs.findIndex((d) => inside(d, out));
  if (replaced >= 0) return [problem(`--out ${outDir} would replace ${replaced === 0 || out !== protectedDirs[replaced] ? 'the project folder' : names[replaced]}: a build swaps the whole folder`, { field: '--out', hint })];
  const within = protectedDirs.slice(1).findIndex((d) => inside(out, d));
  if (within >= 0) return [problem(`--out ${outDir} is inside ${names[within + 1]}${within + 1 < names.length - 1 ? ', a source folder' : ''}`, { field: '--out', hint })];
  if (out === path.parse(out).root) return [problem('--out cannot be a filesystem root', { field: '--out', hint })];
  return writableProblems(outDir);
}

/** The output folder must be a folder, or creatable: no part of its path may be a file, and the folder it is swapped into writable. */
function writableProblems(outDir: string): Problem[] {
  const hint = 'pass --out a folder path (it is created if missing), e.g. --out out';
  if (fs.existsSync(outDir) && !fs.statSync(outDir).isDirectory()) return [problem(`--out ${outDir} is a file, not a folder`, { file: outDir, field: '--out', hint })];
  for (let dir = path.dirname(outDir); ; dir = path.dirname(dir)) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(dir);
    } catch {
      if (path.dirname(dir) === dir) return [];
      continue;
    }
    if (!stat.isDirectory()) return [problem(`--out ${outDir} cannot be created: ${dir} is a file, not a folder`, { file: dir, field: '--out', hint })];
    try {
      fs.accessSync(dir, fs.constants.W_OK);
    } catch {
      return [problem(`--out ${outDir} is not writable: no write permission on ${dir}`, { file: dir, field: '--out', hint: 'choose a folder you can write to, or fix its permissions' })];
    }
    return [];
  }
}
