// micromark, patched in the CLI bundle: runs of plain data consumed at once.
import path from 'node:path';
import { sourcePatch } from './source-patch.mjs';

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

/** The key of RUN_EDITS a loaded file is, if any. */
const runFileOf = (file) => Object.keys(RUN_EDITS).find((f) => file.split(path.sep).join('/').endsWith(`/node_modules/${f}`));

/** Bundles micromark with consumeRuns; warns and keeps a file as it is when its source has another shape. */
export const micromarkRuns = sourcePatch({
  name: 'micromark-runs',
  filter: /[\\/]micromark(-core-commonmark)?[\\/]lib[\\/](create-tokenizer|content|initialize[\\/](text|content|document))\.js$/,
  // null: not a file this patch edits (bundled as it is, without a warning).
  edit: (source, file) => {
    const run = runFileOf(file);
    return run ? consumeRuns(run, source) : null;
  },
  what: (file) => runFileOf(file),
});
