/** The page store's index: pages whose facts share URL lists (a sidebar's) are written as if every URL were their own. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMeta, parsePageIndex, writePageIndex, type Entry } from '../../src/generator/store/page-index.js';
import { flatFacts, type PlainFacts } from '../../src/generator/verify/html-facts.js';

const facts = (urls: string[], shared?: PlainFacts['shared']): PlainFacts => ({ urls, shared, ids: ['a'], h1: 1, title: 't', jsonLd: [], metaImages: [] });

/** The index text written for `pages` (key -> facts), after `kept` (entries read from an index whose URL table is `urls`). */
function written(pages: [string, PlainFacts][], kept: [string, Entry][] = [], urls: string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-index-'));
  const used = new Map<string, Entry>([...kept, ...pages.map(([k, f]): [string, Entry] => [k, { size: 1, mtimeMs: 2, words: 3, warnings: [], meta: { facts: f, links: [] } }])]);
  try {
    writePageIndex(path.join(dir, 'index.json'), { id: 'base' }, used, [...urls], (_k, e) => e.meta!);
    return fs.readFileSync(path.join(dir, 'index.json'), 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('page index', () => {
  it('writes shared lists among each page\'s own URLs, numbered as if written out', () => {
    // One array for every page that shows the list, as the threads hand it over (see string-table.ts).
    const sidebar = ['/tutorial/a/', '/tutorial/b/', '/tutorial/c/', '/tutorial/d/'];
    const nav = ['/', '/about/'];
    const pages: [string, PlainFacts][] = [
      ['k1', facts(['#top', '/tutorial/z/', 'https://x.org/'], [{ urls: nav, at: 0 }, { urls: sidebar, at: 2 }])],
      ['k2', facts(['/tutorial/y/', '#top'], [{ urls: nav, at: 0 }, { urls: sidebar, at: 1 }])],
      ['k3', facts(['/tutorial/b/'], [{ urls: sidebar, at: 1 }])],
    ];
    const text = written(pages);
    expect(text).toBe(written(pages.map(([k, f]) => [k, flatFacts(f)])));
    const parsed = parsePageIndex(text)!;
    expect(parseMeta(parsed.entries.get('k1')!.raw!, parsed.urls).facts.urls).toEqual(['/', '/about/', '#top', '/tutorial/z/', ...sidebar, 'https://x.org/']);
    expect(parseMeta(parsed.entries.get('k2')!.raw!, parsed.urls).facts.urls).toEqual(['/', '/about/', '/tutorial/y/', ...sidebar, '#top']);
    expect(parseMeta(parsed.entries.get('k3')!.raw!, parsed.urls).facts.urls).toEqual(['/tutorial/b/', ...sidebar]);
    // A later build keeps two lines as read and adds a page: the URL table grows in place.
    const later: [string, PlainFacts][] = [['k4', facts(['/tutorial/x/'], [{ urls: ['/new/', ...sidebar], at: 0 }])]];
    const kept = [...parsed.entries].slice(0, 2);
    const grown = written(later, kept, parsed.urls);
    expect(grown).toBe(written(later.map(([k, f]) => [k, flatFacts(f)]), kept, parsed.urls));
    const again = parsePageIndex(grown)!;
    expect(again.urls.slice(0, parsed.urls.length)).toEqual(parsed.urls);
    expect(parseMeta(again.entries.get('k4')!.raw!, again.urls).facts.urls).toEqual(['/new/', ...sidebar, '/tutorial/x/']);
    expect(parseMeta(again.entries.get('k1')!.raw!, again.urls).facts.urls).toEqual(['/', '/about/', '#top', '/tutorial/z/', ...sidebar, 'https://x.org/']);
  });
});
