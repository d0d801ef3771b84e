/** A plain depth-first walk of a unist tree (unist-util-visit allocates per node). */

/** The shape the walk needs of a node. */
export type AnyNode = { type: string; position?: unknown; children?: AnyNode[] };

/** Calls `f` on every node of a tree, parents first; `f` returning false skips that node's children. */
export function walk<N extends AnyNode>(node: N, f: (node: N, parent: N | undefined, index: number) => boolean | void, parent?: N, index = 0): void {
  if (f(node, parent, index) === false) return;
  const children = node.children as N[] | undefined;
  if (children) for (let i = 0; i < children.length; i++) walk(children[i]!, f, node, i);
}
