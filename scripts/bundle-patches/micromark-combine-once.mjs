// micromark, patched in the CLI bundle: its extensions merged once per processor.
import { sourcePatch } from './source-patch.mjs';

// micromark's parse() merges the default constructs with the extensions into one table on every call: every
// document, for the same few extension objects. The bundle merges them once per list of extensions (the same array,
// holding the same objects; remark-parse passes its processor's list) and shares the table, which parsing only reads.
const PARSE_COMBINE = 'combineExtensions([defaultConstructs, ...(settings.extensions || [])]);';
const COMBINED_ONCE = `
const combinedTables = new WeakMap();
const noExtensions = [];
function combinedOnce(extensions) {
  const kept = combinedTables.get(extensions);
  if (kept && kept.list.length === extensions.length && kept.list.every((e, i) => e === extensions[i])) return kept.constructs;
  const constructs = combineExtensions([defaultConstructs, ...extensions]);
  combinedTables.set(extensions, { list: [...extensions], constructs });
  return constructs;
}
`;

/** micromark's lib/parse.js merging its extensions once per list (see above), or undefined when the source has another shape. */
export function combineOnce(source) {
  if (source.split(PARSE_COMBINE).length !== 2 || source.includes('combinedOnce') || !source.includes("import * as defaultConstructs from './constructs.js';")) return undefined;
  return source.replace(PARSE_COMBINE, 'combinedOnce(settings.extensions || noExtensions);') + COMBINED_ONCE;
}

/** Bundles micromark's parse with combineOnce; warns and keeps it as it is otherwise. */
export const micromarkCombineOnce = sourcePatch({
  name: 'micromark-combine-once',
  filter: /[\\/]micromark[\\/]lib[\\/]parse\.js$/,
  edit: combineOnce,
  what: () => 'micromark/lib/parse.js',
});
