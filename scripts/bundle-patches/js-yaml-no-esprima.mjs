// js-yaml 3 (gray-matter's YAML parser), patched in the CLI bundle: esprima is not loaded.
import { sourcePatch } from './source-patch.mjs';

// js-yaml's !!js/function type requires esprima when the module loads, for every thread that parses front matter:
// 10-20 ms of each build on a 2-core machine, for a 280 kB parser no build uses. gray-matter parses YAML with
// safeLoad, whose schema has no !!js/function; the full schema's type then cannot resolve a function (as in a
// browser build of js-yaml, which has no esprima either).
const LOAD_ESPRIMA = "esprima = _require('esprima');";

/** js-yaml's type/js/function.js without its esprima require, or undefined when the source has another shape. */
export function withoutEsprima(source) {
  if (source.split(LOAD_ESPRIMA).length !== 2) return undefined;
  return source.replace(LOAD_ESPRIMA, '/* esprima left out: see scripts/bundle-patches/js-yaml-no-esprima.mjs */');
}

/** Bundles js-yaml's !!js/function type with withoutEsprima; warns and keeps it as it is otherwise. */
export const jsYamlNoEsprima = sourcePatch({
  name: 'js-yaml-no-esprima',
  filter: /[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/,
  edit: withoutEsprima,
  what: () => 'js-yaml/lib/js-yaml/type/js/function.js',
  slower: 'each build loads esprima',
});
