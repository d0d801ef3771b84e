import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { growthPercent, LONG_BODIES_FROM, LONG_BODIES_TO } from '../../src/generator/workers/heap-growth.js';
import { bodyBytes } from '../../src/generator/workers/pool-plan.js';

describe('how far a large build lets its heaps grow', () => {
  it('keeps 50 % up to long content, then holds it down in a line to 30 %', () => {
    expect(growthPercent(0)).toBe(50);
    expect(growthPercent(81e6)).toBe(50);
    expect(growthPercent(LONG_BODIES_FROM)).toBe(50);
    expect(growthPercent((LONG_BODIES_FROM + LONG_BODIES_TO) / 2)).toBe(40);
    expect(growthPercent(LONG_BODIES_TO)).toBe(30);
    expect(growthPercent(119e6)).toBe(31);
    expect(growthPercent(500e6)).toBe(30);
  });

  it('counts the bytes of the tutorial bodies only, from their sizes', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-bytes-'));
    expect(bodyBytes(root)).toBe(0);
    fs.mkdirSync(path.join(root, 'content', 'tutorials'), { recursive: true });
    fs.writeFileSync(path.join(root, 'content', 'tutorials', 'a.md'), 'x'.repeat(1000));
    fs.writeFileSync(path.join(root, 'content', 'tutorials', 'b.md'), 'y'.repeat(234));
    fs.writeFileSync(path.join(root, 'content', 'tutorials', 'notes.txt'), 'z'.repeat(5000));
    fs.writeFileSync(path.join(root, 'content', 'registry.json'), '[]');
    expect(bodyBytes(root)).toBe(1234);
  });
});
