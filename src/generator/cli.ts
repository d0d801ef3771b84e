/** The reactsite command line: its commands and flags. Each command's run (cli/) prints its verdict; main() returns the exit code for bin/ to set. */
import fs from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { packageRoot } from './package/package-paths.js';
import { EXIT, guard, parsePort, untilSignal } from './cli/guard.js';
import { resolveOptions, type CliFlags } from './cli/options.js';
import { runBuild, type OutputFlags } from './cli/run-build.js';
import { runCheck } from './cli/run-check.js';

export { EXIT };

function version(): string {
  return JSON.parse(fs.readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')).version as string;
}

/** Builds the commander program; `run` actions resolve to an exit code. */
export function program(setExit: (code: number) => void): Command {
  const cmd = new Command('reactsite').description('Build, preview and check a React tutorial website rendered with React on the server.').version(version(), '-v, --version').showHelpAfterError();
  const rootOpt = () => new Option('--root <dir>', 'project folder holding content/ and public/').default('.');
  const threadsOpt = () => new Option('--threads <n>', 'threads to render on, the main one included (default: one per core while memory lasts)');

  cmd
    .command('build')
    .description('build the site into --out (default out/); exit 0 only if the site is whole')
    .addOption(rootOpt())
    .option('--out <dir>', 'output folder (relative to --root)', 'out')
    .option('--site <url>', 'public origin for canonical URLs (default: content/site.json "url")')
    .option('--base <path>', 'sub-path the site is served under, e.g. /docs/ (default: the path of the site URL)')
    .option('--no-cache', 'ignore and do not write the build caches (.cache/reactsite/: Markdown trees, pages, bundles)')
    .addOption(new Option('--broken-links <mode>', 'what broken internal links do').choices(['error', 'warn']).default('error'))
    .addOption(threadsOpt())
    .option('--quiet', 'print errors only')
    .option('--verbose', 'also print a line per page, and every warning (past 50, a build prints a sample)')
    .option('--json', 'print the build summary as JSON on stdout (nothing else)')
    .option('--report <file>', 'also write the build summary as JSON to <file>')
    .action(async (flags: CliFlags & OutputFlags) => setExit(await runBuild(flags)));

  cmd
    .command('check')
    .description('validate content, links and routes without writing; exit 1 on any error')
    .addOption(rootOpt())
    .addOption(threadsOpt())
    .option('--quiet', 'print errors only')
    .action(async (flags: CliFlags & { quiet?: boolean }) => setExit(await runCheck(flags)));

  cmd
    .command('dev')
    .description('preview with live reload while you edit (default http://127.0.0.1:4321)')
    .addOption(rootOpt())
    .option('--port <n>', 'port to listen on (the next free one is taken if busy)', '4321')
    .option('--host <addr>', 'address to bind', '127.0.0.1')
    .option('--base <path>', 'sub-path to serve the site under, as a build would (default: the path of the site URL)')
    .option('--open', 'open the browser')
    .addOption(threadsOpt())
    .action(async (flags: CliFlags & { port: string; host: string; open?: boolean }) => {
      const { startDev } = await import('./dev/start-dev.js');
      const code = await guard(async () => {
        const dev = await startDev({ ...resolveOptions(flags, process.cwd(), { writes: false }), port: parsePort(flags.port), host: flags.host, open: !!flags.open });
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
    .option('--base <path>', 'sub-path to serve under (default: the one the site was built for)')
    .action(async (flags: { out: string; port: string; host: string; base?: string }) => {
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
