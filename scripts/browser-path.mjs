// Finds a Chromium for Playwright: CHROMIUM_PATH, a Playwright-installed Chromium, or Debian's /usr/bin/chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Flags for headless Chromium on these machines (no sandbox as root, no background network). */
export const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

/** Path of a usable Chromium, or undefined. */
export function browserPath() {
  const candidates = [];
  if (process.env.CHROMIUM_PATH) candidates.push(process.env.CHROMIUM_PATH);
  const pw = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  if (fs.existsSync(pw)) {
    for (const d of fs.readdirSync(pw).filter((x) => x.startsWith('chromium')).sort().reverse()) {
      candidates.push(path.join(pw, d, 'chrome-linux', 'chrome'), path.join(pw, d, 'chrome-linux64', 'chrome'), path.join(pw, d, 'chrome-headless-shell-linux64', 'chrome-headless-shell'));
    }
  }
  candidates.push('/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome');
  return candidates.find((c) => fs.existsSync(c));
}
