import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatorCodeHash } from '../../src/generator/cache/cache-keys.js';

/** A fake package root with the given files (relative path -> text). */
function packageWith(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-hash-'));
  for (const [f, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    fs.writeFileSync(path.join(root, f), text);
  }
  return root;
}

describe("the generator code hash that keys every cache", () => {
  it('changes when any file of any folder of the sources changes, is added or is moved', () => {
    const files = { 'src/generator/cli.ts': 'a', 'src/generator/render/page-job.ts': 'b', 'src/generator/workers/deep/x.ts': 'c' };
    const base = generatorCodeHash(packageWith(files));
    expect(generatorCodeHash(packageWith(files))).toBe(base);
    expect(generatorCodeHash(packageWith({ ...files, 'src/generator/workers/deep/x.ts': 'c2' }))).not.toBe(base);
    expect(generatorCodeHash(packageWith({ ...files, 'src/generator/cache/new.ts': '' }))).not.toBe(base);
    const { 'src/generator/render/page-job.ts': moved, ...rest } = files;
    expect(generatorCodeHash(packageWith({ ...rest, 'src/generator/cache/page-job.ts': moved }))).not.toBe(base);
  });

  it('reads the compiled dist/ (every folder) when there is one, and only its .js files', () => {
    const files = { 'dist/cli.js': 'a', 'dist/workers/page-worker.js': 'b', 'src/generator/cli.ts': 'src' };
    const base = generatorCodeHash(packageWith(files));
    expect(generatorCodeHash(packageWith({ ...files, 'dist/workers/page-worker.js': 'b2' }))).not.toBe(base);
    expect(generatorCodeHash(packageWith({ ...files, 'src/generator/cli.ts': 'other' }))).toBe(base);
    expect(generatorCodeHash(packageWith({ ...files, 'dist/cli.js.map': 'map' }))).toBe(base);
  });
});
