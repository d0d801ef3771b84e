// chokidar, patched in the CLI bundle: a folder is listed again only when its list of entries may have changed.
import { sourcePatch } from './source-patch.mjs';

// chokidar watches each folder and each file in it. Any event of a folder's watcher listed the folder again, with
// an lstat per entry (at most once a second): a save in place in a folder of 4,000 bodies cost `reactsite dev`
// 4,000 lstats, and the page request and morph that followed the save waited behind them. fs.watch names a change
// of an entry's content or attributes "change" (on Linux, inotify's IN_MODIFY or IN_ATTRIB with nothing else; so do
// libuv's macOS and Windows watchers), and anything that adds, removes or renames an entry "rename". On "change" for
// an entry the folder's list is the same: the entry's own watcher (and the broadcast kept below) reports the change,
// and the listing is left out. A file's own watcher names the file itself, and still calls its listener.
const HANDLE_EVENT = /const handleEvent = \(rawEvent, evPath\) => \{(\s*)listener\(path\);/g;

/** chokidar's handler.js with the listing left out on "change" of an entry, or undefined for another shape. */
export function skipListingOnChange(source) {
  if ((source.match(HANDLE_EVENT)?.length ?? 0) !== 1 || !/\bimport \* as sysPath from 'path'|\bconst sysPath = require\("path"\)/.test(source)) return undefined;
  return source.replace(HANDLE_EVENT, "const handleEvent = (rawEvent, evPath) => {$1if (!(rawEvent === 'change' && evPath && evPath !== sysPath.basename(path))) listener(path);");
}

/** Bundles chokidar's handler with skipListingOnChange; warns and keeps the package as it is otherwise. */
export const chokidarListing = sourcePatch({
  name: 'chokidar-listing',
  filter: /[\\/]chokidar[\\/](esm[\\/])?handler\.js$/,
  edit: skipListingOnChange,
  what: () => 'chokidar',
  slower: 'dev lists a folder again at every save in it',
});
