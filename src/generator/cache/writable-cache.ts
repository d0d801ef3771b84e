/** Whether a project's build cache can be written: a read-only checkout builds without it, with one warning. */
import fs from 'node:fs';
import path from 'node:path';
import { warning, type Problem } from '../problems/problem.js';

/** The warning for a project whose `.cache/reactsite/` cannot be made or written; undefined when it can. */
export function unwritableCache(root: string): Problem | undefined {
  const dir = path.join(root, '.cache', 'reactsite');
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
    return undefined;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    return warning(`the build cache cannot be written (${code} on ${path.relative(process.cwd(), dir) || dir}): this build runs without it`, { field: '.cache', hint: 'make .cache/ writable so that later builds reuse this one, or pass --no-cache to say so' });
  }
}
