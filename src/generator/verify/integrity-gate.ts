/** Driver of the integrity gate inside a build: gathers public/ files and link sources, then checks. */
import path from 'node:path';
import fg from 'fast-glob';
import type { Route } from '../../site/types.js';
import type { Problem } from '../problems/problem.js';
import { checkByPage } from './integrity.js';
import { sourceFile, type Content } from '../content/load-content.js';
import type { HtmlFacts } from './html-facts.js';
import type { SourceLink } from '../markdown/body-facts.js';
import { isBodyH1Problem } from '../markdown/body-h1.js';
import type { BuildOptions } from '../build-options.js';
import type { OutputFiles } from '../output/output-dir.js';
import { gateContext, idsHash, recordedVerdict, recordVerdict, type PageVerdict, type Verdict } from './gate-memo.js';

/** Where a build remembers the gate's last verdict: its folder, each tutorial page's key by file, and its settings. */
export interface GateMemo { dir: string; keys: ReadonlyMap<string, string>; settings: string }

type GateInput = { opts: BuildOptions; content: Content; routes: readonly Route[]; files: OutputFiles; markdown: ReadonlyMap<string, { links: readonly SourceLink[]; warnings?: readonly Problem[] }>; facts?: ReadonlyMap<string, HtmlFacts>; siteUrl: string; base: string; devOrigin?: string; memo?: GateMemo };

/**
 * Checks a finished in-memory build; errors stop the build before out/ is touched. With `memo`, a build in the
 * context last checked checks only the pages whose key changed (see gate-memo.ts).
 */
export async function integrityProblems(o: GateInput): Promise<Problem[]> {
  const publicFiles = new Set(await fg('**/*', { cwd: path.join(o.opts.root, 'public'), onlyFiles: true }));
  if (!o.memo) return flatten(check(o, publicFiles));
  const context = gateContext({ pageFiles: o.memo.keys.keys(), files: o.files, publicFiles: [...publicFiles], settings: o.memo.settings });
  const last = recordedVerdict(o.memo.dir);
  const verdict = (last?.context === context && again(o, o.memo.keys, last, publicFiles)) || fresh(o, o.memo.keys, context, publicFiles);
  if (verdict !== last) recordVerdict(o.memo.dir, verdict);
  return [...verdict.pages.flatMap(([, v]) => v[2]), ...verdict.site];
}

/** The last verdict with the pages whose key changed checked again; undefined when one of their ids changed. */
function again(o: GateInput, keys: ReadonlyMap<string, string>, last: Verdict, publicFiles: Set<string>): Verdict | undefined {
  const before = new Map(last.pages);
  const changed = new Set<string>();
  for (const [file, key] of keys) if (key !== before.get(file)?.[0]) changed.add(file);
  if (!changed.size) return last;
  const { byPage } = check(o, publicFiles, changed);
  const pages = last.pages.map(([file, v]): [string, PageVerdict] => (changed.has(file) ? [file, [keys.get(file)!, idsHash(o.facts!.get(file)!.ids), byPage.get(file) ?? []]] : [file, v]));
  if (pages.some(([file, v]) => changed.has(file) && before.get(file)?.[1] !== v[1])) return undefined;
  return { context: last.context, pages, site: last.site };
}

/** Every page checked. */
function fresh(o: GateInput, keys: ReadonlyMap<string, string>, context: string, publicFiles: Set<string>): Verdict {
  const { byPage, site } = check(o, publicFiles);
  const facts = (file: string) => o.facts?.get(file);
  const pages = [...byPage].map(([file, problems]): [string, PageVerdict] => [file, [keys.get(file) ?? '', idsHash(facts(file)?.ids ?? []), problems]]);
  return { context, pages, site };
}

function flatten({ byPage, site }: ReturnType<typeof checkByPage>): Problem[] {
  return [...[...byPage.values()].flat(), ...site];
}

function check(o: GateInput, publicFiles: Set<string>, only?: ReadonlySet<string>): ReturnType<typeof checkByPage> {
  const sources = new Map<string, { file: string; links: readonly SourceLink[]; bodyH1?: boolean }>();
  for (const r of o.routes) {
    const file = sourceFile(o.content, r);
    const md = file && o.markdown.get(file);
    // Links are read only where a page has a problem to point at (see kept-links.ts).
    if (file && md && (!only || only.has(r.file))) sources.set(r.file, { file, get links() { return md.links; }, bodyH1: md.warnings?.some(isBodyH1Problem) });
  }
  return checkByPage({ files: o.files, publicFiles, routes: o.routes, siteUrl: o.siteUrl, base: o.base, extraOrigins: o.devOrigin ? [o.devOrigin] : [], sources, brokenLinks: o.opts.brokenLinks, facts: o.facts }, only);
}
