import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/generator/cli/options.js';
import { UsageError } from '../../src/generator/problems/problem.js';
import { DEV_THREADS, devThreads, MAIN_MEMORY, THREAD_MEMORY, threadNote, threadPlan } from '../../src/generator/workers/pool-plan.js';

const GiB = 2 ** 30;

describe('threadPlan', () => {
  it('takes one thread per core while the memory lasts, and at least one', () => {
    expect(threadPlan(undefined, { cores: 2, memory: 24 * GiB })).toEqual({ threads: 2, byMemory: false });
    expect(threadPlan(undefined, { cores: 8, memory: 16 * GiB })).toEqual({ threads: 8, byMemory: false });
    // The main thread's share, then one more thread for each THREAD_MEMORY.
    expect(threadPlan(undefined, { cores: 8, memory: MAIN_MEMORY + 2 * THREAD_MEMORY })).toEqual({ threads: 3, byMemory: true });
    expect(threadPlan(undefined, { cores: 8, memory: MAIN_MEMORY + 2 * THREAD_MEMORY - 1 })).toEqual({ threads: 2, byMemory: true });
    expect(threadPlan(undefined, { cores: 4, memory: 100 * 2 ** 20 })).toEqual({ threads: 1, byMemory: true });
    expect(threadPlan(undefined, { cores: 1, memory: 0 })).toEqual({ threads: 1, byMemory: false });
  });

  it('takes the number asked for, more than the cores too, as far as the memory allows', () => {
    expect(threadPlan(5, { cores: 2, memory: 24 * GiB })).toEqual({ threads: 5, byMemory: false });
    expect(threadPlan(1, { cores: 8, memory: 24 * GiB })).toEqual({ threads: 1, byMemory: false });
    expect(threadPlan(100, { cores: 8, memory: 4 * GiB })).toEqual({ threads: 15, byMemory: true });
    expect(threadPlan(4, { cores: 8, memory: 0 })).toEqual({ threads: 1, byMemory: true });
  });

  it('says why when memory, not the cores, set the number, and how to choose it', () => {
    expect(threadNote(undefined, { cores: 8, memory: 16 * GiB })).toBeUndefined();
    expect(threadNote(2, { cores: 8, memory: 16 * GiB })).toBeUndefined();
    expect(threadNote(100, { cores: 8, memory: 4 * GiB })).toContain('rendering on 15 of the 100 threads asked for');
    const note = threadNote(undefined, { cores: 8, memory: MAIN_MEMORY + 2 * THREAD_MEMORY });
    expect(note).toContain('3 of 8 cores');
    expect(note).toContain('896 MB of memory available');
    expect(note).toContain('up to 256 MB');
    expect(note).toContain('--threads N');
  });
});

describe('devThreads', () => {
  it('takes one thread per core up to DEV_THREADS, or the number asked for', () => {
    expect(DEV_THREADS).toBe(3);
    expect(devThreads(undefined, 1)).toBe(1);
    expect(devThreads(undefined, 2)).toBe(2);
    expect(devThreads(undefined, 8)).toBe(3);
    expect(devThreads(6, 8)).toBe(6);
    expect(devThreads(1, 8)).toBe(1);
    // Dev on 8 cores: two workers beside the main thread, and memory still has the last word.
    expect(threadPlan(devThreads(undefined, 8), { cores: 8, memory: 16 * GiB }).threads).toBe(3);
    expect(threadPlan(devThreads(undefined, 8), { cores: 8, memory: MAIN_MEMORY + THREAD_MEMORY }).threads).toBe(2);
  });
});

describe('--threads', () => {
  it('is a whole number of at least 1, or a usage error naming the flag', () => {
    const cwd = process.cwd();
    expect(resolveOptions({ threads: '3' }, cwd, { writes: false }).threads).toBe(3);
    expect(resolveOptions({}, cwd, { writes: false }).threads).toBeUndefined();
    for (const bad of ['0', '-1', '1.5', 'two', '', '257']) {
      let error: unknown;
      try {
        resolveOptions({ threads: bad }, cwd, { writes: false });
      } catch (e) {
        error = e;
      }
      expect(error, bad).toBeInstanceOf(UsageError);
      expect((error as UsageError).problems[0]!.field).toBe('--threads');
    }
  });
});
