// Dependencies the CLI bundle swaps for a file of the project that does the same job faster.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A file path, not a URL's pathname: a checkout under a folder with a space or non-ASCII name stays readable.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// The installed package's files, never the project's own (a checkout in a folder of that name included).
const FROM_PRETTY_CODE = /[\\/]node_modules[\\/]rehype-pretty-code[\\/]/;

/** rehype-pretty-code parses the HTML of each block it highlights; in the bundle its parser takes the tree the
 * project's highlighter made that HTML from (src/generator/highlight/pretty-code-parse.ts). */
export const prettyCodeParse = {
  name: 'pretty-code-parse',
  setup(build) {
    build.onResolve({ filter: /^rehype-parse$/ }, (args) =>
      FROM_PRETTY_CODE.test(args.importer) ? { path: path.join(ROOT, 'src/generator/highlight/pretty-code-parse.ts') } : undefined,
    );
  },
};

/** rehype-pretty-code imports `shiki` for a default highlighter the project replaces: Shiki's whole bundle (its
 * languages, themes and JavaScript regex engine) loaded by every thread that renders Markdown. The bundle points
 * that import at a shim that imports Shiki when first called (src/generator/highlight/shiki-on-demand.ts). */
export const shikiOnDemand = {
  name: 'shiki-on-demand',
  setup(build) {
    build.onResolve({ filter: /^shiki$/ }, (args) =>
      FROM_PRETTY_CODE.test(args.importer) ? { path: path.join(ROOT, 'src/generator/highlight/shiki-on-demand.ts') } : undefined,
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

/** micromark's postprocess copies a document's events four times a pass, for a pass per level of nesting and one
 * more; the bundle gets the same passes streamed (src/generator/markdown/micromark-postprocess.ts). */
export const micromarkPostprocess = {
  name: 'micromark-postprocess',
  setup(build) {
    build.onResolve({ filter: /^\.\/lib\/postprocess\.js$/ }, (args) =>
      /[\\/]micromark[\\/](dev[\\/])?(index|stream)\.js$/.test(args.importer) ? { path: path.join(ROOT, 'src/generator/markdown/micromark-postprocess.ts') } : undefined,
    );
  },
};
