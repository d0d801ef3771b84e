/**
 * The CLI bundle's visitParents (src/generator/markdown/visit-parents.ts) against unist-util-visit-parents itself:
 * the same random trees walked by the same random visitors (CONTINUE, SKIP, EXIT, index jumps, nodes replaced,
 * inserted and removed, exit visitors, tests, reverse order) give the same calls, in the same order, and the same
 * trees; bad arguments give the same errors.
 */
import { describe, expect, it } from 'vitest';
import * as original from 'unist-util-visit-parents';
import * as ours from '../../src/generator/markdown/visit-parents.js';
// The corpus generator's seeded PRNG, as other generated tests use it.
import { prng as mulberry32 } from '../../scripts/corpus.mjs';

type Node = { type: string; tagName?: string; value?: string; children?: Node[] };
type Impl = typeof ours;

const TYPES = ['root', 'element', 'text', 'paragraph', 'code'];

function randomTree(rng: () => number, depth: number): Node {
  const type = depth === 0 ? 'root' : TYPES[1 + Math.floor(rng() * (TYPES.length - 1))]!;
  if (depth > 3 || (depth > 0 && rng() < 0.35)) return { type: type === 'root' ? 'text' : type, value: `v${Math.floor(rng() * 100)}` };
  const n = Math.floor(rng() * 5);
  return { type, ...(type === 'element' ? { tagName: rng() < 0.5 ? 'span' : 'code' } : {}), children: Array.from({ length: n }, () => randomTree(rng, depth + 1)) };
}

/** A visitor plan: what to do at the k-th call, decided from a seed so both implementations get the same plan. */
function plannedVisitor(seed: number, log: unknown[], tag: string) {
  const rng = mulberry32(seed);
  let calls = 0;
  return (node: Node, parents: Node[], index?: number): unknown => {
    calls++;
    log.push([tag, node.type, node.value ?? node.tagName, parents.length, index]);
    if (calls > 400) return ours.EXIT;
    const r = rng();
    const parent = parents[parents.length - 1];
    if (r < 0.05) return ours.EXIT;
    if (r < 0.15 && tag === 'enter') return ours.SKIP;
    if (r < 0.22 && parent && index !== undefined) {
      // Replace this node by two and go on after them, as find-and-replace does.
      parent.children!.splice(index, 1, { type: 'text', value: 'a' }, { type: 'text', value: 'b' });
      return index + 2;
    }
    if (r < 0.27 && parent && index !== undefined) {
      parent.children!.splice(index, 1);
      return index;
    }
    if (r < 0.3 && parent) {
      parent.children = [...parent.children!, { type: 'text', value: 'added' }];
      return undefined;
    }
    if (r < 0.34 && index !== undefined) return [ours.CONTINUE, index + 1];
    if (r < 0.37) return null;
    return r < 0.5 ? ours.CONTINUE : undefined;
  };
}

/** Runs one case with `impl`; the log of every call and the tree after the walk. */
function run(impl: Impl, tree: Node, seed: number, form: number): { log: unknown[]; tree: Node } {
  const copy = structuredClone(tree);
  const log: unknown[] = [];
  const enter = plannedVisitor(seed, log, 'enter');
  const exit = plannedVisitor(seed + 1, log, 'exit');
  const visit = impl.visitParents as unknown as (...args: unknown[]) => void;
  try {
    if (form === 0) visit(copy, enter);
    else if (form === 1) visit(copy, enter, true);
    else if (form === 2) visit(copy, 'text', enter);
    else if (form === 3) visit(copy, (n: Node) => n.type !== 'paragraph', enter, true);
    else if (form === 4) visit(copy, { enter, exit });
    else visit(copy, 'element', { exit }, true);
  } catch (e) {
    log.push(['threw', (e as Error).message]);
  }
  return { log, tree: copy };
}

describe('the bundle visitParents', () => {
  it('walks 3,000 random trees with random visitors exactly as unist-util-visit-parents does', () => {
    const rng = mulberry32(20261125);
    let calls = 0;
    for (let i = 0; i < 3000; i++) {
      const tree = randomTree(rng, 0);
      const seed = Math.floor(rng() * 2 ** 31);
      const form = i % 6;
      const want = run(original as unknown as Impl, tree, seed, form);
      const got = run(ours, tree, seed, form);
      expect(got, `case ${i}, form ${form}`).toEqual(want);
      calls += want.log.length;
    }
    expect(calls).toBeGreaterThan(10_000);
  });

  it('has the same constants and rejects bad arguments with the same errors', () => {
    expect([ours.CONTINUE, ours.EXIT, ours.SKIP]).toEqual([original.CONTINUE, original.EXIT, original.SKIP]);
    const cases: unknown[][] = [[null, () => undefined], [{ type: 'root' }, 'x', 5], [{ type: 'root' }, { enter: 5, exit: () => undefined }], [{ type: 'root' }, { enter: () => undefined }], [{ type: 'root', children: [{ type: 'x' }] }, { exit: () => ours.SKIP }]];
    for (const args of cases) {
      const message = (impl: Impl) => {
        try {
          (impl.visitParents as unknown as (...a: unknown[]) => void)(...args);
          return 'no error';
        } catch (e) {
          return (e as Error).message;
        }
      };
      expect(message(ours)).toBe(message(original as unknown as Impl));
    }
  });
});
