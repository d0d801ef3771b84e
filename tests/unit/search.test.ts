import { describe, expect, it } from 'vitest';
import { matchesSearch, sidebarGroups } from '../../src/site/components/sidebar-groups.js';
import type { Tutorial } from '../../src/site/types.js';

const t = (id: string, category: string, keywords: string[] = [], isIntro = false): Tutorial => ({ id, slug: id, name: `${id} Name`, title: id, description: '', category, difficulty: 'Beginner', keywords, teaches: [], isIntro });

describe('sidebar search and grouping', () => {
  it('matches case-insensitive substrings of name, category or any keyword', () => {
    const x = t('useState', 'Hooks', ['State Management']);
    expect(matchesSearch(x, 'usest')).toBe(true);
    expect(matchesSearch(x, 'HOOK')).toBe(true);
    expect(matchesSearch(x, 'management')).toBe(true);
    expect(matchesSearch(x, 'router')).toBe(false);
    expect(matchesSearch(x, '   ')).toBe(true);
  });
  it('groups by category in first-appearance order and leaves out intro entries', () => {
    const groups = sidebarGroups([t('intro', 'Start', [], true), t('a', 'Hooks'), t('b', 'Events'), t('c', 'Hooks')]);
    expect(groups.map((g) => [g.category, g.items.map((i) => i.id)])).toEqual([
      ['Hooks', ['a', 'c']],
      ['Events', ['b']],
    ]);
  });
});
