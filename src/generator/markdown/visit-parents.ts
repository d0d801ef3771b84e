/**
 * unist-util-visit-parents (6.x) for the CLI bundle: the same walk, arguments, visitor results and errors, without
 * the per-node work the package does for debugging. It names a fresh closure after every node it visits
 * (`Object.defineProperty(fn, 'name', ...)` with a coloured label), which on a cold build of documentation-like
 * pages was a tenth of each thread's time: its callers (remark-gfm's autolinks, remark-rehype, rehype-pretty-code)
 * walk every node of every page. scripts/build-cli.mjs points the bundle's imports of the package here; a test
 * runs both on the same random trees and visitors and compares every call, result and tree.
 */
import { convert, type Test } from 'unist-util-is';

/** Continue the walk (a visitor may also return nothing). */
export const CONTINUE = true;
/** Stop the walk. */
export const EXIT = false;
/** Do not walk this node's children (only when entering it). */
export const SKIP = 'skip';

type Node = { type: string; children?: Node[] };
type Action = typeof CONTINUE | typeof EXIT | typeof SKIP;
type Result = [Action?, number?];
type Visitor = (node: Node, parents: Node[], index?: number) => unknown;
type Visitors = { enter?: Visitor | null; exit: Visitor };

const EMPTY: Result = [];

/** A visitor's return value as [action, index]. */
function toResult(value: unknown): Result {
  if (Array.isArray(value)) return value as Result;
  if (typeof value === 'number') return [CONTINUE, value];
  return value === null || value === undefined ? EMPTY : [value as Action];
}

/** The enter and exit visitors of `visitors`, or the package's error for what it does not accept. */
function visitorsOf(visitors: unknown): { enter?: Visitor; exit?: Visitor } {
  if (typeof visitors === 'function') return { enter: visitors as Visitor };
  if (!visitors || typeof visitors !== 'object') throw new Error(`Unexpected value \`${String(visitors)}\` for \`enter\` or \`visitors\`, expected visitor or object with visitors`);
  const { enter, exit } = visitors as Visitors;
  if (enter !== null && enter !== undefined && typeof enter !== 'function') throw new Error(`Unexpected value \`${String(enter)}\` for \`visitors.enter\`, expected optional visitor`);
  if (typeof exit !== 'function') throw new Error(`Unexpected value \`${String(exit)}\` for \`visitors.exit\`, expected visitor (pass a visitor directly if you only want an enter visitor)`);
  return { enter: enter ?? undefined, exit };
}

/**
 * Walks `tree` depth-first, preorder (or reverse preorder), calling the enter visitor (and the exit one, after
 * the children) with each node that passes `test`, its ancestors and its index; a visitor may return CONTINUE,
 * SKIP, EXIT, an index to go on from, or [action, index].
 */
export function visitParents(tree: Node, testOrVisitors: unknown, visitorsOrReverse?: unknown, reverse?: boolean): void {
  if (!tree || typeof tree !== 'object') throw new Error(`Unexpected value \`${String(tree)}\` for \`tree\`, expected node`);
  let preorder = true;
  let check: Test | undefined;
  let visitors: unknown;
  // Third parameter is a visitor or visitors: the second is a test.
  if (typeof visitorsOrReverse === 'function' || (visitorsOrReverse && typeof visitorsOrReverse === 'object')) {
    check = testOrVisitors as Test;
    visitors = visitorsOrReverse;
    if (reverse) preorder = false;
  } else {
    visitors = testOrVisitors;
    if (visitorsOrReverse) preorder = false;
  }
  const { enter, exit } = visitorsOf(visitors);
  const is = convert(check);
  const step = preorder ? 1 : -1;

  const visit = (node: Node, index: number | undefined, parents: Node[]): Result => {
    const matches = !check || is(node, index, (parents[parents.length - 1] || undefined) as Parameters<typeof is>[2]);
    let result = EMPTY;
    if (enter && matches) {
      result = toResult(enter(node, parents, index));
      if (result[0] === EXIT) return result;
    }
    if ('children' in node && node.children && result[0] !== SKIP) {
      // node.children is read anew each step: a visitor may replace the list as well as change it.
      let offset = (preorder ? -1 : node.children.length) + step;
      const grandparents = [...parents, node];
      while (offset > -1 && offset < node.children.length) {
        const sub = visit(node.children[offset]!, offset, grandparents);
        if (sub[0] === EXIT) return sub;
        offset = typeof sub[1] === 'number' ? sub[1] : offset + step;
      }
    }
    if (exit && matches) {
      const after = toResult(exit(node, parents, index));
      if (after[0] === SKIP) throw new Error(`Unexpected value \`${String(after[0])}\` from \`exit\`, expected \`CONTINUE\`, \`EXIT\`, index, or nothing`);
      // A result from exit wins over one from enter.
      if (after[0] === EXIT || typeof after[1] === 'number') return after;
    }
    return result;
  };
  visit(tree, undefined, []);
}
