import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFrame } from '../../src/generator/problems/code-frame.js';
import { classifyChange, isEmptyPlan, isScratchFile, planChanges } from '../../src/generator/dev/change-plan.js';
import { devClientScript, errorOverlay } from '../../src/generator/dev/client-script.js';
import { locateInStack } from '../../src/generator/problems/stack-location.js';
import { rawTarget } from '../../src/generator/serve/static-server.js';

const root = path.resolve('/proj');
const site = path.resolve('/pkg/src/site');

describe('dev change classification', () => {
  it('sorts changes by what they require', () => {
    expect(classifyChange(path.join(root, 'content/tutorials/react-jsx.md'), root, site)).toEqual({ kind: 'body', file: 'content/tutorials/react-jsx.md' });
    expect(classifyChange(path.join(root, 'content/pages/about.md'), root, site)).toEqual({ kind: 'page', file: 'content/pages/about.md' });
    expect(classifyChange(path.join(root, 'content/registry.json'), root, site)).toEqual({ kind: 'content', file: 'content/registry.json' });
    expect(classifyChange(path.join(root, 'content/site.json'), root, site)?.kind).toBe('content');
    expect(classifyChange(path.join(root, 'content/tutorials'), root, site)?.kind).toBe('content');
    expect(classifyChange(path.join(root, 'public/images/a.png'), root, site)).toEqual({ kind: 'public', file: 'public/images/a.png' });
    expect(classifyChange(path.join(site, 'styles/site.css'), root, site)?.kind).toBe('css');
    expect(classifyChange(path.join(site, 'components/Navbar.tsx'), root, site)).toEqual({ kind: 'code', file: path.join(site, 'components/Navbar.tsx') });
  });

  it('ignores editor scratch files and unrelated files', () => {
    for (const name of ['.alpha.md.swp', 'alpha.md~', '4913', '.#alpha.md', 'alpha.md.tmp', 'alpha.md.tmp-1234', 'x.tsx___jb_tmp___']) {
      expect(isScratchFile(name), name).toBe(true);
      expect(classifyChange(path.join(root, 'content/tutorials', name), root, site), name).toBeUndefined();
    }
    expect(isScratchFile('alpha.md')).toBe(false);
    expect(classifyChange(path.join(root, 'content/notes.txt'), root, site)).toBeUndefined();
    expect(classifyChange(path.join(root, 'content/tutorials/deep/x.md'), root, site)).toBeUndefined();
    expect(classifyChange(path.join(site, 'README'), root, site)).toBeUndefined();
  });

  it('groups a batch without duplicates', () => {
    const body = path.join(root, 'content/tutorials/a.md');
    const plan = planChanges([body, body, path.join(site, 'x.tsx'), path.join(root, 'content/x.swp')], root, site);
    expect(plan).toEqual({ bodies: ['content/tutorials/a.md'], pages: [], content: [], publicFiles: [], css: [], code: [path.join(site, 'x.tsx')] });
    expect(isEmptyPlan(planChanges([path.join(root, 'content/.DS_Store')], root, site))).toBe(true);
  });
});

describe('code frames', () => {
  const text = ['one', 'two', 'three', 'four', 'five', 'six'].join('\n');
  it('shows the lines around the line, marks it and points at the column', () => {
    expect(codeFrame(text, 3, 2)).toBe(['  1 | one', '  2 | two', '> 3 | three', '    |  ^', '  4 | four', '  5 | five'].join('\n'));
    expect(codeFrame(text, 1)).toBe(['> 1 | one', '  2 | two', '  3 | three'].join('\n'));
  });
  it('is empty for a line the file does not have', () => {
    expect(codeFrame(text, 0)).toBe('');
    expect(codeFrame(text, 7)).toBe('');
  });
});

describe('stack locations', () => {
  it('finds the first frame inside the site sources', () => {
    const stack = ['TypeError: boom', '    at render (file:///pkg/node_modules/react-dom/x.js:1:2)', `    at SiteFooter (${path.join(site, 'components/SiteFooter.tsx')}:8:77)`, `    at ${path.join(site, 'render-page.tsx')}:3:1`].join('\n');
    expect(locateInStack(stack, site)).toEqual({ file: path.join(site, 'components/SiteFooter.tsx'), line: 8, column: 77 });
    expect(locateInStack('Error\n    at x (/elsewhere/a.js:1:1)', site)).toBeUndefined();
    expect(locateInStack(undefined, site)).toBeUndefined();
  });
});

describe('request targets', () => {
  it('keeps the raw path (no normalisation) and the query', () => {
    expect(rawTarget('/../package.json')).toEqual({ pathname: '/../package.json', search: '' });
    expect(rawTarget('/a/b?x=1#h')).toEqual({ pathname: '/a/b', search: '?x=1' });
    expect(rawTarget('http://host:1/x/%2e%2e/y?q')).toEqual({ pathname: '/x/%2e%2e/y', search: '?q' });
  });
});

describe('dev browser side', () => {
  it('is one constant script, safe inside <script>', () => {
    const s = devClientScript('/sub/__reactsite/events');
    expect(s).toBe(devClientScript('/sub/__reactsite/events'));
    expect(s).toContain('"/sub/__reactsite/events"');
    expect(s).not.toContain('</script');
    expect(() => new Function(s)).not.toThrow();
  });
  it('the overlay escapes messages and shows file, line and frame', () => {
    const html = errorOverlay([{ severity: 'error', message: '<b>bad</b> </script>', file: 'content/x.md', line: 3, column: 2, frame: '> 3 | <x>', hint: 'fix it' }], 'void 0');
    expect(html).toContain('<p class="where">content/x.md:3:2</p>');
    expect(html).toContain('&lt;b&gt;bad&lt;/b&gt; &lt;/script&gt;');
    expect(html).toContain('<pre class="frame">&gt; 3 | &lt;x&gt;</pre>');
    expect(html).toContain('data-reactsite-overlay');
  });
});
