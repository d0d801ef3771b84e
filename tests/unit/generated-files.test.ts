import { describe, expect, it } from 'vitest';
import { generatedFile, generatedFiles, isGeneratedFile } from '../../src/generator/render/host-files.js';
import type { Route, SiteData } from '../../src/site/types.js';

const site = { url: 'https://example.org', name: 'Site' } as SiteData['site'];
const data = (searchIndex?: string) => ({ site, base: '/', tutorials: [], assets: { pageScript: '' }, searchIndex }) as unknown as SiteData;
const routes = [{ kind: 'landing', path: '/', file: 'index.html', indexable: true }] as unknown as Route[];

describe('generated files', () => {
  it('are told apart by name: every one generatedFiles makes, and nothing else', () => {
    for (const d of [data(), data('/assets/search-0123456789.json')]) {
      const names = generatedFiles(routes, d, { bodies: new Map() }).map(([name]) => name);
      expect(names.length).toBe(d.searchIndex ? 5 : 4);
      for (const name of names) expect(isGeneratedFile(name, d), name).toBe(true);
      for (const other of ['index.html', 'tutorial/', 'assets/app.css', 'assets/search-9999999999.json']) expect(isGeneratedFile(other, d), other).toBe(false);
    }
  });

  it('are made one by one, each as generatedFiles makes it, and the small ones without the tutorials', () => {
    for (const d of [data(), data('/assets/search-0123456789.json')]) {
      for (const [name, text] of generatedFiles(routes, d, { bodies: new Map() })) expect(generatedFile(name, routes, d, { bodies: new Map() }), name).toBe(text);
      expect(generatedFile('index.html', routes, d, { bodies: new Map() })).toBeUndefined();
      // Dev asks for _redirects at every request: it must not make the search index of every tutorial on the way.
      const untouched = Object.defineProperty({ ...d }, 'tutorials', { get: () => expect.fail('the tutorials were read') }) as SiteData;
      for (const name of ['_redirects', 'robots.txt', '_headers']) expect(generatedFile(name, routes, untouched, { bodies: new Map() }), name).toContain(name === '_headers' ? 'nosniff' : '/');
    }
  });
});
