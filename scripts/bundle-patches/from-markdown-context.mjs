// mdast-util-from-markdown, patched in the CLI bundle: one compiler per processor, one context object per document.
import { positionsAsked } from './from-markdown-positions.mjs';
import { sourcePatch } from './source-patch.mjs';

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

// fromMarkdown() builds a new compiler for every document: one function that declares some 60 handlers and
// the table of them, for the same few extensions. Called once per page, it became hot, and V8's optimizing
// compiler spent 0.4-0.5 s on it in each thread of a 4,000-page build (most of it in escape analysis), more than
// running it ever cost. The bundle builds one compiler per list of extensions (the same array holding the same
// objects; remark-parse passes its processor's list) and gives each document its own `data`, the one state the
// compiler kept between its handlers (every other is on the document's context). A compiler is kept with the
// `positions` it was made with (see from-markdown-positions.mjs), the other option that shapes it.
const COMPILER_CALL = 'return compiler(options)(postprocess(';
const DATA_IN_COMPILER = '  const data = {};\n  return compile;\n';
const COMPILE_START = '  function compile(events) {\n';
const COMPILER_ONCE = `
const compilers = new WeakMap();
const noMdastExtensions = [];
function compilerOnce(options) {
  const extensions = (options || {}).mdastExtensions || noMdastExtensions;
  const positions = (options || {}).positions;
  const kept = compilers.get(extensions);
  if (kept && kept.positions === positions && kept.list.length === extensions.length && kept.list.every((e, i) => e === extensions[i])) return kept.compile;
  const compile = compiler(options);
  compilers.set(extensions, { list: [...extensions], positions, compile });
  return compile;
}
`;

/** mdast-util-from-markdown's lib/index.js building one compiler per list of extensions (see above), or undefined
 * when the source has another shape. */
export function compileOnce(source) {
  const once = (part) => source.split(part).length === 2;
  if (!once(COMPILER_CALL) || !once(DATA_IN_COMPILER) || !once(COMPILE_START) || source.includes('compilerOnce')) return undefined;
  return source
    .replace(COMPILER_CALL, 'return compilerOnce(options)(postprocess(')
    .replace(DATA_IN_COMPILER, '  return compile;\n')
    .replace(COMPILE_START, `${COMPILE_START}    const data = {};\n`)
    .concat(COMPILER_ONCE);
}

/** Bundles mdast-util-from-markdown with both edits above and positionsAsked; warns and keeps the package as it is
 * when its source has another shape (the bundle is then correct, only slower). */
export const sharedCompileContext = sourcePatch({
  name: 'shared-compile-context',
  filter: /[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/,
  edit: (source) => {
    const shared = shareCompileContext(source);
    const once = shared && compileOnce(shared);
    return once && positionsAsked(once);
  },
  what: () => 'mdast-util-from-markdown (its compiler, compile loop and positions)',
});
