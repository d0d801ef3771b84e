/** The reactsite command line. The only module that prints a final verdict and sets the exit code. */
import fs from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import type { BuildResult } from './pipeline.js';
import { formatProblem, ReactsiteError, UsageError, type Problem } from './problems/problem.js';
import { packageRoot, projectCacheDir } from './bundle/package-paths.js';
import { resolveOptions, type CliFlags } from './cli/options.js';
import { startPagePool } from './workers/page-pool.js';
import { OutputDir, writeError } from './output/output-dir.js';

/** The pipeline, loaded once a command needs it (after the page workers started warming up). */
const pipeline = () => import('./pipeline.js');

/** Exit codes: success, content/build error, bad usage. */
export const EXIT = { ok: 0, error: 1, usage: 2 } as const;

function version(): string {
  return JSON.parse(fs.readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')).version as string;
}

function report(problems: readonly Problem[]) {
  for (const p of problems) console.error(formatProblem(p));
}

/** Builds the commander program; `run` actions resolve to an exit code. */
export function program(setExit: (code: number) => void): Command {
  const cmd = new Command('reactsite').description('Build, preview and check a React tutorial website rendered with React on the server.').version(version(), '-v, --version').showHelpAfterError();
  const rootOpt = () => new Option('--root <dir>', 'project folder holding content/ and public/').default('.');

  cmd
    .command('build')
    .description('build the site into --out (default out/); exit 0 only if the site is whole')
    .addOption(rootOpt())
    .option('--out <dir>', 'output folder (relative to --root)', 'out')
    .option('--site <url>', 'public origin for canonical URLs (default: content/site.json "url")')
    .option('--base <path>', 'sub-path the site is served under, e.g. /docs/ (default: /)')
    .option('--no-cache', 'ignore and do not write the markdown cache (.cache/reactsite/)')
    .addOption(new Option('--broken-links <mode>', 'what broken internal links do').choices(['error', 'warn']).default('error'))
    .action(async (flags: CliFlags) => setExit(await runBuild(flags)));

  cmd
    .command('check')
    .description('validate content, links and routes without writing; exit 1 on any error')
    .addOption(rootOpt())
    .action(async (flags: CliFlags) => setExit(await runCheck(flags)));

  cmd
    .command('dev')
    .description('preview with live reload while you edit (default http://127.0.0.1:4321)')
    .addOption(rootOpt())
    .option('--port <n>', 'port to listen on (the next free one is taken if busy)', '4321')
    .option('--host <addr>', 'address to bind', '127.0.0.1')
    .option('--open', 'open the browser')
    .action(async (flags: CliFlags & { port: string; host: string; open?: boolean }) => {
      const { startDev } = await import('./dev/start-dev.js');
      const code = await guard(async () => {
        const dev = await startDev({ ...resolveOptions(flags), port: parsePort(flags.port), host: flags.host, open: !!flags.open });
        await untilSignal();
        await dev.close();
      });
      if (code !== EXIT.ok) setExit(code);
    });

  cmd
    .command('preview')
    .description('serve a built out/ exactly as a static host would (404.html, redirects)')
    .option('--out <dir>', 'the built folder', 'out')
    .option('--port <n>', 'port to listen on', '4173')
    .option('--host <addr>', 'address to bind', '127.0.0.1')
    .option('--base <path>', 'sub-path the site was built for', '/')
    .action(async (flags: { out: string; port: string; host: string; base: string }) => {
      const { startPreview } = await import('./serve/preview.js');
      const code = await guard(async () => {
        const server = await startPreview({ outDir: path.resolve(flags.out), port: parsePort(flags.port), host: flags.host, base: flags.base });
        await untilSignal();
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
      });
      if (code !== EXIT.ok) setExit(code);
    });
  return cmd;
}

/** Resolves on the first Ctrl-C or SIGTERM. */
function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}

