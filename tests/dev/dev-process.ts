/** Runs the real `reactsite dev` in a child process for the dev tests, and copies of the site sources to edit. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from '../helpers/project.js';

/** A running dev server process. */
export interface DevProcess { child: ChildProcess; url: string; origin: string; port: number; output(): string; waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>; stop(): Promise<number | null> }

/** Copies src/site to a temp folder, for tests that edit components (others edit the real one meanwhile). */
export function copySite(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-site-'));
  fs.cpSync(path.join(REPO, 'src', 'site'), dir, { recursive: true });
  return dir;
}

/** Starts `reactsite dev --root <root> --port <port>`; resolves once it prints its address. */
export function startDev(root: string, o: { port?: number; siteDir?: string; args?: string[]; env?: Record<string, string> } = {}): Promise<DevProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, SOURCE_DATE_EPOCH: '1767225600', ...o.env };
  if (o.siteDir) env.REACTSITE_SITE_DIR = o.siteDir;
  const child = spawn(process.execPath, [path.join(REPO, 'bin', 'reactsite'), 'dev', '--root', root, '--port', String(o.port ?? 0), ...(o.args ?? [])], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d;
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(out)) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`dev did not print ${pattern} within ${timeoutMs} ms; output:\n${out}`));
      }, timeoutMs);
      listeners.add(check);
      void exited.then((code) => {
        if (!pattern.test(out)) {
          clearTimeout(timer);
          reject(new Error(`dev exited (${code}) before printing ${pattern}; output:\n${out}`));
        }
      });
      check();
    });

  return waitFor(/reactsite dev: (http:\/\/\S+)/).then(() => {
    const url = /reactsite dev: (http:\/\/\S+)/.exec(out)![1]!;
    const origin = new URL(url).origin;
    return {
      child,
      url,
      origin,
      port: Number(new URL(url).port),
      output: () => out,
      waitFor,
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
        return exited;
      },
    };
  });
}
