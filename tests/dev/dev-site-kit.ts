/** What the tests of DevSite share: a dev site over a project, change plans, and a page's HTML or why it has none. */
import fs from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ChangePlan } from '../../src/generator/dev/change-plan.js';
import { DevSite } from '../../src/generator/dev/dev-site.js';
import type { PageOutcome } from '../../src/generator/dev/rendered-pages.js';
import { resolveOptions } from '../../src/generator/cli/options.js';
import { makeProject } from '../helpers/project.js';
import { copySite } from './dev-process.js';

/** A change plan with only the given lists. */
export const plan = (p: Partial<ChangePlan>): ChangePlan => ({ bodies: [], pages: [], content: [], publicFiles: [], css: [], code: [], ...p });

/** A page's HTML, or a line saying why there is none (a test then fails showing it). */
export const html = (o: PageOutcome | undefined): string => (o && 'html' in o ? o.html : `(no page: ${o && 'problem' in o ? o.problem.message : 'missing'})`);

/** A dev site over `project` with the site sources in `siteDir`, not yet built. */
export function devSiteOf(project: string, siteDir: string): DevSite {
  return new DevSite({ opts: resolveOptions({ root: project }), base: '/', dev: { origin: 'http://127.0.0.1:1', clientScript: 'void 0' }, siteDir });
}

/**
 * A dev site over a fresh copy of the basic project and of the site sources, built before the calling file's tests
 * (with no problems) and disposed, its folders deleted, after them. Its fields are set once the tests run.
 */
export function builtDevSite(): { readonly project: string; readonly siteDir: string; readonly site: DevSite } {
  const f = {} as { project: string; siteDir: string; site: DevSite };
  beforeAll(async () => {
    f.project = makeProject();
    f.siteDir = copySite();
    f.site = devSiteOf(f.project, f.siteDir);
    expect((await f.site.initial()).problems).toEqual([]);
  });
  afterAll(async () => {
    await f.site?.dispose();
    for (const d of [f.project, f.siteDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
  });
  return f;
}
