import { describe, expect, it } from 'vitest';
import { applyHeaderRules, matchRule, parseHeadersFile } from '../../src/generator/serve/host-headers.js';

/** The headers the rules of `file` alone give a request for `pathname`. */
const headersFor = (file: string, pathname: string, host?: string) => applyHeaderRules(parseHeadersFile(file), {}, pathname, host);

describe('_headers parsing', () => {
  it('reads blocks of a pattern and indented headers, skipping comments and blank lines', () => {
    const rules = parseHeadersFile(['# security for everything', '/*', '  # a comment inside a block', '  X-Frame-Options: DENY', '', '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', ''].join('\n'));
    expect(rules.map((r) => [r.pattern, r.set, r.unset])).toEqual([
      ['/*', [['x-frame-options', 'DENY']], []],
      ['/assets/*', [['cache-control', 'public, max-age=31536000, immutable']], []],
    ]);
  });

  it('keeps colons inside values, and CRLF line ends do not leak into them', () => {
    const rules = parseHeadersFile("/*\r\n  Content-Security-Policy: default-src 'self'; img-src 'self' data: https://cdn.example.org\r\n");
    expect(rules[0]!.set).toEqual([['content-security-policy', "default-src 'self'; img-src 'self' data: https://cdn.example.org"]]);
  });

  it('ignores malformed lines without throwing, and the headers under a malformed pattern', () => {
    const file = [
      '  X-Orphan: before any pattern',
      '/ok',
      '  no colon here',
      '  Bad Name: spaces in the name',
      '  X-Empty:',
      '  : no name',
      '  X-Control: a\u0001b',
      '  X-Wide: \u4e2d',
      '  ! two words',
      '  X-Good: yes',
      'http://insecure.example.org/*',
      '  X-Under-Bad-Pattern: 1',
      'https://example.org:8443/*',
      '  X-Under-Port-Pattern: 1',
      '/with space',
      '  X-Under-Spaced-Pattern: 1',
      '/empty',
    ].join('\n');
    const rules = parseHeadersFile(file);
    expect(rules.map((r) => [r.pattern, r.set, r.unset])).toEqual([['/ok', [['x-good', 'yes']], []]]);
    expect(() => parseHeadersFile('\u0000\n/[\n  :\n!\n/(*\n  X: 1')).not.toThrow();
    expect(headersFor('/(*\n  X: 1', '/(abc')).toEqual({ x: '1' });
  });
});

describe('_headers matching', () => {
  it('matches a splat across slashes, and exact patterns exactly', () => {
    const file = '/*\n  X-All: 1\n/assets/*\n  X-Assets: 1\n/about/\n  X-About: 1';
    expect(headersFor(file, '/')).toEqual({ 'x-all': '1' });
    expect(headersFor(file, '/assets/deep/a/b/site-ABC.css')).toEqual({ 'x-all': '1', 'x-assets': '1' });
    expect(headersFor(file, '/assets/')).toEqual({ 'x-all': '1', 'x-assets': '1' });
    expect(headersFor(file, '/assets')).toEqual({ 'x-all': '1' });
    expect(headersFor(file, '/about/')).toEqual({ 'x-all': '1', 'x-about': '1' });
    expect(headersFor(file, '/about')).toEqual({ 'x-all': '1' });
    expect(headersFor(file, '/about/team/')).toEqual({ 'x-all': '1' });
  });

  it('matches the base sub-path as written, and nothing else', () => {
    const file = '/docs/*\n  X-Docs: 1';
    expect(headersFor(file, '/docs/tutorial/a/')).toEqual({ 'x-docs': '1' });
    expect(headersFor(file, '/tutorial/a/')).toEqual({});
    expect(headersFor(file, '/docsx/a')).toEqual({});
  });

  it('matches a placeholder to exactly one segment, and fills placeholders and :splat into values', () => {
    const rule = parseHeadersFile('/tutorial/:slug/\n  X-Slug: :slug\n/files/*\n  X-File: :splat')[0]!;
    expect(matchRule(rule, '/tutorial/react-jsx/')).toEqual({ slug: 'react-jsx' });
    expect(matchRule(rule, '/tutorial/a/b/')).toBeUndefined();
    expect(matchRule(rule, '/tutorial//')).toBeUndefined();
    const file = '/tutorial/:slug/\n  X-Slug: :slug\n/files/*\n  X-File: :splat';
    expect(headersFor(file, '/tutorial/react-jsx/')).toEqual({ 'x-slug': 'react-jsx' });
    expect(headersFor(file, '/files/a/b.txt')).toEqual({ 'x-file': 'a/b.txt' });
  });

  it('treats regular-expression characters of a pattern literally', () => {
    const file = '/a.b/(c)+/*\n  X: 1';
    expect(headersFor(file, '/a.b/(c)+/x')).toEqual({ x: '1' });
    expect(headersFor(file, '/aXb/(c)+/x')).toEqual({});
    expect(headersFor(file, '/a.b/cc/x')).toEqual({});
  });

  it('applies absolute-URL rules only on their host (port ignored), with host placeholders', () => {
    const file = 'https://:project.pages.dev/*\n  X-Robots-Tag: noindex\nhttps://example.org/*\n  X-Site: example';
    expect(headersFor(file, '/a/', 'preview.pages.dev')).toEqual({ 'x-robots-tag': 'noindex' });
    expect(headersFor(file, '/a/', 'example.org:8443')).toEqual({ 'x-site': 'example' });
    expect(headersFor(file, '/a/', 'a.b.pages.dev')).toEqual({});
    expect(headersFor(file, '/a/', '127.0.0.1:4173')).toEqual({});
  });

  it('gives nothing when no rule matches, and leaves the defaults alone', () => {
    const rules = parseHeadersFile('/assets/*\n  Cache-Control: immutable');
    expect(applyHeaderRules(rules, { 'cache-control': 'no-cache', 'content-type': 'text/html' }, '/index.html')).toEqual({ 'cache-control': 'no-cache', 'content-type': 'text/html' });
    expect(applyHeaderRules([], { 'X-Default': '1' }, '/')).toEqual({ 'x-default': '1' });
    expect(headersFor('', '/')).toEqual({});
  });
});

