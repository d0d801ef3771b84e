// Makes sure the browser tests have a Chromium: CHROMIUM_PATH, a Playwright-installed one, or /usr/bin/chromium.
// When none is there and we run as root on Debian, installs Debian's chromium with apt-get; otherwise explains.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { browserPath } from './browser-path.mjs';

const found = browserPath();
if (found) {
  console.log(`browser: ${found}`);
} else if (process.getuid?.() === 0 && fs.existsSync('/etc/debian_version')) {
  console.log('browser: none found; installing Debian chromium with apt-get (one time)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  if (!browserPath()) throw new Error('apt-get installed chromium but /usr/bin/chromium is still missing');
  console.log(`browser: ${browserPath()}`);
} else {
  console.error('browser: no Chromium found. Set CHROMIUM_PATH to a Chromium/Chrome binary, or install one (Debian: apt-get install chromium).');
  process.exit(1);
}
