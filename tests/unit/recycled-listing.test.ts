/**
 * The listing of a recycled temp folder, made on a helper thread: every file and folder under it, as a walk of the
 * folder finds them; a file-system error as the listing met it; and no file placed before it is taken in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OutputDir } from '../../src/generator/output/output-dir.js';
import { listInBackground } from '../../src/generator/output/recycled-listing.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-listing-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Every file and folder under `root`, out-relative, from a plain recursive walk. */
function walked(root: string, rel = '', out = { files: [] as string[], dirs: [] as string[] }) {
  for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const sub = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      out.dirs.push(sub);
      walked(root, sub, out);
    } else out.files.push(sub);
  }
  return out;
}

describe('the listing of a recycled folder', () => {
  it('holds every file and folder a walk finds, nested folders, empty ones and links included', async () => {
    const root = path.join(tmp, 'tree');
    for (let i = 0; i < 300; i++) {
      fs.mkdirSync(path.join(root, 'tutorial', `page-${i}`), { recursive: true });
      fs.writeFileSync(path.join(root, 'tutorial', `page-${i}`, 'index.html'), `${i}`);
    }
    fs.mkdirSync(path.join(root, 'a', 'b', 'c', 'empty'), { recursive: true });
    fs.writeFileSync(path.join(root, 'a', 'b', 'c', 'd.txt'), 'd');
    fs.writeFileSync(path.join(root, 'robots.txt'), 'r');
    // Links need privileges on Windows.
    if (process.platform !== 'win32') {
      fs.symlinkSync('robots.txt', path.join(root, 'link-to-file'));
      fs.symlinkSync('a', path.join(root, 'link-to-folder'), 'dir');
    }
    const listing = await listInBackground(root);
    const expected = walked(root);
    expect(expected.files).toHaveLength(304);
    expect(listing.files.sort()).toEqual(expected.files.sort());
    expect(listing.dirs.sort()).toEqual(expected.dirs.sort());
  });

  it('rejects with the error the listing met, its code and path kept', async () => {
    const missing = path.join(tmp, 'missing');
    await expect(listInBackground(missing)).rejects.toMatchObject({ code: 'ENOENT', path: missing });
  });

  it('lets no file be placed in a recycled folder before its listing is taken in', async () => {
    const out = path.join(tmp, 'site', 'out');
    const trash = path.join(tmp, 'site', 'trash');
    const first = OutputDir.open(out, trash);
    await first.prepare();
    first.write('tutorial/a/index.html', 'a');
    first.write('tutorial/b/index.html', 'b');
    first.write('old.txt', 'only the first build places it');
    await first.commit();
    fs.mkdirSync(trash, { recursive: true });
    // A second build out/ of its own, so that the next one recycles the first's.
    const second = OutputDir.open(out, trash);
    await second.prepare();
    second.write('tutorial/a/index.html', 'a');
    await second.commit();
    const third = OutputDir.open(out, trash);
    // It recycles the first build's out/, b and all.
    expect(fs.readFileSync(path.join(third.tmp, 'tutorial', 'b', 'index.html'), 'utf8')).toBe('b');
    expect(() => third.write('tutorial/a/index.html', 'a3')).toThrow(/before ready/);
    // Nor swapped in: its sweep would keep every recycled file.
    await expect(third.commit()).rejects.toThrow(/before ready/);
    await third.prepare();
    third.write('tutorial/a/index.html', 'a3');
    await third.commit();
    // What the recycled folder held and this build did not place is gone: the listing was taken in.
    expect(walked(out).files.sort()).toEqual(['tutorial/a/index.html']);
    expect(fs.readFileSync(path.join(out, 'tutorial', 'a', 'index.html'), 'utf8')).toBe('a3');
  });
});
