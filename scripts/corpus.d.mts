/** Types of scripts/corpus.mjs, for the tests that reuse its pieces. */

/** Bumped whenever the generated output changes, so cached corpora are regenerated. */
export const CORPUS_VERSION: number;
/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function prng(seed: number): () => number;
/** The 40 category names: each topic in two depths. */
export const CATEGORIES: string[];
/** Writes a synthetic project of `n` tutorials of `kind` into `out`, deterministic from `seed`, in 40 equal categories or 11 uneven ones. */
export function generateCorpus(o: { n: number; kind: 'code' | 'plain' | 'docs'; seed: number; out: string; categories?: 'even' | 'uneven'; source?: string }): unknown;
