// micromark-util-subtokenize, patched in the CLI bundle: its jumps in Maps.
import { sourcePatch } from './source-patch.mjs';

// micromark-util-subtokenize keeps where to jump over embedded content in plain objects keyed by event index
// (`index in jumps` for every event, `Object.assign` to merge): V8 keeps such sparse integer keys in a slow
// dictionary. A Map keyed by the same numbers gives the same jumps.
const JUMP_EDITS = [
  [/const jumps = \{\}/g, 'const jumps = new Map()', 1],
  [/while \(index in jumps\) \{(\s*)index = jumps\[index\]/g, 'while (jumps.has(index)) {$1index = jumps.get(index)', 1],
  [/Object\.assign\(jumps, subcontent\(events, index\)\)(;?)(\s*)index = jumps\[index\]/g, 'for (const [from, to] of subcontent(events, index)) jumps.set(from, to)$1$2index = jumps.get(index)', 1],
  [/const gaps = \{\}/g, 'const gaps = new Map()', 1],
  [/gaps\[adjust \+ jumps\[index\]\[0\]\] = adjust \+ jumps\[index\]\[1\]/g, 'gaps.set(adjust + jumps[index][0], adjust + jumps[index][1])', 1],
];

/** micromark-util-subtokenize's index.js with its jumps in Maps, or undefined when the source is not the shape this
 * was written for (each edit must apply exactly once, and nothing else may use the objects as objects). */
export function mapSubtokenizeJumps(source) {
  let out = source;
  for (const [pattern, replacement, times] of JUMP_EDITS) {
    if ((out.match(pattern)?.length ?? 0) !== times) return undefined;
    out = out.replace(pattern, replacement);
  }
  // Any other use of the two objects (`jumps[`, `gaps[`, `in jumps`) would now be wrong: leave such a version alone.
  const rest = out.replace(/jumps\[index\]\[[01]\]/g, '');
  if (/\bgaps\[|\bin (jumps|gaps)\b|Object\.\w+\((jumps|gaps)/.test(rest) || /\bjumps\[(?!index\])/.test(rest)) return undefined;
  return out;
}

/** Bundles micromark-util-subtokenize with mapSubtokenizeJumps; warns and keeps the package as it is otherwise. */
export const subtokenizeJumpMaps = sourcePatch({
  name: 'subtokenize-jump-maps',
  filter: /[\\/]micromark-util-subtokenize[\\/](dev[\\/])?index\.js$/,
  edit: mapSubtokenizeJumps,
  what: () => 'micromark-util-subtokenize',
});
