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

// micromark reads a document one character at a time at every level it nests: the document's lines, the flow's
// chunks, a paragraph's content and its text each take a state-function call and a `consume` per character, though
// most characters are plain data at every level. Each of those four loops here consumes the rest of a run at once
// after its first character: to the end of the string chunk (the preprocessor leaves line endings, tabs and NUL
// out of string chunks, so a line's data cannot end inside one), or, in text, up to the next character that could
// start a construct, tested as the loop tests it. Points, `previous` and events come out as one-by-one consumes
// leave them.
const CONSUME_RUN = `  function consumeRun(accept) {
    if (point._bufferIndex < 0) return;
    const chunk = chunks[point._index];
    const from = point._bufferIndex;
    let i = from;
    if (accept === undefined) {
      i = chunk.length;
      if (i > from) context.previous = chunk.charCodeAt(i - 1);
    } else {
      while (i < chunk.length) {
        const code = chunk.charCodeAt(i);
        if (!accept(code)) break;
        context.previous = code;
        i++;
      }
    }
    point.column += i - from;
    point.offset += i - from;
    if (i === chunk.length) {
      point._bufferIndex = -1;
      point._index++;
    } else {
      point._bufferIndex = i;
    }
  }
`;
/** Edits per file of micromark and micromark-core-commonmark (their production builds): file -> [find, replace]. */
const RUN_EDITS = {
  'micromark/lib/create-tokenizer.js': [['    consume,\n', '    consume,\n    consumeRun,\n'], ['  function consume(code) {', `${CONSUME_RUN}  function consume(code) {`]],
  'micromark/lib/initialize/text.js': [['      // Data.\n      effects.consume(code);\n      return data;\n    }\n', '      // Data.\n      effects.consume(code);\n      effects.consumeRun?.(notBreak);\n      return data;\n    }\n    function notBreak(code) {\n      return !atBreak(code);\n    }\n']],
  'micromark/lib/initialize/content.js': [['    // Data.\n    effects.consume(code);\n    return data;', '    // Data.\n    effects.consume(code);\n    effects.consumeRun?.();\n    return data;']],
  'micromark/lib/initialize/document.js': [['    effects.consume(code);\n    return flowContinue;', '    effects.consume(code);\n    effects.consumeRun?.();\n    return flowContinue;']],
  'micromark-core-commonmark/lib/content.js': [['    // Data.\n    effects.consume(code);\n    return chunkInside;', '    // Data.\n    effects.consume(code);\n    effects.consumeRun?.();\n    return chunkInside;']],
};

/**
 * `source` of `file` (a key of RUN_EDITS) with its run edit, or undefined when the source is not the shape this was
 * written for (each edit must apply exactly once; the tokenizer's state must be `point`, `chunks` and `context`).
 * Each file stands alone: the loops call `consumeRun` only where a tokenizer has it.
 */
export function consumeRuns(file, source) {
  if (source.includes('consumeRun')) return undefined;
  if (file.endsWith('create-tokenizer.js') && !(/\n  let point = \{/.test(source) && /\n  let chunks = \[\]/.test(source) && /\n  const context = \{/.test(source))) return undefined;
  let out = source;
  for (const [find, replace] of RUN_EDITS[file]) {
    if (out.split(find).length !== 2) return undefined;
    out = out.replace(find, replace);
  }
  return out;
}

/** Bundles micromark with consumeRuns; warns and keeps a file as it is when its source has another shape. */
export const micromarkRuns = {
  name: 'micromark-runs',
  setup(build) {
    const filter = /[\\/]micromark(-core-commonmark)?[\\/]lib[\\/](create-tokenizer|content|initialize[\\/](text|content|document))\.js$/;
    build.onLoad({ filter }, (args) => {
      const normal = args.path.split(path.sep).join('/');
      const file = Object.keys(RUN_EDITS).find((f) => normal.endsWith(`/node_modules/${f}`));
      if (!file) return undefined;
      const source = fs.readFileSync(args.path, 'utf8');
      const edited = consumeRuns(file, source);
      if (edited === undefined) return { contents: source, loader: 'js', warnings: [{ text: `${file} has another shape: bundled as it is (Markdown parses slower)` }] };
      return { contents: edited, loader: 'js' };
    });
  },
};

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
export const micromarkCombineOnce = {
  name: 'micromark-combine-once',
  setup(build) {
    build.onLoad({ filter: /[\\/]micromark[\\/]lib[\\/]parse\.js$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const once = combineOnce(source);
      if (once === undefined) return { contents: source, loader: 'js', warnings: [{ text: 'micromark/lib/parse.js has another shape: bundled as it is (Markdown parses slower)' }] };
      return { contents: once, loader: 'js' };
    });
  },
};

/** Every plugin of the CLI bundle, in order. */
export const cliBundlePlugins = [prettyCodeParse, visitParents, sharedCompileContext, subtokenizeJumpMaps, micromarkRuns, micromarkCombineOnce];
