/**
 * Shiki's diff notation (`// [!code ++]`) and the hast building it runs through, loaded on the first block that
 * may hold one (the code step awaits loadDiffNotation first): a thread that renders no such block never loads
 * @shikijs/core or @shikijs/transformers.
 */
import type { hastToHtml, ShikiTransformer, tokensToHast } from '@shikijs/core';

/** What a block with a notation is made with. */
export interface DiffNotation { tokensToHast: typeof tokensToHast; hastToHtml: typeof hastToHtml; transformer: ShikiTransformer }

let loaded: DiffNotation | undefined;
let loading: Promise<DiffNotation> | undefined;

/** Whether a block's code may hold a notation comment (the transformer has nothing to do without one). */
export function mayHaveNotation(code: string): boolean {
  return code.includes('[!code');
}

/** Loads the notation's tools, once a thread. */
export function loadDiffNotation(): Promise<DiffNotation> {
  return (loading ??= Promise.all([import('@shikijs/core'), import('@shikijs/transformers')]).then(([core, transformers]) => {
    loaded = { tokensToHast: core.tokensToHast, hastToHtml: core.hastToHtml, transformer: transformers.transformerNotationDiff({ matchAlgorithm: 'v3' }) };
    return loaded;
  }));
}

/** The notation's tools once loadDiffNotation has loaded them; throws before (a code step that did not await it). */
export function diffNotation(): DiffNotation {
  if (!loaded) throw new Error('diff notation used before loadDiffNotation() finished');
  return loaded;
}
