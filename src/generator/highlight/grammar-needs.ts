/**
 * Which grammars a language's highlighter loads: the language (with the languages its Shiki module brings) and
 * the preloaded languages its grammars include by scope name without bringing them (Markdown's fences, a YAML
 * front matter). Loading every preloaded language for each other language made each highlighter copy twelve
 * grammars (vscode-textmate clones a grammar for each registry): 15 MB a thread on 2,800 pages of real
 * documentation in 17 languages, for the same tokens. And in which order (see loadOrder).
 */
import { bundledLanguages, type BundledLanguage } from 'shiki/langs';

/** A grammar as a Shiki language module registers it (the fields read here). */
type Registration = { name: string; scopeName: string; embeddedLangs?: string[]; embeddedLangsLazy?: string[]; injectTo?: string[] };

/** The scope names a raw grammar includes from other grammars (`source.js`, `text.html.basic#tags`). */
export function includedScopes(grammar: unknown, out = new Set<string>()): Set<string> {
  const walk = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    if (Array.isArray(x)) return x.forEach(walk);
    for (const [k, v] of Object.entries(x)) {
      if (k === 'include' && typeof v === 'string') {
        if (!v.startsWith('#') && !v.startsWith('$')) out.add(v.split('#')[0]!);
      } else walk(v);
    }
  };
  walk(grammar);
  return out;
}

const registrations = async (lang: BundledLanguage): Promise<Registration[]> => (await bundledLanguages[lang]()).default as Registration[];

/** `lang`, then each of `preloaded` (in its order) that its grammars, or those of the ones added, include. */
export async function languagesFor(lang: BundledLanguage, preloaded: readonly BundledLanguage[]): Promise<BundledLanguage[]> {
  const byScope = new Map<string, BundledLanguage>();
  for (const p of preloaded) for (const r of await registrations(p)) if (!byScope.has(r.scopeName)) byScope.set(r.scopeName, p);
  const langs: BundledLanguage[] = [lang];
  for (let added = true; added; ) {
    const regs = (await Promise.all(langs.map(registrations))).flat();
    const have = new Set(regs.map((r) => r.scopeName));
    const wanted = new Set<BundledLanguage>();
    for (const r of regs) for (const s of includedScopes(r)) if (!have.has(s) && byScope.has(s)) wanted.add(byScope.get(s)!);
    const more = preloaded.filter((p) => wanted.has(p) && !langs.includes(p));
    langs.push(...more);
    added = more.length > 0;
  }
  return langs;
}

/**
 * `regs` in two parts: the grammars to create a highlighter with, and those to load into it afterwards. Shiki
 * loads a grammar again each time a language it embeds lazily is loaded after it, and a highlighter created with
 * all of them knows every grammar before loading the first: the preloaded languages loaded Markdown's grammar
 * (whose fences embed 58 languages lazily) nine times, 100 of the 176 ms a highlighter took to make. A grammar that
 * embeds others of `regs` lazily is loaded last, once, unless it injects itself into others (those must be known
 * before the grammars they inject into are made) or another grammar made first embeds it outright (Shiki wants it
 * then: ruby embeds haml, erlang markdown). Every grammar ends as it did: made once every other is known.
 */
export function loadOrder<R extends Registration>(regs: readonly R[]): { first: R[]; last: R[] } {
  const unique = [...new Set(regs)];
  const byName = new Map(unique.map((r) => [r.name, r]));
  const later = new Set(unique.filter((r) => !r.injectTo?.length && (r.embeddedLangsLazy ?? []).some((l) => byName.has(l))));
  for (let moved = true; moved; ) {
    moved = false;
    for (const r of unique) if (!later.has(r)) for (const e of r.embeddedLangs ?? []) moved = later.delete(byName.get(e)!) || moved;
  }
  return { first: unique.filter((r) => !later.has(r)), last: unique.filter((r) => later.has(r)) };
}
