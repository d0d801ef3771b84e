import { describe, expect, it } from 'vitest';
import { StringReceiver, StringSender } from '../../src/generator/workers/string-table.js';
import type { PlainFacts } from '../../src/generator/verify/html-facts.js';

const facts = (urls: string[], ids: string[], shared?: PlainFacts['shared']): PlainFacts => ({ urls, ...(shared && { shared }), ids, h1: 1, title: 'T', jsonLd: [], metaImages: [] });

describe('facts between threads', () => {
  it('arrive as they left, each string and shared list sent once and kept as one copy', () => {
    const sender = new StringSender();
    const pool = new Map<string, string>();
    const receiver = new StringReceiver(pool);
    const sidebar = ['/t/a/', '/t/b/', '/t/c/'];
    const bar = ['/', '/about/'];
    const pages = [facts(['/a/', '/b/', '/a/', '#x'], ['x', 'y'], [{ urls: bar, at: 0 }, { urls: sidebar, at: 1 }]), facts(['/b/', '/c/'], ['x']), facts([], [], [{ urls: sidebar, at: 0 }]), facts(['/a/', 'x'], ['/a/'], [{ urls: bar, at: 2 }])];
    const got: PlainFacts[] = [];
    const fresh: string[][] = [];
    // Two batches: the second sends only what the first did not.
    for (const batch of [pages.slice(0, 2), pages.slice(2)]) {
      const sent = batch.map((f) => sender.facts(f));
      const added = sender.fresh();
      receiver.add(added);
      got.push(...sent.map((f) => receiver.facts(f)));
      fresh.push(added.strings, added.lists.map((l) => l.length).map(String));
    }
    expect(got).toEqual(pages);
    expect(fresh).toEqual([['/a/', '/b/', '#x', 'x', 'y', '/', '/about/', '/t/a/', '/t/b/', '/t/c/', '/c/'], ['2', '3'], [], []]);
    // Equal strings from different pages are the very same copy, and a shared list one array.
    expect(got[0]!.urls[0]).toBe(got[3]!.ids[0]);
    expect(got[0]!.shared![1]!.urls).toBe(got[2]!.shared![0]!.urls);
    expect(got[0]!.shared![0]!.urls).toBe(got[3]!.shared![0]!.urls);
    expect(pool.size).toBe(11);
  });

  it('refuse a number whose string or list never came', () => {
    const sender = new StringSender();
    const sent = sender.facts(facts(['/a/'], []));
    expect(() => new StringReceiver(new Map()).facts(sent)).toThrow(/before the string/);
    const list = sender.facts(facts([], [], [{ urls: ['/a/'], at: 0 }]));
    const receiver = new StringReceiver(new Map());
    receiver.add({ strings: sender.fresh().strings, lists: [] });
    expect(() => receiver.facts(list)).toThrow(/before the list/);
  });
});
