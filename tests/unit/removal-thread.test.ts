/** Files deleted on a helper thread (many) or at once (a few), missing ones included. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_FILES_FOR_THREAD, removeFiles } from '../../src/generator/output/removal-thread.js';

function files(n: number): { dir: string; paths: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-removal-'));
  const paths = Array.from({ length: n }, (_, i) => path.join(dir, `p${i}.html`));
  for (const p of paths) fs.writeFileSync(p, 'x');
  return { dir, paths };
}

describe('removeFiles', () => {
  it('deletes many files on a helper thread, and resolves once they are gone', async () => {
    const { dir, paths } = files(MIN_FILES_FOR_THREAD + 10);
    fs.writeFileSync(path.join(dir, 'kept.html'), 'x');
    const done = removeFiles([...paths, path.join(dir, 'never-there.html')]);
    // Not deleted here: this thread goes on while the helper thread starts and deletes them.
    expect(fs.readdirSync(dir)).toHaveLength(paths.length + 1);
    await done;
    expect(fs.readdirSync(dir)).toEqual(['kept.html']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it('deletes a few files at once', async () => {
    const { dir, paths } = files(3);
    const done = removeFiles(paths);
    expect(fs.readdirSync(dir)).toEqual([]);
    await done;
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
