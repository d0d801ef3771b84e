// mdast-util-from-markdown, patched in the CLI bundle: one context object per document.
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

/** Bundles mdast-util-from-markdown with shareCompileContext; warns and keeps the package as it is when its source
 * has another shape (the bundle is then correct, only slower). */
export const sharedCompileContext = sourcePatch({
  name: 'shared-compile-context',
  filter: /[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/,
  edit: shareCompileContext,
  what: () => "mdast-util-from-markdown's compile loop",
});
