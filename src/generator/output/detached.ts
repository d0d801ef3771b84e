/** Detached helper processes: what a build leaves to run after it has exited. */
import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Starts `node -e script ...args` detached from this process, which need not wait for it: in the root folder (on
 * Windows a process's current folder cannot be deleted, and the project may be), without a window, and with a
 * failure to start (reported later, as an event) ignored. Its pid, or undefined when it did not start.
 */
export function runDetached(script: string, args: readonly string[]): number | undefined {
  try {
    // Without this process's NODE_OPTIONS (an --inspect-brk there would keep the helper waiting for ever).
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const child = spawn(process.execPath, ['-e', script, ...args], { detached: true, stdio: 'ignore', cwd: path.parse(process.execPath).root, env, windowsHide: true });
    child.on('error', () => {});
    child.unref();
    return child.pid;
  } catch {
    return undefined;
  }
}