describe('_headers combining', () => {
  it('overrides the server defaults of the same name, case-insensitively', () => {
    const rules = parseHeadersFile('/*\n  cache-control: public, max-age=60');
    expect(applyHeaderRules(rules, { 'Cache-Control': 'public, max-age=0, must-revalidate', 'content-type': 'text/html' }, '/')).toEqual({ 'cache-control': 'public, max-age=60', 'content-type': 'text/html' });
  });

  it('joins with ", " the values that several matching rules (or lines) give one header', () => {
    const file = '/*\n  X-Robots-Tag: nosnippet\n/static/*\n  x-robots-tag: noindex\n  Link: </a.css>; rel=preload\n  Link: </b.js>; rel=preload';
    expect(headersFor(file, '/static/styles.css')).toEqual({ 'x-robots-tag': 'nosnippet, noindex', link: '</a.css>; rel=preload, </b.js>; rel=preload' });
    const rules = parseHeadersFile('/*\n  Cache-Control: public\n/assets/*\n  Cache-Control: max-age=60');
    expect(applyHeaderRules(rules, { 'cache-control': 'no-cache' }, '/assets/x.js')).toEqual({ 'cache-control': 'public, max-age=60' });
  });

  it('removes with "! Name" a header an earlier matching rule set, or a server default', () => {
    const file = '/*\n  Content-Security-Policy: default-src \'self\'\n  X-Frame-Options: DENY\n/embed/*\n  ! Content-Security-Policy\n  ! x-frame-options\n  X-Embed: 1';
    expect(headersFor(file, '/embed/widget.html')).toEqual({ 'x-embed': '1' });
    expect(headersFor(file, '/page/')).toEqual({ 'content-security-policy': "default-src 'self'", 'x-frame-options': 'DENY' });
    const rules = parseHeadersFile('/*\n  !Cache-Control');
    expect(rules[0]!.unset).toEqual(['cache-control']);
    expect(applyHeaderRules(rules, { 'cache-control': 'no-cache', 'content-type': 'text/css' }, '/a.css')).toEqual({ 'content-type': 'text/css' });
  });

  it('removes only for requests the removing rule matches, and a later rule may set the header again', () => {
    const file = '/*\n  X-A: 1\n/x/*\n  ! X-A\n/x/y/*\n  X-A: 2';
    expect(headersFor(file, '/x/y/z')).toEqual({ 'x-a': '2' });
    expect(headersFor(file, '/x/z')).toEqual({});
    expect(headersFor(file, '/z')).toEqual({ 'x-a': '1' });
  });
});
