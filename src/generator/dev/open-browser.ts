/** Opens a URL in the system's browser (`reactsite dev --open`), with `open` (WSL, containers, every OS). */
import open from 'open';

/** Opens `url`; failing to is only worth a message through `onError`. */
export function openBrowser(url: string, onError: (message: string) => void): void {
  const failed = () => onError(`could not open a browser; visit ${url}`);
  open(url)
    .then((child) => child.once('error', failed))
    .catch(failed);
}
