/** Pure: what a changed path means for dev (a body, a page, site content, a public file, site CSS or code). */
import path from 'node:path';

/** One relevant change; `file` is project-relative for content and public, absolute for site sources. */
export type Change =
  | { kind: 'body' | 'page' | 'content' | 'public'; file: string }
  | { kind: 'css' | 'code'; file: string };

/** Changes of one debounced batch, grouped by what they require. */
export interface ChangePlan { bodies: string[]; pages: string[]; content: string[]; publicFiles: string[]; css: string[]; code: string[] }

/** Editor scratch files (swap, backup, lock and atomic-save temporaries), never worth a rebuild. */
export function isScratchFile(name: string): boolean {
  return name.startsWith('.') || name.endsWith('~') || /\.(swp|swx|swo|tmp|bak|orig|crswap)$/i.test(name) || /^\d+$/.test(name) || /___jb_(tmp|old)___$/.test(name) || /\.tmp[-.\w]*$/i.test(name);
}

const inside = (abs: string, dir: string) => abs === dir || abs.startsWith(dir + path.sep);
const posix = (p: string) => p.split(path.sep).join('/');

/** Classifies an absolute path under the watched folders; undefined when it does not matter. */
export function classifyChange(abs: string, root: string, siteDir: string): Change | undefined {
  const file = path.resolve(abs);
  if (isScratchFile(path.basename(file))) return undefined;
  const site = path.resolve(siteDir);
  if (inside(file, site)) {
    if (/\.css$/i.test(file)) return { kind: 'css', file };
    if (/\.(tsx?|jsx?|mjs|cjs|json)$/i.test(file)) return { kind: 'code', file };
    return undefined;
  }
  const rel = posix(path.relative(path.resolve(root), file));
  if (rel === 'public' || rel.startsWith('public/')) return { kind: 'public', file: rel };
  if (/^content\/tutorials\/[^/]+\.md$/.test(rel)) return { kind: 'body', file: rel };
  if (/^content\/pages\/[^/]+\.md$/.test(rel)) return { kind: 'page', file: rel };
  if (/^content\/(site|registry|ads)\.json$/.test(rel) || rel === 'content' || rel === 'content/tutorials' || rel === 'content/pages') return { kind: 'content', file: rel };
  return undefined;
}

/** Groups the relevant changes of a batch (duplicates removed, order kept). */
export function planChanges(paths: readonly string[], root: string, siteDir: string): ChangePlan {
  const plan: ChangePlan = { bodies: [], pages: [], content: [], publicFiles: [], css: [], code: [] };
  const lists = { body: plan.bodies, page: plan.pages, content: plan.content, public: plan.publicFiles, css: plan.css, code: plan.code };
  for (const p of paths) {
    const c = classifyChange(p, root, siteDir);
    if (c && !lists[c.kind].includes(c.file)) lists[c.kind].push(c.file);
  }
  return plan;
}

/** Whether a plan holds nothing worth doing. */
export function isEmptyPlan(plan: ChangePlan): boolean {
  return Object.values(plan).every((l: string[]) => l.length === 0);
}
