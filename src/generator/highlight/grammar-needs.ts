/**
 * Which grammars a language's highlighter loads: the language (with the languages its Shiki module brings) and
 * the preloaded languages its grammars include by scope name without bringing them (Markdown's fences, a YAML
 * front matter). Loading every preloaded language for each other language made each highlighter copy twelve
 * grammars (vscode-textmate clones a grammar for each registry): 15 MB a thread on 2,800 pages of real
 * documentation in 17 languages, for the same tokens.
 */
import { bundledLanguages, type BundledLanguage } from 'shiki/langs';

type Registration = { scopeName: string };

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
