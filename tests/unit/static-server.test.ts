import { describe, expect, it } from 'vitest';
import { safeRelative } from '../../src/generator/serve/static-server.js';
import { absoluteUrl, isUnsafeUrl, normalizeBase, withBase } from '../../src/site/seo/urls.js';

describe('static server path safety', () => {
  it('maps request paths under the base to relative files', () => {
    expect(safeRelative('/', '/')).toBe('');
    expect(safeRelative('/tutorial/a/', '/')).toBe('tutorial/a/');
    expect(safeRelative('/sub/assets/x.js', '/sub/')).toBe('assets/x.js');
  });
  it('refuses traversal, encoded traversal, backslashes, NUL bytes and absolute paths', () => {
    for (const p of ['/../etc/passwd', '/a/%2e%2e/%2e%2e/etc/passwd', '/%2E%2E/x', '/a\\..\\b', '/a%5c..%5cb', '/a%00.html', '//etc/passwd', '/%2fetc/passwd', '/%E0%A4%A']) {
      expect(safeRelative(p, '/'), p).toBeNull();
    }
  });
  it('refuses paths outside the base', () => {
    expect(safeRelative('/other/x', '/sub/')).toBeNull();
  });
});

describe('URLs', () => {
  it('normalises bases and prefixes paths', () => {
    expect(normalizeBase('sub')).toBe('/sub/');
    expect(normalizeBase('/a/b')).toBe('/a/b/');
    expect(normalizeBase('')).toBe('/');
    expect(withBase('/sub/', '/tutorial/x/')).toBe('/sub/tutorial/x/');
    expect(absoluteUrl('https://x.org/ignored', '/sub/', '/tutorial/x/')).toBe('https://x.org/sub/tutorial/x/');
  });
  it('gives the URL parser\'s absolute URL for any path, plain or not', () => {
    const paths = ['/', '/tutorial/x/', '/a.b/c_d~e-f/', '/x/./y/', '/x/../y/', '/.', '/..', '/x/.', '/x/..', '/...', '/x/.../', '/.a/', '/a..b/', '//x/', '/x y/', '/x%20y/', '/é/', '/x?y', '/x#y', '/x\\y', '/X/Y/'];
    for (const site of ['https://Example.ORG:443/ignored', 'http://x.org:8080', 'https://x.org']) {
      for (const base of ['/', '/sub/', '/a.b/']) {
        for (const p of paths) expect(absoluteUrl(site, base, p), `${site} ${base} ${p}`).toBe(new URL(withBase(base, p), new URL(site).origin).href);
      }
    }
  });
  it('recognises script URLs even when obfuscated', () => {
    expect(isUnsafeUrl('javascript:alert(1)')).toBe(true);
    expect(isUnsafeUrl(' JaVa\tscript:alert(1)')).toBe(true);
    expect(isUnsafeUrl('data:text/html,x')).toBe(true);
    expect(isUnsafeUrl('https://x.org')).toBe(false);
  });
});
