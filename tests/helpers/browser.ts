/** A real headless Chromium for the end-to-end tests, found (or installed by `npm test`'s pretest) by the project. */
import { chromium, type Browser } from 'playwright';
// @ts-expect-error: plain ESM helper shared with the scripts
import { browserPath, LAUNCH_ARGS } from '../../scripts/browser-path.mjs';

/** Launches Chromium headless with the flags DESIGN.md prescribes. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = (browserPath as () => string | undefined)();
  if (!executablePath) throw new Error('No Chromium found: run `node scripts/ensure-browser.mjs` or set CHROMIUM_PATH');
  return chromium.launch({ executablePath, args: LAUNCH_ARGS as string[], headless: true });
}
