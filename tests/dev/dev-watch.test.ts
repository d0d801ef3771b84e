import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchSources, type SourceWatcher } from '../../src/generator/dev/watch.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('dev source watcher', () => {
  let dir: string;
  let watcher: SourceWatcher;
  let batches: { paths: string[]; text: string }[];
  const file = () => path.join(dir, 'body.md');

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-watch-'));
    fs.writeFileSync(file(), 'original');
    batches = [];
    watcher = watchSources([dir], (paths) => batches.push({ paths, text: fs.existsSync(file()) ? fs.readFileSync(file(), 'utf8') : '(missing)' }));
    await watcher.ready;
  });
  afterEach(async () => {
    await watcher.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Waits until a batch satisfies `ok` (or fails after 10 s). */
  async function until(ok: () => boolean) {
    for (let i = 0; i < 200 && !ok(); i++) await sleep(50);
    expect(ok()).toBe(true);
  }

  it('hands over the final text of a save written in two steps', async () => {
    // The second write lands inside chokidar's 50 ms window, so chokidar itself reports only the first.
    fs.writeFileSync(file(), 'half');
    await sleep(25);
    fs.writeFileSync(file(), 'complete text');
    await until(() => batches.at(-1)?.text === 'complete text');
    expect(batches.every((b) => b.paths.every((p) => p === file()))).toBe(true);
  });

  it('sees an editor-style save (write a temp file, rename it over the original) and ignores the temp file', async () => {
    const tmp = path.join(dir, '.body.md.swp');
    fs.writeFileSync(tmp, 'saved atomically');
    fs.renameSync(tmp, file());
    await until(() => batches.some((b) => b.paths.includes(file()) && b.text === 'saved atomically'));
    await sleep(300);
    expect(batches.flatMap((b) => b.paths).filter((p) => p !== file())).toEqual([]);
  });

  it('batches a burst of changes into few hand-overs', async () => {
    for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(dir, `f${i}.md`), String(i));
    await until(() => new Set(batches.flatMap((b) => b.paths)).size === 5);
    expect(batches.length).toBeLessThan(5);
  });
});
