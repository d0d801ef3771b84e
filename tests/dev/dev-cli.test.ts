import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editJson, makeProject } from '../helpers/project.js';
import { startDev } from './dev-process.js';

/** Polls until `read()` gives a value, or fails after `ms`. */
async function eventually<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const v = read();
    if (v !== undefined) return v;
  }
  throw new Error(`nothing after ${ms} ms`);
}

describe('reactsite dev on the command line', () => {
  it('--open opens the served URL in the system browser ($BROWSER, as xdg-open reads it)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-open-'));
    const browser = path.join(dir, 'browser.sh');
    const opened = path.join(dir, 'opened.txt');
    fs.writeFileSync(browser, `#!/bin/sh\necho "$1" > ${JSON.stringify(opened)}\n`, { mode: 0o755 });
    const dev = await startDev(makeProject(), { args: ['--open'], env: { BROWSER: browser } });
    try {
      const url = await eventually(() => (fs.existsSync(opened) ? fs.readFileSync(opened, 'utf8').trim() || undefined : undefined));
      expect(url).toBe(dev.url);
    } finally {
      await dev.stop();
    }
  });

  it('serves under the path of the site URL by default, as a build does, and under --base when given', async () => {
    const root = makeProject({ 'content/site.json': editJson<{ url: string }>('content/site.json', (s) => ({ ...s, url: 'https://fixture.example.org/docs/' })) });
    const dev = await startDev(root);
    try {
      expect(new URL(dev.url).pathname).toBe('/docs/');
      const page = await fetch(new URL('tutorial/react-alpha/', dev.url));
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/href="\/docs\/assets\/site-[^"]+\.css"/);
    } finally {
      await dev.stop();
    }
    const other = await startDev(root, { args: ['--base', '/elsewhere/'] });
    try {
      expect(new URL(other.url).pathname).toBe('/elsewhere/');
      expect((await fetch(new URL('tutorial/react-alpha/', other.url))).status).toBe(200);
    } finally {
      await other.stop();
    }
  });
});
