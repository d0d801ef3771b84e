import { describe, expect, it } from 'vitest';
import { AHEAD_BATCH, BodiesAhead } from '../../src/generator/dev/bodies-ahead.js';

/** A prefetch whose batches the test settles by hand, recording what was asked. */
function workers() {
  const asked: { files: string[]; settle: () => void }[] = [];
  const prefetch = (files: ReadonlySet<string>) => new Promise<void>((settle) => void asked.push({ files: [...files], settle }));
  return { asked, prefetch };
}

const files = (pages: number) => Array.from({ length: pages }, (_, i) => (i % 7 === 6 ? undefined : `content/tutorials/t${i}.md`));
const batchOf = (f: string) => Math.floor(Number(/t(\d+)/.exec(f)![1]) / AHEAD_BATCH);
/** Whether `p` has settled once the promise jobs queued so far have run (a check of order, not of time). */
const settled = (p: Promise<void>) => Promise.race([p.then(() => true), new Promise((r) => setImmediate(() => r(false)))]);

describe('BodiesAhead', () => {
  it('keeps the first batch for this thread and asks the workers for the next three, bodies only', async () => {
    const w = workers();
    const ahead = new BodiesAhead(files(20 * AHEAD_BATCH), w.prefetch);
    expect(await settled(ahead.before(0))).toBe(true);
    expect(ahead.isOwn(0)).toBe(true);
    expect(w.asked.map((a) => batchOf(a.files[0]!))).toEqual([1, 2, 3]);
    expect(w.asked[0]!.files).toEqual(files(2 * AHEAD_BATCH).slice(AHEAD_BATCH).filter((f) => f !== undefined));
    expect(w.asked.every((a) => a.files.every((f) => batchOf(f) === batchOf(a.files[0]!)))).toBe(true);
  });

  it("waits for a worker's batch, and after a wait plans this thread's own next batch", async () => {
    const w = workers();
    const ahead = new BodiesAhead(files(20 * AHEAD_BATCH), w.prefetch);
    await ahead.before(0);
    // Page AHEAD_BATCH starts batch 1, a worker's, not rendered yet: the pass waits for it.
    const waiting = ahead.before(AHEAD_BATCH);
    expect(await settled(waiting)).toBe(false);
    w.asked[0]!.settle();
    expect(await settled(waiting)).toBe(true);
    // That wait made the next planned batch (4) this thread's: the workers get 5 instead.
    expect(ahead.isOwn(4)).toBe(true);
    expect(w.asked.map((a) => batchOf(a.files[0]!))).toEqual([1, 2, 3, 5]);
    // A batch that was ready when the pass came to it changes nothing.
    w.asked[1]!.settle();
    await new Promise((r) => setImmediate(r));
    expect(await settled(ahead.before(2 * AHEAD_BATCH))).toBe(true);
    expect(w.asked.map((a) => batchOf(a.files[0]!))).toEqual([1, 2, 3, 5, 6]);
    expect(ahead.isOwn(6)).toBe(false);
  });

  it('never plans past the end, nor a batch that fails holds the pass', async () => {
    const asked: number[] = [];
    const ahead = new BodiesAhead(files(3 * AHEAD_BATCH), (f) => {
      asked.push(batchOf([...f][0]!));
      return Promise.reject(new Error('a worker stopped'));
    });
    await ahead.before(0);
    expect(asked).toEqual([1, 2]);
    expect(await settled(ahead.before(AHEAD_BATCH))).toBe(true);
  });
});
