/** Runs the real reactsite executable in a child process. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO } from './project.js';

/** Result of one CLI run. */
export interface CliRun { code: number | null; stdout: string; stderr: string; output: string }

/** Runs `bin/reactsite ...args` and resolves when it exits. */
export function runCli(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO, 'bin', 'reactsite'), ...args], { cwd: opts.cwd ?? REPO, env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600', ...opts.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, output: stdout + stderr }));
  });
}
