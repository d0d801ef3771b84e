/**
 * Folders made where new inodes are cheap (spread-folder.ts): made in this user's private temp folder, marked as
 * the top of a tree where the file system has the mark, and renamed into place as any folder made there would be.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSpreadFolder, SPREAD } from '../../src/generator/output/spread-folder.js';
import { privateTempDir } from '../../src/generator/output/private-temp.js';

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
});
