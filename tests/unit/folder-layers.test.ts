/**
 * The generator's folders import one way (README, "Architecture"): each folder, and each file at the top of
 * src/generator/, imports only what stands on its own layer or below, so no folder imports one that imports it
 * back. Every import counts, `import type` and `import()` included: a loop of types is still a loop to a reader.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve('src');
const GENERATOR = path.join(SRC, 'generator');

/** From the ground up; a part may import parts of its own layer's index or lower, never higher. */
const LAYERS: string[][] = [
  ['problems', 'package', 'highlight', 'site', 'build-options.ts'],
  ['cache', 'content', 'report', 'serve'],
  ['markdown', 'bundle', 'output'],
  ['verify'],
  ['store'],
  ['render'],
  ['workers'],
  ['pipeline.ts', 'dev'],
  ['cli', 'cli.ts'],
];
const layerOf = new Map(LAYERS.flatMap((parts, i) => parts.map((p) => [p, i] as const)));

/** Every TypeScript file under `dir`. */
function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.[cm]?[jt]sx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The part a source file belongs to: `site`, a folder of src/generator/, or a file at its top. */
function partOf(file: string): string {
  const rel = path.relative(SRC, file).split(path.sep);
  if (rel[0] === 'site') return 'site';
  return rel[1]!;
}

/** The files a source file imports by a relative path (static, `import type`, re-exports and `import()`). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm)) {
    const spec = m[2]!;
    const base = path.resolve(path.dirname(file), spec);
    const found = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base].find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
    if (!found) throw new Error(`${path.relative('.', file)} imports ${spec}, which is not a file`);
    out.push(found);
  }
  return out;
}

/** Every import from one part to another, `from -> to`, with the first file that makes it. */
function partImports(files: readonly string[]): Map<string, string> {
  const edges = new Map<string, string>();
  for (const file of files) {
    for (const target of importsOf(file)) {
      const edge = `${partOf(file)} -> ${partOf(target)}`;
      if (partOf(target) !== partOf(file) && !edges.has(edge)) edges.set(edge, `${path.relative(SRC, file)} imports ${path.relative(SRC, target)}`);
    }
  }
  return edges;
}

describe('the generator folders', () => {
  const files = [...sources(GENERATOR), ...sources(path.join(SRC, 'site'))];

  it('each stand on a layer', () => {
    const parts = [...new Set(files.map(partOf))].sort();
    expect(parts.filter((p) => !layerOf.has(p))).toEqual([]);
    expect([...layerOf.keys()].filter((p) => !parts.includes(p))).toEqual([]);
  });

  it('import only their own layer and those below', () => {
    // The reading of imports is checked on files whose imports are known: cli.ts reaches the pipeline through
    // run-build.ts's import(), and the pool's types come in by `import type`.
    expect(importsOf(path.join(GENERATOR, 'cli', 'run-build.ts'))).toContain(path.join(GENERATOR, 'pipeline.ts'));
    expect(importsOf(path.join(GENERATOR, 'workers', 'tutorial-pages.ts'))).toContain(path.join(GENERATOR, 'workers', 'page-pool.ts'));
    const upward = [...partImports(files)].filter(([edge]) => {
      const [from, to] = edge.split(' -> ') as [string, string];
      return !layerOf.has(to) || layerOf.get(to)! > layerOf.get(from)!;
    });
    expect(upward.map(([edge, example]) => `${edge}: ${example}`)).toEqual([]);
  });

  it('on one layer, import each other without a loop', () => {
    const edges = partImports(files);
    const next = new Map<string, string[]>();
    for (const edge of edges.keys()) {
      const [from, to] = edge.split(' -> ') as [string, string];
      next.set(from, [...(next.get(from) ?? []), to]);
    }
    const loops: string[] = [];
    const done = new Set<string>();
    const walk = (part: string, trail: string[]) => {
      if (trail.includes(part)) {
        const loop = [...trail.slice(trail.indexOf(part)), part];
        return void loops.push(loop.slice(1).map((to, i) => `${loop[i]} -> ${to} (${edges.get(`${loop[i]} -> ${to}`)})`).join('; '));
      }
      if (done.has(part)) return;
      for (const to of next.get(part) ?? []) walk(to, [...trail, part]);
      done.add(part);
    };
    for (const part of next.keys()) walk(part, []);
    expect(loops).toEqual([]);
  });
});
