import { afterEach, describe, expect, it, vi } from 'vitest';
import { Progress } from '../../src/generator/report/progress.js';

/** A stream that records what is written to it. */
function stream(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (s: string) => writes.push(s) };
}

afterEach(() => vi.useRealTimers());

describe('build progress', () => {
  it('in a pipe, prints nothing for a quick run, then a plain line every 5 seconds', () => {
    vi.useFakeTimers();
    let now = 0;
    const out = stream(false);
    const p = new Progress({ stream: out, now: () => now });
    p.stage('pages', 100);
    now = 4000;
    vi.advanceTimersByTime(4000);
    expect(out.writes).toEqual([]);
    p.advance(50);
    now = 5000;
    vi.advanceTimersByTime(1000);
    expect(out.writes).toEqual(['… pages 50/100 · 5.0 s · about 5.0 s left\n']);
    now = 10_000;
    vi.advanceTimersByTime(5000);
    expect(out.writes).toHaveLength(2);
    p.end();
    vi.advanceTimersByTime(20_000);
    expect(out.writes).toHaveLength(2);
  });

  it('on a terminal, redraws one line in place after the first second and clears it at the end', () => {
    vi.useFakeTimers();
    let now = 0;
    const out = stream(true);
    const p = new Progress({ stream: out, now: () => now, env: {} });
    p.stage('markdown');
    now = 999;
    vi.advanceTimersByTime(999);
    expect(out.writes).toEqual([]);
    now = 1000;
    vi.advanceTimersByTime(1);
    expect(out.writes).toEqual(['\r\x1b[2Kmarkdown · 1.0 s']);
    // No estimate from the first page or the first second of a stage: warm-up makes it swing.
    p.stage('pages', 1000);
    p.advance(1);
    now = 1500;
    vi.advanceTimersByTime(500);
    expect(out.writes.at(-1)).toBe('\r\x1b[2Kpages 1/1000 · 1.5 s');
    p.advance(99);
    now = 2000;
    vi.advanceTimersByTime(500);
    expect(out.writes.at(-1)).toBe('\r\x1b[2Kpages 100/1000 · 2.0 s · about 9.0 s left');
    p.end();
    expect(out.writes.at(-1)).toBe('\r\x1b[2K');
  });

  it('in CI, prints plain lines even when a terminal is attached', () => {
    vi.useFakeTimers();
    let now = 0;
    const out = stream(true);
    const p = new Progress({ stream: out, now: () => now, env: { CI: 'true' } });
    p.stage('pages', 10);
    p.advance(5);
    now = 5000;
    vi.advanceTimersByTime(5000);
    expect(out.writes).toEqual(['… pages 5/10 · 5.0 s · about 5.0 s left\n']);
    p.end();
    expect(out.writes).toHaveLength(1);
  });
});
