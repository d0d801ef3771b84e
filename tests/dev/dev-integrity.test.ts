import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject } from '../helpers/project.js';
import { startDev } from './dev-process.js';

describe('the integrity gate in dev', () => {
  it('reports a broken link with its file, line and code frame, and again only once it comes back', async () => {
    const root = makeProject();
    const beta = path.join(root, 'content', 'tutorials', 'beta.md');
    fs.appendFileSync(beta, '\nSee [missing](/tutorial/nope/).\n');
    const dev = await startDev(root);
    try {
      await dev.waitFor(/error content\/tutorials\/beta\.md:7\n {2}broken link on \/tutorial\/react-beta\/: \/tutorial\/nope\//);
      expect(dev.output()).toContain('> 7 | See [missing](/tutorial/nope/).');
      fs.writeFileSync(beta, fs.readFileSync(beta, 'utf8').replace('/tutorial/nope/', '/tutorial/react-alpha/#nope'));
      await dev.waitFor(/broken anchor on \/tutorial\/react-beta\/: \/tutorial\/react-alpha\/#nope/);
      expect(dev.output().match(/broken link on/g)).toHaveLength(1);
    } finally {
      expect(await dev.stop()).toBe(0);
    }
  });
});