function parsePort(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new CommanderError(EXIT.usage, 'reactsite.port', `error: --port "${v}" is not a port number (0-65535)`);
  return n;
}

async function guard(f: () => Promise<unknown>): Promise<number> {
  try {
    await f();
    return EXIT.ok;
  } catch (e) {
    if (e instanceof ReactsiteError) {
      report(e.problems);
      const errors = e.problems.filter((p) => p.severity === 'error').length;
      console.error(`\n✗ ${errors} error${errors === 1 ? '' : 's'}; nothing was written.`);
      return e instanceof UsageError ? EXIT.usage : EXIT.error;
    }
    if (e instanceof CommanderError) {
      console.error(e.message);
      return EXIT.usage;
    }
    throw e;
  }
}

async function runBuild(flags: CliFlags): Promise<number> {
  return guard(async () => {
    const t0 = performance.now();
    const opts = resolveOptions(flags);
    // First of all: a cold build waits on the workers' warm-up, which runs while this thread loads the rest.
    const pool = startPagePool(opts);
    let output: OutputDir | undefined;
    let result: BuildResult;
    try {
      const { buildSite } = await pipeline();
      // Pages go into a temp folder as they are made; out/ is only replaced once everything passed.
      output = OutputDir.open(opts.outDir, projectCacheDir(opts.root, 'trash'));
      await output.copyPublic(path.join(opts.root, 'public'));
      result = await buildSite(opts, { mode: 'build', output, pool });
      const tw = performance.now();
      for (const [f, data] of result.files) output.write(f, data);
      result.timings.write = performance.now() - tw;
    } catch (e) {
      if (!output) throw e;
      output.abort();
      throw writeError(opts.outDir, e);
    } finally {
      // Whatever happened: live workers would keep the process from exiting.
      await pool.close();
    }
    const tc = performance.now();
    // An out/ made before the page store it links to was (re)made is not worth recycling.
    await output.commit(result.pages.reused > 0);
    result.timings.swap = performance.now() - tc;
    report(result.warnings);
    if (process.env.REACTSITE_TIMINGS === '1') console.log(`timings: ${JSON.stringify({ ...Object.fromEntries(Object.entries(result.timings).map(([k, v]) => [k, Math.round(v * 10) / 10])), ...result.pages })}`);
    const pages = result.routes.length;
    console.log(`✓ built ${pages} pages in ${((performance.now() - t0) / 1000).toFixed(2)} s → ${path.relative(process.cwd(), opts.outDir) || '.'}${result.warnings.length ? ` (${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'})` : ''}`);
  });
}

async function runCheck(flags: CliFlags): Promise<number> {
  return guard(async () => {
    const opts = resolveOptions(flags);
    const { buildSite } = await pipeline();
    const result = await buildSite(opts, { mode: 'check' });
    const { contentChecks } = await import('./verify/content-checks.js');
    const problems = [...result.warnings, ...contentChecks(opts.root, result)];
    if (problems.some((p) => p.severity === 'error')) throw new ReactsiteError(problems);
    report(problems);
    console.log(`✓ checked ${result.routes.length} pages: ${problems.length ? `${problems.length} warning(s)` : 'no errors, no warnings'}`);
  });
}

/** Runs the CLI with `argv` and resolves to the exit code (the bin sets process.exitCode). */
export async function main(argv: string[]): Promise<number> {
  process.env.NODE_ENV ??= 'production';
  let code: number = EXIT.ok;
  const cmd = program((c) => (code = c));
  cmd.exitOverride();
  for (const sub of cmd.commands) sub.exitOverride();
  cmd.configureOutput({ writeErr: (s) => process.stderr.write(s) });
  try {
    await cmd.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 || e.code === 'commander.helpDisplayed' || e.code === 'commander.version' ? EXIT.ok : EXIT.usage;
    console.error(`reactsite: internal error: ${(e as Error).stack ?? String(e)}`);
    return EXIT.error;
  }
  return code;
}
