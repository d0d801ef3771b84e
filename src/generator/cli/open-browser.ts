/** Opens a URL in the system's browser (`reactsite dev --open`). */
import { spawn } from 'node:child_process';

/** Opens `url`; failing to is only worth a message through `onError`. */
export function openBrowser(url: string, onError: (message: string) => void): void {
  const [cmd, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(cmd as string, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => onError(`could not open a browser; visit ${url}`));
    child.unref();
  } catch {
    onError(`could not open a browser; visit ${url}`);
  }
}
