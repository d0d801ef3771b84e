// Compares two built out/ folders file by file and prints every kind of difference it finds:
//   node scripts/compare-builds.mjs BEFORE AFTER [--ignore-asset-hashes] [--ignore-quote-escapes]
// --ignore-asset-hashes: content hashes in asset names (assets/Name-HASH.js, chunk-HASH.js, site-HASH.css) are
//   compared as equal. --ignore-quote-escapes: `&quot;` and `"` are compared as equal (code blocks escape `"`).
// Exit code 0 when nothing else differs, 1 otherwise.
import fs from 'node:fs';
import path from 'node:path';

const [a, b, ...flags] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: node scripts/compare-builds.mjs BEFORE AFTER [--ignore-asset-hashes] [--ignore-quote-escapes]');
  process.exit(2);
}
const hashes = flags.includes('--ignore-asset-hashes');
const quotes = flags.includes('--ignore-quote-escapes');

/** Every file under `dir` by relative name (asset hashes blanked when asked: then a name may stand for several files). */
function files(dir) {
  const out = new Map();
  for (const f of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue;
    const rel = path.relative(dir, path.join(f.parentPath, f.name)).split(path.sep).join('/');
    const name = hashes ? blankHashes(rel) : rel;
    out.set(name, [...(out.get(name) ?? []), path.join(dir, rel)]);
  }
  return out;
}

/** A name or text with esbuild's content hashes replaced by "HASH". */
function blankHashes(s) {
  // Also a chunk's imports of its sibling chunks ("./chunk-HASH.js").
  return s.replace(/(assets\/(?:[A-Za-z]+-|chunk-|search-)|\.\/chunk-)[A-Za-z0-9]{8,10}(\.(?:js|css|json))/g, '$1HASH$2');
}

/** A file's text as compared. */
function normal(file) {
  const buf = fs.readFileSync(file);
  if (!/\.(html|xml|txt|json|js|css|_redirects|_headers)$|\/_(redirects|headers)$/.test(file)) return buf.toString('base64');
  let s = buf.toString('utf8');
  if (hashes) s = blankHashes(s);
  if (quotes) s = s.replaceAll('&quot;', '"');
  return s;
}

/** The compared contents of the files a name stands for, in a stable order. */
const contents = (list) => list.map(normal).sort().join('\0');

const before = files(a);
const after = files(b);
const kinds = new Map();
const note = (kind, file) => (kinds.get(kind) ?? kinds.set(kind, []).get(kind)).push(file);
for (const [rel, file] of before) {
  // `file` is the list of files this name stands for.
  if (!after.has(rel)) note('only in BEFORE', rel);
  else if (contents(file) !== contents(after.get(rel))) note('content differs', rel);
}
for (const rel of after.keys()) if (!before.has(rel)) note('only in AFTER', rel);
const count = (m) => [...m.values()].reduce((n, l) => n + l.length, 0);
console.log(`${count(before)} files before, ${count(after)} after${hashes ? ', asset hashes ignored' : ''}${quotes ? ', &quot; = "' : ''}`);
if (!kinds.size) console.log('identical');
for (const [kind, list] of kinds) console.log(`${kind}: ${list.length} file(s), e.g. ${list.slice(0, 5).join(', ')}`);
process.exitCode = kinds.size ? 1 : 0;
