/** Test projects: a copy of a fixture in a fresh temp folder, with files replaced or removed. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** Copies `tests/fixtures/<fixture>` to a temp folder; `files` maps project paths to new contents (null deletes). */
export function makeProject(files: Record<string, string | Uint8Array | null> = {}, fixture = 'basic'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-test-'));
  // Never a cache or output left in the fixture by a build run there by hand: every test starts clean.
  const src = path.join(REPO, 'tests', 'fixtures', fixture);
  fs.cpSync(src, dir, { recursive: true, filter: (f) => !['.cache', 'out'].includes(path.relative(src, f)) });
  for (const [rel, data] of Object.entries(files)) {
    const abs = path.join(dir, rel);
    if (data === null) fs.rmSync(abs, { recursive: true, force: true });
    else {
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, data);
    }
  }
  return dir;
}

/**
 * A copy of the site's React sources with one comment added, for REACTSITE_SITE_DIR: its bundles are not the ones
 * shipped in dist/site-bundle/, so a build bundles them and keeps them in the project's cache.
 */
export function editedSite(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-site-'));
  fs.cpSync(path.join(REPO, 'src', 'site'), dir, { recursive: true });
  fs.appendFileSync(path.join(dir, 'render-page.tsx'), '\n// An edit: these sources are not the shipped ones.\n');
  return dir;
}

/** Reads a JSON file of a project, lets `edit` change it, and returns the new text (for makeProject). */
export function editJson<T>(fixtureFile: string, edit: (value: T) => unknown, fixture = 'basic'): string {
  const value = JSON.parse(fs.readFileSync(path.join(REPO, 'tests', 'fixtures', fixture, fixtureFile), 'utf8')) as T;
  const out = edit(value);
  return JSON.stringify(out === undefined ? value : out, null, 2);
}

/** Every file under `dir`, relative, sorted, with forward slashes. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else out.push(path.relative(dir, abs).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** Map of relative path -> file bytes as hex-free base64, for byte-for-byte comparisons. */
export function snapshotDir(dir: string): Map<string, string> {
  return new Map(listFiles(dir).map((f) => [f, fs.readFileSync(path.join(dir, f)).toString('base64')]));
}
