/** Builds of the same project leave their process id on what they write: whether that process still runs. */

/** Whether process `pid` is running (this one, another build of the same project, or none: a killed one). */
export function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
