/** Driver of the integrity gate inside a build: gathers public/ files and link sources, then checks. */
import path from 'node:path';
import fg from 'fast-glob';
import type { Route } from '../../site/types.js';
import type { Problem } from '../problems/problem.js';
import { checkIntegrity } from './integrity.js';
import { sourceFile, type Content } from '../content/load-content.js';
import type { HtmlFacts } from './html-facts.js';
import type { SourceLink } from '../markdown/render-markdown.js';
import type { BuildOptions } from '../cli/options.js';
import type { OutputFiles } from '../output/output-dir.js';
import { gateKey, recalledVerdict, recordVerdict } from '../cache/gate-memo.js';

/** Where a build remembers the gate's last verdict: its folder, the hash of its page keys, and its settings. */
export interface GateMemo { dir: string; pages: string; settings: string }

/**
 * Checks a finished in-memory build; errors stop the build before out/ is touched. With `memo`, a build whose
 * inputs are the ones last checked gets the recorded verdict (see cache/gate-memo.ts).
 */
export async function integrityProblems(o: { opts: BuildOptions; content: Content; routes: readonly Route[]; files: OutputFiles; markdown: ReadonlyMap<string, { links: readonly SourceLink[] }>; facts?: ReadonlyMap<string, HtmlFacts>; siteUrl: string; base: string; devOrigin?: string; memo?: GateMemo }): Promise<Problem[]> {
  const publicFiles = new Set(await fg('**/*', { cwd: path.join(o.opts.root, 'public'), onlyFiles: true }));
  const key = o.memo && gateKey({ pages: o.memo.pages, files: o.files, publicFiles: [...publicFiles], settings: o.memo.settings });
  const recalled = key && recalledVerdict(o.memo!.dir, key);
  if (recalled) return recalled;
  const problems = await check(o, publicFiles);
  if (key) recordVerdict(o.memo!.dir, key, problems);
  return problems;
}

async function check(o: Parameters<typeof integrityProblems>[0], publicFiles: Set<string>): Promise<Problem[]> {
  const sources = new Map<string, { file: string; links: readonly SourceLink[] }>();
  for (const r of o.routes) {
    const file = sourceFile(o.content, r);
    const md = file && o.markdown.get(file);
    if (file && md) sources.set(r.file, { file, links: md.links });
  }
  return checkIntegrity({ files: o.files, publicFiles, routes: o.routes, siteUrl: o.siteUrl, base: o.base, extraOrigins: o.devOrigin ? [o.devOrigin] : [], sources, brokenLinks: o.opts.brokenLinks, facts: o.facts });
}
