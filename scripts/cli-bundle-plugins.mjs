// The esbuild plugins of the CLI bundle (scripts/build-cli.mjs): each swaps one dependency's slow part for an
// equivalent one. Tests bundle with the same plugins and compare against the packages as published.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A file path, not a URL's pathname: a checkout under a folder with a space or non-ASCII name stays readable.
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** rehype-pretty-code parses the HTML of each block it highlights; in the bundle its parser takes the tree the
 * project's highlighter made that HTML from (src/generator/highlight/pretty-code-parse.ts). */
export const prettyCodeParse = {
  name: 'pretty-code-parse',
  setup(build) {
    build.onResolve({ filter: /^rehype-parse$/ }, (args) =>
      args.importer.includes(`${path.sep}rehype-pretty-code${path.sep}`) ? { path: path.join(ROOT, 'src/generator/highlight/pretty-code-parse.ts') } : undefined,
    );
  },
};

/** unist-util-visit-parents names a closure after every node it walks, for debugging: a tenth of a cold build's
 * time. The bundle gets the same walk without it (src/generator/markdown/visit-parents.ts). */
export const visitParents = {
  name: 'visit-parents',
  setup(build) {
    build.onResolve({ filter: /^unist-util-visit-parents$/ }, () => ({ path: path.join(ROOT, 'src/generator/markdown/visit-parents.ts') }));
  },
};

// mdast-util-from-markdown's compile loop calls every event's handler on a fresh copy of its context
// (`{...context, sliceSerialize}`): millions of short-lived objects a large build, and handlers whose `this`
// has no stable shape, which V8 cannot make fast. One context object per document, its sliceSerialize set
// before each event, gives every handler what it got before: none keeps `this` past its call.
const CONTEXT_COPY = /\{\s*\.\.\.context,\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\s*\}/g;
const LOOP_START = '    events = prepared;\n';

/** mdast-util-from-markdown's lib/index.js with its compile loop reusing one context object, or undefined when the
 * source is not the shape this was written for (another version of the package). */
export function shareCompileContext(source) {
  const copies = source.match(CONTEXT_COPY)?.length ?? 0;
  if (copies !== 3 || source.split(LOOP_START).length !== 2 || source.includes('sharedContext')) return undefined;
  return source
    .replace(LOOP_START, `${LOOP_START}    const sharedContext = { ...context, sliceSerialize: undefined };\n`)
    .replace(CONTEXT_COPY, '(sharedContext.sliceSerialize = events[index][2].sliceSerialize, sharedContext)');
}

/** Bundles mdast-util-from-markdown with shareCompileContext; warns and keeps the package as it is when its source
 * has another shape (the bundle is then correct, only slower). */
export const sharedCompileContext = {
  name: 'shared-compile-context',
  setup(build) {
    build.onLoad({ filter: /[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const shared = shareCompileContext(source);
      if (shared === undefined) {
        return { contents: source, loader: 'js', warnings: [{ text: 'mdast-util-from-markdown has a compile loop of another shape: bundled as it is (Markdown parses slower)' }] };
      }
      return { contents: shared, loader: 'js' };
    });
  },
};

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
export const subtokenizeJumpMaps = {
  name: 'subtokenize-jump-maps',
  setup(build) {
    build.onLoad({ filter: /[\\/]micromark-util-subtokenize[\\/](dev[\\/])?index\.js$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const mapped = mapSubtokenizeJumps(source);
      if (mapped === undefined) {
        return { contents: source, loader: 'js', warnings: [{ text: 'micromark-util-subtokenize has jumps of another shape: bundled as it is (Markdown parses slower)' }] };
      }
      return { contents: mapped, loader: 'js' };
    });
  },
};

/** Every plugin of the CLI bundle, in order. */
export const cliBundlePlugins = [prettyCodeParse, visitParents, sharedCompileContext, subtokenizeJumpMaps];
