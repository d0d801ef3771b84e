import { describe, expect, it } from 'vitest';
import { articleTags, difficultyTone, metadataDifficulty, metaDescription, metaKeywords, pageTitle, readTime, teaches } from '../../src/site/seo/metadata.js';

describe('metadata rules of the spec', () => {
  it('keeps descriptions up to 160 characters and cuts longer ones to 157 plus an ellipsis', () => {
    const exact = 'a'.repeat(160);
    expect(metaDescription(exact)).toBe(exact);
    const long = 'b'.repeat(161);
    expect(metaDescription(long)).toBe(`${'b'.repeat(157)}...`);
    expect(metaDescription(long)).toHaveLength(160);
  });
  it('counts characters, not UTF-16 units, when cutting', () => {
    const emoji = '😀'.repeat(170);
    expect([...metaDescription(emoji)]).toHaveLength(160);
  });
  it('keeps at most 15 unique keywords', () => {
    const kws = Array.from({ length: 20 }, (_, i) => `k${i}`);
    expect(metaKeywords(kws).split(', ')).toHaveLength(15);
    expect(metaKeywords(['React', 'react', ' hooks '])).toBe('React, hooks');
  });
  it('shows at most 5 tags and 5 teaches', () => {
    expect(articleTags(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(teaches(['1', '2', '3', '4', '5', '6'])).toHaveLength(5);
  });
  it('reports "React Tutorial" and other unknown difficulties as Beginner', () => {
    expect(metadataDifficulty('React Tutorial')).toBe('Beginner');
    expect(metadataDifficulty('whatever')).toBe('Beginner');
    expect(metadataDifficulty('Intermediate')).toBe('Intermediate');
    expect(metadataDifficulty('advanced')).toBe('Advanced');
  });
  it('colours difficulty badges green, yellow, otherwise red', () => {
    expect(difficultyTone('Beginner')).toBe('green');
    expect(difficultyTone('Intermediate')).toBe('yellow');
    expect(difficultyTone('Advanced')).toBe('red');
    expect(difficultyTone('React Tutorial')).toBe('red');
  });
  it('computes read time from words at 200 per minute, at least one minute', () => {
    expect(readTime(0)).toBe('1 min read');
    expect(readTime(1000)).toBe('5 min read');
  });
});

describe('pageTitle', () => {
  it('keeps "{title} | {site}" within 70 characters, then the title alone, then the title cut at a word', () => {
    expect(pageTitle('React JSX', 'React Tutorial Hub')).toBe('React JSX | React Tutorial Hub');
    const long = 'React Component Composition: children, Slots and Compound Components';
    expect(long.length).toBeLessThanOrEqual(70);
    expect(pageTitle(long, 'React Tutorial Hub')).toBe(long);
    const longer = `${long} in Depth, With Many Examples`;
    const cut = pageTitle(longer, 'React Tutorial Hub');
    expect(cut.length).toBeLessThanOrEqual(70);
    expect(cut).toBe('React Component Composition: children, Slots and Compound Components…');
    expect(pageTitle('x'.repeat(90)).length).toBe(70);
  });
  it('never cuts a character in half (an emoji is two UTF-16 units)', () => {
    const title = `${'日'.repeat(68)}🎉 and more`;
    const cut = pageTitle(title);
    expect(cut).toBe(`${'日'.repeat(68)}…`);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cut)).toBe(false);
  });
});
