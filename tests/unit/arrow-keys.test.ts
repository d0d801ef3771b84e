import { describe, expect, it } from 'vitest';
import { arrowTarget } from '../../src/site/widgets/arrow-keys.js';

describe('search arrow keys', () => {
  const links = ['a', 'b', 'c'];
  it('goes from the box to the first entry, between entries, and from the first back to the box', () => {
    expect(arrowTarget('ArrowDown', 'box', 'box', links)).toBe('a');
    expect(arrowTarget('ArrowDown', 'a', 'box', links)).toBe('b');
    expect(arrowTarget('ArrowDown', 'c', 'box', links)).toBe('c');
    expect(arrowTarget('ArrowUp', 'c', 'box', links)).toBe('b');
    expect(arrowTarget('ArrowUp', 'a', 'box', links)).toBe('box');
  });
  it('leaves other keys, other elements, the box going up and an empty list alone', () => {
    expect(arrowTarget('Enter', 'a', 'box', links)).toBeUndefined();
    expect(arrowTarget('ArrowDown', 'elsewhere', 'box', links)).toBeUndefined();
    expect(arrowTarget('ArrowUp', 'box', 'box', links)).toBeUndefined();
    expect(arrowTarget('ArrowDown', 'box', 'box', [])).toBeUndefined();
  });
});
