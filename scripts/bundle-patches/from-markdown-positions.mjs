// mdast-util-from-markdown, patched in the CLI bundle: source positions only on the node types a caller reads.
//
// The compiler gives every node a position: an object and two points, made as the node is entered and left. The
// build reads the source line of a few node types only (links, code, headings: see body-facts.ts), drops every
// position from the HTML tree, and keeps each body's tree until its page is rendered, so those objects live long
// enough to be copied by the young generation's collections. With `positions` (a Set of node types) in
// remark-parse's options, the bundled compiler gives positions to those types alone; without it, to every node, as
// published. Text nodes are the most common by far: with `positions` they get one only if 'text' is in the set.
const ENTER = '    node.position = {\n      start: point(token.start),';
const EXIT = '    node.position.end = point(token.end);\n  }';
const TEXT = '      tail = text();\n      tail.position = {\n        start: point(token.start),';
const TAIL_END = 'tail.position.end = point(token.end);';
const CONFIGURE = '  configure(config, (options || {}).mdastExtensions || []);\n';

/**
 * mdast-util-from-markdown's lib/index.js giving positions only to the node types in `options.positions` when the
 * compiler is made with it, or undefined when the source is not the shape this was written for.
 */
export function positionsAsked(source) {
  const once = (part) => source.split(part).length === 2;
  if (!once(ENTER) || !once(EXIT) || !once(TEXT) || !once(CONFIGURE) || source.split(TAIL_END).length !== 4 || source.includes('positioned')) return undefined;
  return source
    .replace(CONFIGURE, `${CONFIGURE}  const positioned = (options || {}).positions;\n`)
    .replace(ENTER, ENTER.replace('node.position =', 'if (!positioned || positioned.has(node.type)) node.position ='))
    .replace(EXIT, EXIT.replace('node.position.end', 'if (node.position) node.position.end'))
    .replace(TEXT, TEXT.replace('tail.position =', "if (!positioned || positioned.has('text')) tail.position ="))
    .replaceAll(TAIL_END, `if (tail.position) ${TAIL_END}`);
}
