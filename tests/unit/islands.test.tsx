import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island, IslandContext, IslandError, serializeProps, type IslandCollector } from '../../src/site/islands/Island.js';
import { islandComponents } from '../../src/site/islands/registry.js';
import { islandNames } from '../../src/generator/bundle/site-bundle.js';

const collector = (): IslandCollector => ({ used: new Set(), srcOf: (n) => `/assets/${n}.js`, page: '/p/' });

describe('Island wrapper', () => {
  it('renders the widget inside a marker with its chunk and escaped JSON props', () => {
    const c = collector();
    const html = renderToString(
      <IslandContext.Provider value={c}>
        <Island name="ShareWidget" props={{ url: 'https://x.org/"></div><script>alert(1)</script>', title: '<!-- t' }} />
      </IslandContext.Provider>,
    );
    expect(html).toContain('data-island="ShareWidget"');
    expect(html).toContain('data-src="/assets/ShareWidget.js"');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<!-- t');
    expect([...c.used]).toEqual(['ShareWidget']);
  });
  it('refuses nested islands and names the page', () => {
    const Outer = () => <Island name="ThemeToggle" props={{}} />;
    const Nested = islandComponents as unknown as Record<string, unknown>;
    Nested.__Nest = () => <Outer />;
    expect(() =>
      renderToString(
        <IslandContext.Provider value={collector()}>
          <Island name={'__Nest' as 'ThemeToggle'} props={{}} />
        </IslandContext.Provider>,
      ),
    ).toThrow(/nested inside another island on \/p\//);
    delete Nested.__Nest;
  });
  it('refuses unknown island names', () => {
    expect(() => renderToString(<IslandContext.Provider value={collector()}><Island name={'Nope' as 'ThemeToggle'} props={{}} /></IslandContext.Provider>)).toThrow(IslandError);
  });
  it('refuses props JSON cannot carry', () => {
    expect(() => serializeProps('X', { f: () => 1 }, '/p/')).toThrow(/props.f is a function/);
    expect(() => serializeProps('X', { d: new Date(0) }, '/p/')).toThrow(/props.d is a Date/);
    expect(() => serializeProps('X', { n: Number.NaN }, '/p/')).toThrow(/NaN/);
    expect(serializeProps('X', { a: [1, 'b', null, { c: true }] }, '/p/')).toBe('{"a":[1,"b",null,{"c":true}]}');
  });
  it('has one widget file per registered island', () => {
    expect(islandNames()).toEqual(Object.keys(islandComponents).sort());
  });
});
