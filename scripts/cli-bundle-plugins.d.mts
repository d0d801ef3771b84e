/** Types of scripts/cli-bundle-plugins.mjs, for the tests that bundle as the CLI does. */
import type { Plugin } from 'esbuild';

/** mdast-util-from-markdown's lib/index.js with its compile loop reusing one context object, or undefined. */
export function shareCompileContext(source: string): string | undefined;
/** mdast-util-from-markdown's lib/index.js building one compiler per list of extensions, or undefined. */
export function compileOnce(source: string): string | undefined;
/** mdast-util-from-markdown's lib/index.js giving positions only to the node types in `options.positions`, or undefined. */
export function positionsAsked(source: string): string | undefined;
/** micromark-util-subtokenize's index.js with its jumps in Maps, or undefined. */
export function mapSubtokenizeJumps(source: string): string | undefined;
/** A file of micromark (`micromark/lib/...`, `micromark-core-commonmark/lib/content.js`) consuming runs of data at once, or undefined. */
export function consumeRuns(file: string, source: string): string | undefined;
/** micromark's lib/parse.js merging its extensions once per list, or undefined. */
export function combineOnce(source: string): string | undefined;
/** js-yaml's lib/js-yaml/type/js/function.js without its esprima require, or undefined. */
export function withoutEsprima(source: string): string | undefined;
/** chokidar's handler.js listing a folder again only when its entries may have changed, or undefined. */
export function skipListingOnChange(source: string): string | undefined;
/** Every plugin of the CLI bundle, in order. */
export const cliBundlePlugins: Plugin[];
