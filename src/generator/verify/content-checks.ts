/** `reactsite check`: the per-article minimums, code samples that must parse, links, anchors and images. */
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { problem, warning, type Problem } from '../problems/problem.js';
import type { Route } from '../../site/types.js';
import type { Content } from '../content/load-content.js';
import type { MarkdownFacts } from '../markdown/render-markdown.js';
import type { CheckedBody } from './checked-body.js';
import type { CodeSample } from '../markdown/body-facts.js';
import { isLayoutId } from '../../site/document/layout-ids.js';
import { tutorialById } from '../../site/tutorial-by-id.js';

/** The minimums every article meets (content issue). */
export const MINIMUMS = { words: 900, sections: 3, tables: 1, code: 2, faq: 4, description: [120, 160], keywords: [5, 15] } as const;

const LOADERS: Record<string, esbuild.Loader> = { jsx: 'jsx', js: 'jsx', javascript: 'jsx', tsx: 'tsx', ts: 'ts', typescript: 'ts' };

/** How many samples are given to esbuild's service at once: it parses them on every core. */
const IN_FLIGHT = 128;

/**
 * Parses code samples with esbuild: each one's first syntax error, or undefined, in order. One at a time
 * (`transformSync`), docs-4000's 5,387 samples took 3.9 s of waiting; a batch at a time, 1.8 s.
 */
export async function codeSyntaxErrors(samples: readonly CodeSample[]): Promise<(string | undefined)[]> {
  const out: (string | undefined)[] = [];
  for (let i = 0; i < samples.length; i += IN_FLIGHT) out.push(...(await Promise.all(samples.slice(i, i + IN_FLIGHT).map(codeSyntaxError))));
  return out;
}

/** Parses a code sample with esbuild; resolves to its first syntax error, or undefined. */
async function codeSyntaxError(sample: CodeSample): Promise<string | undefined> {
  const loader = LOADERS[sample.lang];
  if (!loader || /(^|\s)fragment(\s|$)/.test(sample.meta)) return undefined;
  try {
    await esbuild.transform(sample.value, { loader, jsx: 'automatic', logLevel: 'silent' });
    return undefined;
  } catch (e) {
    const err = (e as { errors?: esbuild.Message[] }).errors?.[0];
    return err ? `${err.text} (code line ${err.location?.line ?? '?'})` : String(e);
  }
}

/** What the content checks read of a finished in-memory build: its content, routes and every body's Markdown. */
export interface CheckedBuild { content: Content; routes: Route[]; markdown: ReadonlyMap<string, MarkdownFacts & Partial<Pick<CheckedBody, 'checks'>>> }

/** Every content problem of a finished in-memory build. */
export async function contentChecks(root: string, result: CheckedBuild): Promise<Problem[]> {
  const problems: Problem[] = [];
  const routePaths = new Set(result.routes.map((r) => r.path));
  const idsByPath = new Map<string, Set<string>>();
  // `check` renders every body in its Markdown stage (on this thread or the workers) and keeps what these read.
  const sources = [...result.markdown.entries()].map(([file, md]) => {
    if (!md.checks || !md.code) throw new Error(`content checks need the checked facts and code samples of ${file}`);
    return [file, { ...md, checks: md.checks, code: md.code }] as const;
  });
  const samples = sources.flatMap(([, md]) => md.code);
  const errors = await codeSyntaxErrors(samples);
  const syntaxErrors = new Map(samples.map((sample, i) => [sample, errors[i]]));
  const tutorialPathOf = new Map<string, string>();
  for (const r of result.routes) if (r.kind === 'tutorial') tutorialPathOf.set(`content/tutorials/${r.ref}.md`, r.path);
  for (const r of result.routes) if (r.kind === 'static') tutorialPathOf.set(`content/pages/${r.ref}.md`, r.path);
  for (const [file, md] of sources) {
    const p = tutorialPathOf.get(file);
    if (p) idsByPath.set(p, md.checks.ids);
  }
  for (const [file, md] of sources) {
    const facts = md.checks;
    for (const sample of md.code) {
      const err = syntaxErrors.get(sample);
      if (err) problems.push(problem(`${sample.lang} code sample does not parse: ${err}`, { file, line: sample.line, hint: 'fix the code, or mark a deliberate fragment with ```' + sample.lang + ' fragment' }));
    }
    const own = tutorialPathOf.get(file);
    for (const href of facts.links) {
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) continue;
      const [p = '', anchor] = href.split('#');
      const target = p === '' ? own : p;
      if (p && !routePaths.has(p)) problems.push(problem(`link to ${href}: no such page`, { file, hint: 'link to a generated page such as /tutorial/<slug>/ (with the trailing slash)' }));
      else if (anchor && target && idsByPath.has(target) && !idsByPath.get(target)!.has(anchor) && !isLayoutId(anchor)) problems.push(problem(`link to ${href}: no heading with id "${anchor}"`, { file, hint: 'use the id of a heading in the target page (lowercase, hyphens)' }));
    }
    for (const src of facts.images) if (src.startsWith('/') && !fs.existsSync(path.join(root, 'public', src))) problems.push(problem(`image ${src} does not exist in public/`, { file }));
    if (!file.startsWith('content/tutorials/')) continue;
    const id = path.basename(file, '.md');
    const entry = tutorialById(result.content.tutorials, id);
    const faq = result.content.bodies.get(id)?.faq.length ?? 0;
    const need = (ok: boolean, what: string, found: number | string) => ok || problems.push(warning(`${what} (found ${found})`, { file, hint: 'see README "Content checks" for the per-article minimums' }));
    need(md.words >= MINIMUMS.words, `needs at least ${MINIMUMS.words} words of prose`, md.words);
    need(facts.sections.length >= MINIMUMS.sections, `needs at least ${MINIMUMS.sections} "##" sections`, facts.sections.length);
    need(facts.sections.some((s) => /summary|recap|wrapping up|conclusion/i.test(s)), 'needs a summary section ("## Summary")', facts.sections.length ? facts.sections.at(-1)! : 'none');
    need(facts.tables >= MINIMUMS.tables, 'needs at least one comparison table', facts.tables);
    need(md.code.length >= MINIMUMS.code, `needs at least ${MINIMUMS.code} code samples`, md.code.length);
    need(faq >= MINIMUMS.faq, `needs a FAQ of at least ${MINIMUMS.faq} questions`, faq);
    if (entry) {
      const d = [...entry.description].length;
      need(d >= MINIMUMS.description[0] && d <= MINIMUMS.description[1], `registry description should be ${MINIMUMS.description[0]}-${MINIMUMS.description[1]} characters`, d);
      const k = entry.keywords.length;
      need(k >= MINIMUMS.keywords[0] && k <= MINIMUMS.keywords[1], `registry keywords should number ${MINIMUMS.keywords[0]}-${MINIMUMS.keywords[1]}`, k);
    }
  }
  return problems;
}
