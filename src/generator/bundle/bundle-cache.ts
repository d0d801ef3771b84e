/**
 * On-disk cache of the site bundles (browser assets, manifest and the server renderer's file), keyed by every
 * source file of the site, the bundler's and React's versions and the generator's own code. A warm build then
 * runs no esbuild at all. Entries that are incomplete, unreadable or damaged (hash mismatch) are ignored and rebuilt.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AssetManifest } from '../../site/types.js';
import { packageRoot, siteDir } from '../package/package-paths.js';
import { toolVersions } from '../cache/cache-keys.js';
import { rendererFile as placeRenderer, type ClientBundle } from './site-bundle.js';

const FORMAT = 2;

/** Every file under `dir`, sorted, as paths relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...filesUnder(dir, rel));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}

/** The key of the bundles of the current site sources and tools. */
export function bundleKey(dir = siteDir()): string {
  const hash = createHash('sha256').update(`${FORMAT}\0${toolVersions()}\0`);
  for (const dep of ['esbuild', 'react', 'react-dom', '@shikijs/themes']) {
    try {
      hash.update(`${dep}@${JSON.parse(fs.readFileSync(path.join(packageRoot(), 'node_modules', dep, 'package.json'), 'utf8')).version}\0`);
    } catch {
      hash.update(`${dep}@?\0`);
    }
  }
  for (const f of filesUnder(dir)) hash.update(`${f}\0`).update(fs.readFileSync(path.join(dir, f))).update('\0');
  return hash.digest('hex');
}

interface Entry { key: string; manifest: AssetManifest; files: Record<string, string>; rendererHash: string }

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The bundles cached under `cacheDir` (normally `<root>/.cache/reactsite/bundle`) for one key. */
export class BundleCache {
  constructor(
    private readonly dir: string,
    private readonly key: string,
    private readonly enabled: boolean,
  ) {}

  /** The cached client bundle and renderer file, or undefined when there is no whole entry for the key. */
  get(): { client: ClientBundle; rendererFile: string } | undefined {
    if (!this.enabled) return undefined;
    try {
      const entry = JSON.parse(fs.readFileSync(path.join(this.dir, 'entry.json'), 'utf8')) as Entry;
      if (entry.key !== this.key || !entry.files || typeof entry.manifest?.css !== 'string' || typeof entry.manifest.terminalCss !== 'string' || typeof entry.rendererHash !== 'string') return undefined;
      // Every file is checked against the hash recorded when it was written: a damaged entry is rebuilt, never served.
      const renderer = fs.readFileSync(path.join(this.dir, 'renderer.mjs'));
      if (sha256(renderer) !== entry.rendererHash) return undefined;
      const files = new Map<string, Uint8Array>();
      for (const [f, hash] of Object.entries(entry.files)) {
        const data = fs.readFileSync(path.join(this.dir, 'files', f));
        if (sha256(data) !== hash) return undefined;
        files.set(f, data);
      }
      // The renderer is kept here too, not only where it is imported from (under node_modules/), so that the entry
      // still serves a fresh checkout with a fresh node_modules, e.g. a CI run that restored .cache/reactsite/.
      return { client: { files, manifest: entry.manifest }, rendererFile: placeRenderer(renderer) };
    } catch {
      return undefined;
    }
  }

  /** Stores the bundles of this key, replacing any older entry (the entry file is written last). */
  set(client: ClientBundle, rendererFile: string): void {
    if (!this.enabled) return;
    try {
      fs.rmSync(this.dir, { recursive: true, force: true });
      for (const [f, data] of client.files) {
        const abs = path.join(this.dir, 'files', f);
        fs.mkdirSync(path.dirname(abs), { recursive: true });
        fs.writeFileSync(abs, data);
      }
      const files = Object.fromEntries([...client.files].map(([f, data]) => [f, sha256(data)]));
      const renderer = fs.readFileSync(rendererFile);
      fs.writeFileSync(path.join(this.dir, 'renderer.mjs'), renderer);
      const entry: Entry = { key: this.key, manifest: client.manifest, files, rendererHash: sha256(renderer) };
      fs.writeFileSync(path.join(this.dir, 'entry.json.tmp'), JSON.stringify(entry));
      fs.renameSync(path.join(this.dir, 'entry.json.tmp'), path.join(this.dir, 'entry.json'));
    } catch {
      // A cache that cannot be written only costs speed.
    }
  }
}
