/**
 * A content reload in dev (a registry edit, say) reads again only the bodies that changed: by size and mtime, and
 * any body a change named since it was read, even one whose size and mtime came out the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevSite } from '../../src/generator/dev/dev-site.js';
import { makeProject } from '../helpers/project.js';
import { copySite } from './dev-process.js';
import { devSiteOf, html, plan } from './dev-site-kit.js';

describe('dev content reloads', () => {
  let project: string;
  let siteDir: string;
  let site: DevSite;
  const registry = () => path.join(project, 'content', 'registry.json');
  const body = (id: string) => path.join(project, 'content', 'tutorials', `${id}.md`);
  const renameBeta = async (name: string) => {
    fs.writeFileSync(registry(), fs.readFileSync(registry(), 'utf8').replace(/"name": "Beta[^"]*"/, `"name": "${name}"`));
    return site.update(plan({ content: ['content/registry.json'] }));
  };
  beforeAll(async () => {
    project = makeProject();
    siteDir = copySite();
    site = devSiteOf(project, siteDir);
    expect((await site.initial()).problems).toEqual([]);
  });
  afterAll(async () => {
    await site?.dispose();
    for (const d of [project, siteDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
  });

  it('keeps what reading an unchanged body gave, and reads a body changed on disk again', async () => {
    const before = site.gen!.content.bodies;
    // Changed without a watcher event: its size and mtime tell.
    fs.appendFileSync(body('alpha'), '\n\nA sentence no watcher reported.\n');
    const report = await renameBeta('Beta Renamed');
    expect(report.problems).toEqual([]);
    const after = site.gen!.content.bodies;
    expect(after.get('beta')).toBe(before.get('beta'));
    expect(after.get('alpha')).not.toBe(before.get('alpha'));
    await site.want('tutorial/react-alpha/index.html');
    expect(html(site.page('tutorial/react-alpha/index.html'))).toContain('A sentence no watcher reported.');
    expect(html(site.page('tutorial/react-alpha/index.html'))).toContain('Beta Renamed');
    // Generated files are made when first asked for.
    expect(String(site.asset('sitemap.xml'))).toContain('/tutorial/react-beta/');
  });

  it('reads again a body edited while the registry was broken, even with its size and mtime unchanged', async () => {
    await site.want('tutorial/react-beta/index.html');
    const text = fs.readFileSync(body('beta'), 'utf8');
    // A whole second, which setting it back gives exactly; read by a reload.
    const mtime = Math.floor(Date.now() / 1000) - 60;
    fs.utimesSync(body('beta'), mtime, mtime);
    expect((await renameBeta('Beta Before')).problems).toEqual([]);
    const good = fs.readFileSync(registry(), 'utf8');
    fs.writeFileSync(registry(), good.replace('[', '[ oops'));
    expect((await site.update(plan({ content: ['content/registry.json'] }))).problems.length).toBeGreaterThan(0);
    // The same number of characters, and the old mtime put back: only the change the watcher reported tells.
    const word = text.match(/[A-Za-z]{6,}/)![0];
    const edited = text.replace(word, 'Q'.repeat(word.length));
    expect(edited.length).toBe(text.length);
    fs.writeFileSync(body('beta'), edited);
    fs.utimesSync(body('beta'), mtime, mtime);
    expect((await site.update(plan({ bodies: ['content/tutorials/beta.md'] }))).problems.length).toBeGreaterThan(0);
    fs.writeFileSync(registry(), good);
    const fixed = await renameBeta('Beta Fixed');
    expect(fixed.problems).toEqual([]);
    await site.want('tutorial/react-beta/index.html');
    expect(html(site.page('tutorial/react-beta/index.html'))).toContain('Q'.repeat(word.length));
  });
});
