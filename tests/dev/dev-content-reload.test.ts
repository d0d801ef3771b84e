/**
 * A content reload in dev (a registry edit, say) reads again only the bodies a change named since they were read,
 * even one whose size and mtime came out the same; a body changed with no change naming it is found afterwards by
 * its size, mtime and ctime.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtDevSite, html, plan } from './dev-site-kit.js';
import { mtimeNs, putMtimeBack } from '../helpers/file-times.js';

describe('dev content reloads', () => {
  const dev = builtDevSite();
  const registry = () => path.join(dev.project, 'content', 'registry.json');
  const body = (id: string) => path.join(dev.project, 'content', 'tutorials', `${id}.md`);
  const renameBeta = async (name: string) => {
    fs.writeFileSync(registry(), fs.readFileSync(registry(), 'utf8').replace(/"name": "Beta[^"]*"/, `"name": "${name}"`));
    return dev.site.update(plan({ content: ['content/registry.json'] }));
  };

  it('keeps what reading an unchanged body gave, and finds a body changed on disk afterwards', async () => {
    const before = dev.site.gen!.content.bodies;
    expect(dev.site.content.missedBodies(), 'nothing taken from memory yet').toBeUndefined();
    // Changed without a watcher event: the reload takes it from memory, and the check after it finds the change.
    fs.appendFileSync(body('alpha'), '\n\nA sentence no watcher reported.\n');
    const report = await renameBeta('Beta Renamed');
    expect(report.problems).toEqual([]);
    const after = dev.site.gen!.content.bodies;
    expect(after.get('beta')).toBe(before.get('beta'));
    expect(after.get('alpha')).toBe(before.get('alpha'));
    const missed = await dev.site.content.missedBodies();
    expect(missed).toEqual(['content/tutorials/alpha.md']);
    expect(dev.site.content.missedBodies(), 'checked once').toBeUndefined();
    expect((await dev.site.update(plan({ bodies: missed }))).problems).toEqual([]);
    expect(dev.site.gen!.content.bodies.get('alpha')).not.toBe(before.get('alpha'));
    await dev.site.want('tutorial/react-alpha/index.html');
    expect(html(dev.site.page('tutorial/react-alpha/index.html'))).toContain('A sentence no watcher reported.');
    expect(html(dev.site.page('tutorial/react-alpha/index.html'))).toContain('Beta Renamed');
    // Generated files are made when first asked for.
    expect(String(dev.site.asset('sitemap.xml'))).toContain('/tutorial/react-beta/');
  });

  it('finds a body changed on disk with no event and its size and mtime put back, by its ctime', async () => {
    await dev.site.want('tutorial/react-alpha/index.html');
    expect((await renameBeta('Beta Read')).problems).toEqual([]);
    await dev.site.content.missedBodies();
    const text = fs.readFileSync(body('alpha'), 'utf8');
    // A word of the Markdown, below the front matter.
    const from = text.indexOf('\n---\n', 4) + 5;
    const word = text.slice(from).match(/[A-Za-z]{6,}/)![0];
    const ns = mtimeNs(body('alpha'));
    fs.writeFileSync(body('alpha'), text.slice(0, from) + text.slice(from).replace(word, 'Z'.repeat(word.length)));
    putMtimeBack(body('alpha'), ns);
    expect(mtimeNs(body('alpha'))).toBe(ns);
    expect((await renameBeta('Beta Again')).problems).toEqual([]);
    const missed = await dev.site.content.missedBodies();
    expect(missed).toEqual(['content/tutorials/alpha.md']);
    expect((await dev.site.update(plan({ bodies: missed }))).problems).toEqual([]);
    await dev.site.want('tutorial/react-alpha/index.html');
    expect(html(dev.site.page('tutorial/react-alpha/index.html'))).toContain('Z'.repeat(word.length));
  });

  it('reads again a body edited while the registry was broken, even with its size and mtime unchanged', async () => {
    await dev.site.want('tutorial/react-beta/index.html');
    const text = fs.readFileSync(body('beta'), 'utf8');
    // A whole second, which setting it back gives exactly; read by a reload.
    const mtime = Math.floor(Date.now() / 1000) - 60;
    fs.utimesSync(body('beta'), mtime, mtime);
    expect((await renameBeta('Beta Before')).problems).toEqual([]);
    const good = fs.readFileSync(registry(), 'utf8');
    fs.writeFileSync(registry(), good.replace('[', '[ oops'));
    expect((await dev.site.update(plan({ content: ['content/registry.json'] }))).problems.length).toBeGreaterThan(0);
    // The same number of characters, and the old mtime put back: only the change the watcher reported tells.
    const word = text.match(/[A-Za-z]{6,}/)![0];
    const edited = text.replace(word, 'Q'.repeat(word.length));
    expect(edited.length).toBe(text.length);
    fs.writeFileSync(body('beta'), edited);
    fs.utimesSync(body('beta'), mtime, mtime);
    expect((await dev.site.update(plan({ bodies: ['content/tutorials/beta.md'] }))).problems.length).toBeGreaterThan(0);
    fs.writeFileSync(registry(), good);
    const fixed = await renameBeta('Beta Fixed');
    expect(fixed.problems).toEqual([]);
    await dev.site.want('tutorial/react-beta/index.html');
    expect(html(dev.site.page('tutorial/react-beta/index.html'))).toContain('Q'.repeat(word.length));
  });
});
