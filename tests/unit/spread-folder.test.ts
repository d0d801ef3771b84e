/**
 * Folders made where new inodes are cheap (spread-folder.ts): made in this user's private temp folder, marked as
 * the top of a tree where the file system has the mark, and renamed into place as any folder made there would be.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cheapEntry, ENTRY_TRIES, makeSpreadFolder, placedEntry, skippedInodes, SPREAD } from '../../src/generator/output/spread-folder.js';
import { privateTempDir } from '../../src/generator/output/private-temp.js';

/** Whether the temp folder is on ext4 without a journal (this project's machines), which sets recently freed inodes aside. */
const freedInodesSetAside = (() => {
  try {
    if (fs.statfsSync(os.tmpdir()).type !== 0xef53) return false;
    const devices = fs.readdirSync('/sys/fs/ext4').filter((d) => d !== 'features');
    return devices.length > 0 && devices.every((d) => fs.readFileSync(`/sys/fs/ext4/${d}/journal_task`, 'utf8').trim() === '<none>');
  } catch {
    return false;
  }
})();
const spreadEntries = () => fs.readdirSync(privateTempDir()!).filter((f) => f.startsWith(SPREAD));

describe('a folder made where its inodes are cheap', () => {
  it('is made at its path with the mode of any folder made there, and leaves nothing in the temp folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-spread-'));
    const before = spreadEntries();
    makeSpreadFolder(path.join(dir, 'out'));
    fs.mkdirSync(path.join(dir, 'plain'));
    const made = fs.statSync(path.join(dir, 'out'));
    expect(made.isDirectory()).toBe(true);
    // The private temp folder's entries are made for this user alone (mode 700): the folder must not keep that.
    expect(made.mode & 0o777).toBe(fs.statSync(path.join(dir, 'plain')).mode & 0o777);
    fs.writeFileSync(path.join(dir, 'out', 'index.html'), 'x');
    expect(fs.readdirSync(path.join(dir, 'out'))).toEqual(['index.html']);
    expect(spreadEntries()).toEqual(before);
  });

  it('fails as mkdir does on a path that exists, and leaves nothing behind', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-spread-'));
    fs.mkdirSync(path.join(dir, 'out'));
    fs.writeFileSync(path.join(dir, 'out', 'kept'), 'k');
    const before = spreadEntries();
    expect(() => makeSpreadFolder(path.join(dir, 'out'))).toThrow(/EEXIST/);
    expect(fs.readdirSync(path.join(dir, 'out'))).toEqual(['kept']);
    expect(spreadEntries()).toEqual(before);
  });

  it('marks the folder it makes them in as the top of a tree where the file system has the mark (ext4), and leaves it empty', () => {
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-temp-'));
    makeSpreadFolder(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-spread-')), 'out'), temp);
    const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-probe-'));
    const markable = process.platform === 'linux' && spawnSync('chattr', ['+T', probe]).status === 0;
    const flags = markable ? spawnSync('lsattr', ['-d', temp], { encoding: 'utf8' }).stdout.split(' ')[0]! : '';
    expect(flags.includes('T')).toBe(markable);
    expect(fs.readdirSync(temp)).toEqual([]);
  });

  it('tries another entry while ext4 skips inodes in one, keeps the first that skips none and deletes the others', () => {
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-temp-'));
    const skips = [225, 3, 0, 0];
    let tries = 0;
    // Each entry's folder is marked with its try, to tell which one was kept.
    const entry = cheapEntry(temp, SPREAD, (e) => {
      fs.writeFileSync(path.join(e, 'f', `try-${tries}`), '');
      return skips[tries++]!;
    });
    expect(tries).toBe(3);
    expect(fs.readdirSync(path.join(entry, 'f'))).toEqual(['try-2']);
    expect(fs.readdirSync(temp)).toEqual([path.basename(entry)]);
  });

  it('keeps the entry where fewest inodes were skipped when every one skipped some', () => {
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-temp-'));
    const skips = [225, 3, 9, 40, 0];
    let tries = 0;
    const entry = cheapEntry(temp, SPREAD, (e) => {
      fs.writeFileSync(path.join(e, 'f', `try-${tries}`), '');
      return skips[tries++]!;
    });
    expect(tries).toBe(ENTRY_TRIES);
    expect(fs.readdirSync(path.join(entry, 'f'))).toEqual(['try-1']);
    expect(fs.readdirSync(temp)).toEqual([path.basename(entry)]);
  });

  it('deletes every entry it made when a probe fails', () => {
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-temp-'));
    let tries = 0;
    expect(() =>
      cheapEntry(temp, SPREAD, () => {
        if (++tries === 2) throw new Error('EIO');
        return 5;
      }),
    ).toThrow('EIO');
    expect(fs.readdirSync(temp)).toEqual([]);
  });

  it('probes with folders and files it deletes after, counting the inode numbers skipped between them', () => {
    const entry = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-entry-'));
    fs.mkdirSync(path.join(entry, 'f'));
    const skipped = skippedInodes(entry);
    expect(Number.isInteger(skipped) && skipped >= 0).toBe(true);
    expect(fs.readdirSync(entry)).toEqual(['f']);
  });

  it.runIf(freedInodesSetAside)('counts the inodes ext4 skipped, where it sets freed ones aside', () => {
    const entry = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-entry-'));
    fs.mkdirSync(path.join(entry, 'f'));
    const files = path.join(entry, 'files');
    fs.mkdirSync(files);
    for (let i = 0; i < 300; i++) fs.writeFileSync(path.join(files, String(i)), '');
    // Every other one deleted: what is freed lies between inodes in use, and ext4 skips it for minutes.
    for (let i = 0; i < 300; i += 2) fs.rmSync(path.join(files, String(i)));
    expect(skippedInodes(entry)).toBeGreaterThan(0);
    fs.rmSync(entry, { recursive: true });
  });

  it('places an entry with its folder alone in it, where the file system takes the mark and where it does not (tmpfs)', () => {
    const places = [os.tmpdir(), ...(fs.existsSync('/dev/shm') ? ['/dev/shm'] : [])];
    for (const place of places) {
      const temp = fs.mkdtempSync(path.join(place, 'reactsite-temp-'));
      const entry = placedEntry(temp, SPREAD, 'out');
      expect(fs.readdirSync(temp)).toEqual([path.basename(entry)]);
      expect(fs.readdirSync(entry)).toEqual(['out']);
      fs.rmSync(temp, { recursive: true });
    }
  });
});
