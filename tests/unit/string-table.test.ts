import { describe, expect, it } from 'vitest';
import { StringReceiver, StringSender } from '../../src/generator/workers/string-table.js';
import type { PlainFacts } from '../../src/generator/verify/html-facts.js';

const facts = (urls: string[], ids: string[]): PlainFacts => ({ urls, ids, h1: 1, title: 'T', jsonLd: [], metaImages: [] });

describe('facts between threads', () => {
  it('arrive as they left, each string sent once and kept as one copy', () => {
    const sender = new StringSender();
    const pool = new Map<string, string>();
    const receiver = new StringReceiver(pool);
    const pages = [facts(['/a/', '/b/', '/a/', '#x'], ['x', 'y']), facts(['/b/', '/c/'], ['x']), facts([], []), facts(['/a/', 'x'], ['/a/'])];
    const got: PlainFacts[] = [];
    // Two batches: the second sends only what the first did not.
    const fresh: string[][] = [];
    for (const batch of [pages.slice(0, 2), pages.slice(2)]) {
      const sent = batch.map((f) => sender.facts(f));
      const strings = sender.fresh();
      receiver.add(strings);
      got.push(...sent.map((f) => receiver.facts(f)));
      fresh.push(strings);
    }
    expect(got).toEqual(pages);
    expect(fresh).toEqual([['/a/', '/b/', '#x', 'x', 'y', '/c/'], []]);
    expect(sender.fresh()).toEqual([]);
    // Equal strings from different pages are the very same copy.
    expect(got[0]!.urls[0]).toBe(got[3]!.ids[0]);
    expect(pool.size).toBe(6);
  });

  it('refuse a number whose string never came', () => {
    const sender = new StringSender();
    const sent = sender.facts(facts(['/a/'], []));
    expect(() => new StringReceiver(new Map()).facts(sent)).toThrow(/before the string/);
  });
});
