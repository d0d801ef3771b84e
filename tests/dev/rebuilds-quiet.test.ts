import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EventHub } from '../../src/generator/dev/event-hub.js';
import { QUIET_MS, Rebuilds } from '../../src/generator/dev/rebuilds.js';
import { DevTerminal } from '../../src/generator/dev/terminal.js';
import { builtDevSite } from './dev-site-kit.js';

/** Resolves once `ok()` holds, checking between turns of the event loop (setTimeout is faked here). */
async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200_000 && !ok(); i++) await new Promise((r) => setImmediate(r));
  expect(ok()).toBe(true);
}

describe('dev after a change', () => {
  const dev = builtDevSite();
  /** The rebuild loop over the dev site, with the lines it prints. */
  const loop = () => {
    const lines: string[] = [];
    const terminal = new DevTerminal(dev.project, { log: (l) => lines.push(l), logError: (l) => lines.push(l) });
    const hub = new EventHub();
    return { lines, hub, rebuilds: new Rebuilds({ site: dev.site, hub, terminal, root: dev.project, sources: dev.siteDir, ready: Promise.resolve() }) };
  };

  it('renders the pages left and runs the integrity gate only once the writer pauses', async () => {
    const { site, project } = dev;
    const { lines, hub, rebuilds } = loop();
    const beta = path.join(project, 'content', 'tutorials', 'beta.md');
    const files = () => site.gen!.routes.map((r) => r.file);
    // Counts the starts of the background pass (the pages left, then the gate).
    let started = 0;
    const renderRest = site.renderRest.bind(site);
    site.renderRest = (stop) => (started++, renderRest(stop));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const n of [1, 2]) {
        fs.appendFileSync(beta, `\nSee [missing ${n}](/tutorial/nope-${n}/).\n`);
        rebuilds.queue([beta]);
        await until(() => lines.filter((l) => l.startsWith('↻')).length === n);
        // Within the quiet period after each save: no page the change did not ask for is rendered, no gate.
        expect(started).toBe(0);
        vi.advanceTimersByTime(QUIET_MS - 1);
        expect(started).toBe(0);
        expect(site.gen!.pages.facts(files())).toBeUndefined();
      }
      expect(lines.join('\n')).not.toContain('broken link');
      vi.advanceTimersByTime(1);
      expect(started).toBe(1);
      await until(() => lines.some((l) => l.includes('broken link on /tutorial/react-beta/: /tutorial/nope-2/')));
      expect(site.gen!.pages.facts(files())).toBeDefined();
    } finally {
      vi.useRealTimers();
      rebuilds.close();
      hub.close();
    }
  });

  it('applies a body that changed with no word from the watcher after a reload took it from memory', async () => {
    const { site, project } = dev;
    const { lines, hub, rebuilds } = loop();
    const registry = path.join(project, 'content', 'registry.json');
    const alpha = path.join(project, 'content', 'tutorials', 'alpha.md');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fs.appendFileSync(alpha, '\nA sentence the watcher never reported.\n');
      fs.writeFileSync(registry, fs.readFileSync(registry, 'utf8').replace(/"name": "Alpha[^"]*"/, '"name": "Alpha Again"'));
      rebuilds.queue([registry]);
      await until(() => lines.some((l) => l.startsWith('↻ content/registry.json')));
      vi.advanceTimersByTime(QUIET_MS);
      await until(() => lines.some((l) => l.startsWith('↻ content/tutorials/alpha.md')));
      await site.want('tutorial/react-alpha/index.html');
      const page = site.page('tutorial/react-alpha/index.html');
      expect(page && 'html' in page ? page.html : '').toContain('A sentence the watcher never reported.');
    } finally {
      vi.useRealTimers();
      rebuilds.close();
      hub.close();
    }
  });
});
