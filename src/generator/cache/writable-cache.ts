/** Whether a project's build cache can be written: a read-only checkout builds without it, with one warning. */
import fs from 'node:fs';
import path from 'node:path';
import { warning, type Problem } from '../problems/problem.js';

/**
 * The warning for a project whose `.cache/reactsite/` cannot be made or written; undefined when it can. `make`
 * makes the folder when it is missing (its parent exists then).
 */
export function unwritableCache(root: string, make = (dir: string) => fs.mkdirSync(dir)): Problem | undefined {
  const dir = path.join(root, '.cache', 'reactsite');
  try {
    if (!fs.existsSync(dir)) {
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      try {
        make(dir);
      } catch (e) {
        // Made by another build meanwhile.
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    if (!fs.statSync(dir).isDirectory()) throw Object.assign(new Error(`${dir} is not a folder`), { code: 'ENOTDIR' });
    fs.accessSync(dir, fs.constants.W_OK);
    return undefined;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    return warning(`the build cache cannot be written (${code} on ${path.relative(process.cwd(), dir) || dir}): this build runs without it`, { field: '.cache', hint: 'make .cache/ writable so that later builds reuse this one, or pass --no-cache to say so' });
  }
}
