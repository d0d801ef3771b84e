/** Where the package's own files are (the site sources ship inside the package), wherever the code runs from. */
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

/** The folder under dist/ holding the site bundles made when reactsite is built (see bundle/shipped-bundle.ts). */
export const SHIPPED_BUNDLE_FOLDER = 'site-bundle';
