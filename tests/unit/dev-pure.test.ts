import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { codeFrame } from '../../src/generator/problems/code-frame.js';
import { classifyChange, isEmptyPlan, isScratchFile, planChanges } from '../../src/generator/dev/change-plan.js';
import { devClientScript, errorOverlay } from '../../src/generator/dev/tab/client-script.js';
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

type Listener = (e: { data?: string }) => void;

/** Named event listeners and a way to fire them: the event surface every fake below shares. */
function fakeEvents() {
  const byName = new Map<string, Listener[]>();
  return {
    addEventListener: (name: string, fn: Listener) => void byName.set(name, [...(byName.get(name) ?? []), fn]),
    fire: (name: string, data?: string) => (byName.get(name) ?? []).forEach((fn) => fn({ data })),
  };
}

interface FakeLink extends ReturnType<typeof fakeEvents> {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  cloneNode(): FakeLink;
  after(link: FakeLink): void;
  remove(): void;
}

/** A <link> whose after/remove edit `page`, the document's links in order. */
function fakeLink(page: FakeLink[], attrs: Record<string, string>): FakeLink {
  const link: FakeLink = {
    ...fakeEvents(),
    getAttribute: (name) => (Object.hasOwn(attrs, name) ? attrs[name]! : null),
    setAttribute: (name, value) => void (attrs[name] = value),
    cloneNode: () => fakeLink(page, { ...attrs }),
    after: (next) => void (page.includes(link) && page.splice(page.indexOf(link) + 1, 0, next)),
    remove: () => void (page.includes(link) && page.splice(page.indexOf(link), 1)),
  };
  return link;
}

const EVENTS = '/sub/__reactsite/events';

/** Runs the real dev client script in a node:vm sandbox of fakes for one page; returns the fakes to drive and inspect. */
function runDevClient({ pathname = '/sub/guides/a b/', overlay = false, stylesheets = [] as string[], stored = {} as Record<string, string>, navigation = 'navigate' } = {}) {
  const html = new Set<string>(overlay ? ['data-reactsite-overlay'] : []);
  const links: FakeLink[] = [];
  for (const href of stylesheets) links.push(fakeLink(links, { rel: 'stylesheet', href }));
  const storage = new Map(Object.entries(stored));
  const sources: FakeEventSource[] = [];
  /** EventSource that records its URL and lets the test fire named server events. */
  class FakeEventSource {
    readonly addEventListener;
    readonly fire;
    closed = false;
    constructor(readonly url: string) {
      ({ addEventListener: this.addEventListener, fire: this.fire } = fakeEvents());
      sources.push(this);
    }
    close() { this.closed = true; }
  }
  const sandbox = {
    EventSource: FakeEventSource,
    location: { pathname, reload: vi.fn() },
    sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, String(v)), removeItem: (k: string) => void storage.delete(k) },
    history: { scrollRestoration: 'auto' },
    scrollX: 12,
    scrollY: 340,
    scrollTo: vi.fn(),
    performance: { getEntriesByType: (type: string) => (type === 'navigation' ? [{ type: navigation }] : []) },
    ...fakeEvents(),
    document: {
      documentElement: { hasAttribute: (n: string) => html.has(n), setAttribute: (n: string) => void html.add(n) },
      querySelectorAll(selector: string) {
        if (selector !== 'link[rel="stylesheet"]') throw new Error(`fake document: unsupported selector ${selector}`);
        return links.filter((l) => l.getAttribute('rel') === 'stylesheet');
      },
    },
  };
  vm.runInNewContext(devClientScript(EVENTS, '/__reactsite/update.js'), sandbox);
  expect(sources).toHaveLength(1);
  return { ...sandbox, html, links, storage, es: sources[0]!, hrefs: () => links.map((l) => l.getAttribute('href')) };
}

