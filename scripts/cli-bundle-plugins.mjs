// The esbuild plugins of the CLI bundle (scripts/build-cli.mjs), one file each in scripts/bundle-patches/: each
// swaps one dependency's slow part for an equivalent one. Tests bundle with the same plugins and compare against
// the packages as published (tests/unit/markdown-bundle-patches.test.ts, tests/unit/chokidar-listing.test.ts,
// tests/unit/js-yaml-no-esprima.test.ts and the tests the files name).
import { chokidarListing } from './bundle-patches/chokidar-listing.mjs';
import { sharedCompileContext } from './bundle-patches/from-markdown-context.mjs';
import { jsYamlNoEsprima } from './bundle-patches/js-yaml-no-esprima.mjs';
import { micromarkCombineOnce } from './bundle-patches/micromark-combine-once.mjs';
import { micromarkRuns } from './bundle-patches/micromark-runs.mjs';
import { subtokenizeJumpMaps } from './bundle-patches/subtokenize-jumps.mjs';
import { micromarkPostprocess, prettyCodeParse, shikiOnDemand, visitParents } from './bundle-patches/swapped-packages.mjs';

export { skipListingOnChange } from './bundle-patches/chokidar-listing.mjs';
export { compileOnce, shareCompileContext } from './bundle-patches/from-markdown-context.mjs';
export { positionsAsked } from './bundle-patches/from-markdown-positions.mjs';
export { withoutEsprima } from './bundle-patches/js-yaml-no-esprima.mjs';
export { combineOnce } from './bundle-patches/micromark-combine-once.mjs';
export { consumeRuns } from './bundle-patches/micromark-runs.mjs';
export { mapSubtokenizeJumps } from './bundle-patches/subtokenize-jumps.mjs';

/** Every plugin of the CLI bundle, in order. */
export const cliBundlePlugins = [prettyCodeParse, shikiOnDemand, visitParents, micromarkPostprocess, sharedCompileContext, subtokenizeJumpMaps, micromarkRuns, micromarkCombineOnce, chokidarListing, jsYamlNoEsprima];
