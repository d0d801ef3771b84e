/**
 * Pure: the order in which a build spreads its pages, so that each language with a highlighter of its own is met
 * by as few threads as possible. The main thread takes pages from the front and the workers from the back (see
 * PagePool.spread), and every thread that meets such a language loads its grammars and compiles their rules. With
 * code in 54 languages, three on each page in turn, both threads met all of them: a 4,000-page build peaked at
 * 743-750 MiB, and at 608-625 MiB spread in this order (the real documentation: 680-722 -> 637-670 MiB).
 */
import { bundledLanguagesInfo } from 'shiki/langs';
import { PRELOADED_LANGUAGES } from '../highlight/code-basics.js';

const preloaded = new Set<string>(PRELOADED_LANGUAGES);
for (const l of bundledLanguagesInfo) if (preloaded.has(l.id)) for (const a of l.aliases ?? []) preloaded.add(a);

/** The languages of a page's fences that are not preloaded (each gets a highlighter of its own). */
export function ownLanguages(langs: readonly string[] | undefined): string[] {
  return langs?.filter((l) => !preloaded.has(l)) ?? [];
}

/**
 * The own languages of `pages` in a chain where each one is followed by the one that shares the most pages with
 * it (ties and new starts: the first met), so that languages used together stand together.
 */
export function languageChain(pages: readonly (readonly string[])[]): string[] {
  const first = [...new Set(pages.flat())];
  const met = new Map(first.map((l, i) => [l, i]));
  const shared = new Map(first.map((l) => [l, new Map<string, number>()]));
  for (const langs of pages) for (const a of langs) for (const b of langs) if (a !== b) shared.get(a)!.set(b, (shared.get(a)!.get(b) ?? 0) + 1);
  const chain: string[] = [];
  const placed = new Set<string>();
  while (chain.length < first.length) {
    let next = first.find((l) => !placed.has(l))!;
    const last = chain[chain.length - 1];
    let most = 0;
    if (last !== undefined) for (const [l, n] of shared.get(last)!) if (!placed.has(l) && (n > most || (n === most && met.get(l)! < met.get(next)!))) [next, most] = [l, n];
    chain.push(next);
    placed.add(next);
  }
  return chain;
}

/**
 * The indices of pages (given each page's fence languages) in the order to spread them: pages whose code is in
 * the preloaded languages alone first, as they come, then the others by the place of their first own language in
 * the language chain.
 */
export function byLanguage(langs: readonly (readonly string[] | undefined)[]): number[] {
  const own = langs.map(ownLanguages);
  const place = new Map(languageChain(own).map((l, i) => [l, i + 1]));
  const keys = own.map((l) => (l.length ? place.get(l[0]!)! : 0));
  return keys.map((_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
}
