/** Types of scripts/bench-eleventy.mjs, for the test of its copies. */

/** The Eleventy copy of `root`'s tutorials under `scratch` (made, or made again when the content changed); its folder. */
export function eleventyProject(root: string, scratch?: string): string;
/** Wall times (ms) of `runs` whole-process Eleventy builds of `root`'s tutorials, each from an empty output. */
export function eleventyBuilds(root: string, o?: { runs?: number; log?: (line: string) => void }): number[];
/** Installs Eleventy into the scratch folder unless it is there; returns the path of its command. */
export function installEleventy(log?: (line: string) => void): string;