describe('dev browser side', () => {
  it('is one constant script, safe inside <script>', () => {
    const s = devClientScript(EVENTS, '/__reactsite/update.js');
    expect(s).toContain('"/sub/__reactsite/events"');
    expect(s).not.toContain('</script');
    expect(() => new Function(s)).not.toThrow();
  });
  it('subscribes to the event stream naming its page (read at run time, so one text serves every page)', () => {
    expect(runDevClient({ pathname: '/sub/guides/a b/' }).es.url).toBe(`${EVENTS}?page=%2Fsub%2Fguides%2Fa%20b%2F`);
    expect(runDevClient({ pathname: '/sub/' }).es.url).toBe(`${EVENTS}?page=${encodeURIComponent('/sub/')}`);
  });
  it('hello marks the tab live and reloads only when the server\'s boot id changed', () => {
    const page = runDevClient();
    expect(page.html.has('data-reactsite-live')).toBe(false);
    page.es.fire('hello', 'boot-1');
    expect(page.html.has('data-reactsite-live')).toBe(true);
    expect(page.location.reload).not.toHaveBeenCalled();
    page.es.fire('hello', 'boot-1');
    expect(page.location.reload).not.toHaveBeenCalled();
    page.es.fire('hello', 'boot-2');
    expect(page.location.reload).toHaveBeenCalledTimes(1);
  });
  it.each(['reload'])('%s (site code changed) saves the scroll position for the page and reloads', (event) => {
    const page = runDevClient({ pathname: '/sub/guides/a b/' });
    page.es.fire(event);
    expect(page.location.reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(page.storage.get('reactsite-scroll:/sub/guides/a b/') ?? 'null')).toEqual({ x: 12, y: 340 });
    expect(page.history.scrollRestoration).toBe('manual');
  });
  it('the overlay page reloads but never saves its own scroll position', () => {
    const page = runDevClient({ overlay: true });
    page.es.fire('problems');
    page.es.fire('reload');
    expect(page.location.reload).toHaveBeenCalledTimes(2);
    expect(page.storage.size).toBe(0);
  });
  it('a reload restores the saved position once; a fresh navigation only forgets it', () => {
    const stored = { 'reactsite-scroll:/a/': JSON.stringify({ x: 5, y: 600 }) };
    const reloaded = runDevClient({ pathname: '/a/', stored, navigation: 'reload' });
    expect(reloaded.scrollTo).toHaveBeenCalledWith(5, 600);
    expect(reloaded.storage.size).toBe(0);
    const fresh = runDevClient({ pathname: '/a/', stored, navigation: 'navigate' });
    expect(fresh.scrollTo).not.toHaveBeenCalled();
    expect(fresh.storage.size).toBe(0);
  });
  it('css swaps the /assets/ stylesheet for the new URL, dropping the old one once the new one loads', () => {
    const page = runDevClient({ stylesheets: ['https://fonts.example/f.css', '/assets/site-OLD.css', '/vendor/x.css'] });
    page.es.fire('css', '/assets/site-NEW.css');
    expect(page.hrefs()).toEqual(['https://fonts.example/f.css', '/assets/site-OLD.css', '/assets/site-NEW.css', '/vendor/x.css']);
    expect(page.links[2]!.getAttribute('rel')).toBe('stylesheet');
    page.links[2]!.fire('load');
    expect(page.hrefs()).toEqual(['https://fonts.example/f.css', '/assets/site-NEW.css', '/vendor/x.css']);
    expect(page.location.reload).not.toHaveBeenCalled();
  });
  it('the overlay escapes messages and shows file, line and frame', () => {
    const html = errorOverlay([{ severity: 'error', message: '<b>bad</b> </script>', file: 'content/x.md', line: 3, column: 2, frame: '> 3 | <x>', hint: 'fix it' }], 'void 0');
    expect(html).toContain('<p class="where">content/x.md:3:2</p>');
    expect(html).toContain('&lt;b&gt;bad&lt;/b&gt; &lt;/script&gt;');
    expect(html).toContain('<pre class="frame">&gt; 3 | &lt;x&gt;</pre>');
    expect(html).toContain('data-reactsite-overlay');
  });
});
