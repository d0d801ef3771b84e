// The shape of most of the CLI bundle's patches: an esbuild plugin that edits one dependency's file as it is
// loaded, and bundles it as it is, with a warning, when the file has another shape than the edit was written for
// (another version of the package): the bundle is then correct, only slower.
import fs from 'node:fs';

/**
 * An esbuild plugin named `name` that loads each file matching `filter` through `edit(source, path)`: its result is
 * bundled; undefined bundles the file as it is and warns that `what(path)` has another shape, and what is then slower
 * (`slower`); null leaves the file to esbuild (one the patch does not edit).
 */
export function sourcePatch({ name, filter, edit, what, slower = 'Markdown parses slower' }) {
  return {
    name,
    setup(build) {
      build.onLoad({ filter }, (args) => {
        const source = fs.readFileSync(args.path, 'utf8');
        const edited = edit(source, args.path);
        if (edited === null) return undefined;
        if (edited === undefined) return { contents: source, loader: 'js', warnings: [{ text: `${what(args.path)} has another shape: bundled as it is (${slower})` }] };
        return { contents: edited, loader: 'js' };
      });
    },
  };
}
