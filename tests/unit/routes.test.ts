import { describe, expect, it } from 'vitest';
import { registryProblems } from '../../src/generator/content/registry-checks.js';
import { buildRoutes, introOf, neighbours } from '../../src/generator/content/routes.js';
import type { Tutorial } from '../../src/site/types.js';

const t = (id: string, extra: Partial<Tutorial> = {}): Tutorial => ({ id, slug: id, name: id, title: id, description: 'd', category: 'c', difficulty: 'Beginner', keywords: ['k'], teaches: [], isIntro: false, ...extra });

describe('route table', () => {
  it('lists every page of the spec with directory-style paths', () => {
    const { routes, problems } = buildRoutes([t('react-intro', { isIntro: true }), t('a'), t('b')], ['about', 'terms']);
    expect(problems).toEqual([]);
    expect(routes.map((r) => `${r.kind} ${r.path} ${r.file}`)).toEqual([
      'landing / index.html',
      'tutorial /tutorial/react-intro/ tutorial/react-intro/index.html',
      'tutorial /tutorial/a/ tutorial/a/index.html',
      'tutorial /tutorial/b/ tutorial/b/index.html',
      'redirect /tutorial/ tutorial/index.html',
      'redirect /tutorial/intro/ tutorial/intro/index.html',
      'template /template/ template/index.html',
      'static /about/ about/index.html',
      'static /terms/ terms/index.html',
      'not-found /404.html 404.html',
    ]);
    expect(routes.filter((r) => r.kind === 'redirect').map((r) => r.ref)).toEqual(['/tutorial/react-intro/', '/tutorial/react-intro/']);
    expect(routes.filter((r) => !r.indexable).map((r) => r.kind)).toEqual(['redirect', 'redirect', 'not-found']);
  });
  it('names both colliding entries for duplicate ids and slugs (registry checks, before any route is made)', () => {
    const problems = registryProblems([t('a'), t('b', { slug: 'a' }), t('a', { slug: 'c' })], () => undefined);
    const text = problems.map((p) => `${p.field} ${p.message}`).join('\n');
    expect(text).toContain('[1].slug slug "a" is used twice: by entry [0] and by entry [1]');
    expect(text).toContain('[2].id id "a" is used twice: by entry [0] and by entry [2]');
  });
  it('refuses a static page named like a generated path, and the registry the reserved slug "intro"', () => {
    expect(buildRoutes([t('a')], ['tutorial']).problems[0]!.message).toMatch(/collides/);
    expect(registryProblems([t('intro')], () => undefined)[0]!.message).toMatch(/reserved/);
  });
});

describe('previous and next', () => {
  it('follows reading order: the first has only next, the last only previous', () => {
    const links = neighbours([t('a'), t('b'), t('c')]);
    expect(links.get('a')).toEqual({ prev: undefined, next: { slug: 'b', name: 'b', title: 'b' } });
    expect(links.get('c')!.next).toBeUndefined();
    expect(links.get('b')!.prev!.slug).toBe('a');
  });
  it('applies prev/next overrides; the registry checks report ones that point nowhere', () => {
    const tutorials = [t('a', { next: 'c' }), t('b'), t('c', { prev: 'zzz' })];
    expect(neighbours(tutorials).get('a')!.next!.slug).toBe('c');
    const problems = registryProblems(tutorials, () => undefined);
    expect(problems).toHaveLength(1);
    expect(problems[0]!).toMatchObject({ file: 'content/registry.json', field: '[2].prev' });
    expect(problems[0]!.message).toContain('"zzz"');
  });
  it('picks the intro: isIntro first, else react-intro, else the first entry', () => {
    expect(introOf([t('a'), t('b', { isIntro: true })]).id).toBe('b');
    expect(introOf([t('a'), t('react-intro')]).id).toBe('react-intro');
    expect(introOf([t('a'), t('b')]).id).toBe('a');
  });
});
