import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeAttr } from '../../src/generator/verify/html-facts.js';
import { launchBrowser } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { editJson, listFiles, makeProject } from '../helpers/project.js';
import { serveOut, type TestServer } from '../helpers/server.js';
import { hydrateAll } from '../helpers/site-page.js';

const XSS = `</script><script>window.__xss=1</script><!-- "><img src=x onerror="window.__xss=2"> \u2028\u2029 'quote'`;

/** A project whose every text field carries script-injection payloads. */
function hostileProject(): string {
  const registry = editJson('content/registry.json', (v: Record<string, unknown>[]) => {
    for (const t of v) {
      t.title = `${t.title} ${XSS}`;
      t.name = `${t.name} ${XSS}`;
      t.description = `${t.description} ${XSS}`;
      t.keywords = [`key ${XSS}`, ...(t.keywords as string[])];
    }
    v[1]!.author = `Mallory ${XSS}`;
  });
  const body = `---
faq:
  - question: "Q ${XSS.replace(/"/g, '\\"')}"
    answer: "A ${XSS.replace(/"/g, '\\"')}"
---

Raw HTML stays text: <script>window.__xss=3</script> <img src=x onerror="window.__xss=4">

A [javascript link](javascript:window.__xss=5) and [an encoded one](JaVaScRiPt:window.__xss=6).

## Code

\`\`\`html
</script><script>window.__xss=7</script>
\`\`\`
`;
  return makeProject({ 'content/registry.json': registry, 'content/tutorials/alpha.md': body });
}

let browser: Browser;
let server: TestServer;
let out: string;
beforeAll(async () => {
  const root = hostileProject();
  const run = await runCli(['build', '--root', root, '--broken-links', 'warn']);
  expect(run.output).toContain('✓ built');
  out = path.join(root, 'out');
  [browser, server] = await Promise.all([launchBrowser(), serveOut(out)]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Loads a page, lets islands hydrate, opens what can be opened, and returns injected-script and CSP evidence. */
async function visit(origin: string, p: string) {
  const ctx = await browser.newContext();
  await ctx.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await ctx.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  await page.goto(origin + p, { waitUntil: 'load' });
  await hydrateAll(page);
  const share = page.locator('.share-toggle');
  if (await share.count()) await share.click();
  const evidence = await page.evaluate(() => ({ xss: (window as unknown as { __xss?: number }).__xss, csp: (window as unknown as { __csp: string[] }).__csp }));
  await ctx.close();
  return { ...evidence, consoleErrors };
}

describe('no injection', () => {
  it('renders hostile titles, descriptions, keywords, FAQ, authors and code as text in every page, and runs none of it', async () => {
    const pages = listFiles(out).filter((f) => f.endsWith('index.html') && !f.startsWith('tutorial/index') && !f.startsWith('tutorial/intro/'));
    expect(pages.length).toBeGreaterThanOrEqual(7);
    for (const f of pages) {
      const p = `/${f.replace(/index\.html$/, '')}`;
      const { xss, csp } = await visit(server.origin, p);
      expect(xss, p).toBeUndefined();
      expect(csp, p).toEqual([]);
    }
    const html = fs.readFileSync(path.join(out, 'tutorial/react-alpha/index.html'), 'utf8');
    expect(html.match(/<script>window.__xss/g)).toBeNull();
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;window.__xss=1');
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(ld).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.stringify(JSON.parse(ld))).toContain('Mallory </script>');
  });
});

describe('Content-Security-Policy', () => {
  it('allows every page type of the real site to run its own scripts with no violation', async () => {
    const real = await serveOut(inject('siteOut'));
    try {
      for (const p of ['/', '/tutorial/react-intro/', '/tutorial/react-jsx/', '/about/', '/template/', '/tutorial/no-such/', '/tutorial/']) {
        const { csp, consoleErrors } = await visit(real.origin, p);
        expect(csp, p).toEqual([]);
        expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e)), p).toEqual([]);
      }
      const html = fs.readFileSync(path.join(inject('siteOut'), 'tutorial/react-jsx/index.html'), 'utf8');
      const policy = decodeAttr(/<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!);
      expect(policy).toMatch(/script-src 'self' 'sha256-/);
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(fs.readFileSync(path.join(inject('siteOut'), '_headers'), 'utf8')).toContain("Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-");
    } finally {
      await real.close();
    }
  });
});
