/** Where the package's own files are (the site sources ship inside the package), wherever the code runs from. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The reactsite package root: the nearest folder upwards holding a package.json named "reactsite". */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'reactsite') return (cached = dir);
    const up = path.dirname(dir);
    if (up === dir) throw new Error('reactsite: cannot find its own package.json');
    dir = up;
  }
}

/** The site's React sources (pages, layout, widgets, styles); `REACTSITE_SITE_DIR` points elsewhere (tests edit a copy). */
export function siteDir(): string {
  const custom = process.env.REACTSITE_SITE_DIR;
  return custom ? path.resolve(custom) : path.join(packageRoot(), 'src', 'site');
}

/** A folder of the project's own cache, `<root>/.cache/reactsite/<part>` (git-ignored). */
export function projectCacheDir(root: string, part: 'md' | 'pages' | 'bundle' | 'trash'): string {
  return path.join(root, '.cache', 'reactsite', part);
}

let versions: string | undefined;

/**
 * What changes generated output, for every cache key: the versions of the Markdown tool chain and a hash of
 * reactsite's own generator code (so a changed pipeline never reads trees cached by the old one).
 */
export function toolVersions(): string {
  if (versions) return versions;
  const read = (p: string) => {
    try {
      return JSON.parse(fs.readFileSync(p, 'utf8')).version as string;
    } catch {
      return '?';
    }
  };
  const nm = path.join(packageRoot(), 'node_modules');
  const deps = ['shiki', 'remark-gfm', 'remark-parse', 'remark-rehype', 'unified'].map((d) => `${d}@${read(path.join(nm, d, 'package.json'))}`);
  return (versions = [`reactsite@${read(path.join(packageRoot(), 'package.json'))}`, ...deps, `code:${generatorCodeHash()}`].join(':'));
}

/** Hash of the generator's code: dist/*.js when running compiled, else src/generator/*.ts. */
function generatorCodeHash(): string {
  const hash = createHash('sha256');
  for (const dir of [path.join(packageRoot(), 'dist'), path.join(packageRoot(), 'src', 'generator')]) {
    const ext = dir.endsWith('dist') ? '.js' : '.ts';
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(ext)).sort() : [];
    for (const f of files) hash.update(f).update(fs.readFileSync(path.join(dir, f)));
    if (files.length) break;
  }
  return hash.digest('hex').slice(0, 16);
}
