/** What keys every cache: where a project's cache lives, the tool versions, and a hash of the generator's own code. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { packageRoot, SHIPPED_BUNDLE_FOLDER } from '../package/package-paths.js';

/** A folder of the project's own cache, `<root>/.cache/reactsite/<part>` (git-ignored). */
export function projectCacheDir(root: string, part: 'md' | 'pages' | 'bundle' | 'trash' | 'blocks' | 'gate' | 'inputs' | 'other' | 'report'): string {
  return path.join(root, '.cache', 'reactsite', part);
}

let versions: string | undefined;

/**
 * What changes generated output, for every cache key: the versions of the Markdown tool chain (and image-size)
 * and a hash of reactsite's own generator code (so a changed pipeline never reads trees cached by the old one).
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
  const deps = ['shiki', '@shikijs/themes', '@shikijs/transformers', 'rehype-pretty-code', 'remark-gfm', 'remark-parse', 'remark-rehype', 'unified', 'image-size'].map((d) => `${d}@${read(path.join(nm, d, 'package.json'))}`);
  return (versions = [`reactsite@${read(path.join(packageRoot(), 'package.json'))}`, ...deps, `code:${generatorCodeHash()}`].join(':'));
}

/** Every file under `dir` ending in `ext`, sorted, as paths relative to it (sub-folders included). */
function filesUnder(dir: string, ext: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(ext)).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort();
}

/**
 * Hash of the generator's code, every folder of it: dist/**.js when running compiled (the site bundles shipped
 * there aside: they are made from it, and keyed by it), else src/generator/**.ts.
 */
export function generatorCodeHash(root = packageRoot()): string {
  const hash = createHash('sha256');
  for (const [dir, ext] of [[path.join(root, 'dist'), '.js'], [path.join(root, 'src', 'generator'), '.ts']] as const) {
    const files = filesUnder(dir, ext).filter((f) => !f.startsWith(`${SHIPPED_BUNDLE_FOLDER}/`));
    for (const f of files) hash.update(`${f}\0`).update(fs.readFileSync(path.join(dir, f))).update('\0');
    if (files.length) break;
  }
  return hash.digest('hex').slice(0, 16);
}
