/**
 * The CLI bundle's Markdown packages as its plugins rewrite them (scripts/bundle-patches/, listed in
 * scripts/cli-bundle-plugins.mjs: mdast-util-from-markdown's one compiler per processor and compile loop reusing
 * one context object, micromark-util-subtokenize's jumps in Maps, micromark's loops consuming runs of data at
 * once, its extensions merged once, its postprocess passes streamed, positions only where asked) against the
 * packages as published: remark-parse + remark-gfm bundled with the bundle's plugins give the same trees,
 * positions included, for the site, the synthetic corpora and random texts of nested Markdown constructs; asked
 * for the positions of some node types only, the same trees with no position on any other.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBundlePlugins, combineOnce, compileOnce, consumeRuns, mapSubtokenizeJumps, positionsAsked, shareCompileContext } from '../../scripts/cli-bundle-plugins.mjs';
import { POSITIONED_TYPES } from '../../src/generator/markdown/body-facts.js';
import { markdownSources } from '../helpers/markdown-sources.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-bundle-patches-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Parse = (source: string) => unknown;
let bundled: Parse;
let bundledPlain: Parse;
let bundledPositioned: Parse;
let fromMarkdown: (source: string, options: { mdastExtensions: unknown[]; positions?: ReadonlySet<string> }) => unknown;
let bundleText = '';
const published: Parse = (() => {
  const p = unified().use(remarkParse).use(remarkGfm);
  return (source) => p.runSync(p.parse(source));
})();

beforeAll(async () => {
  const out = path.join(tmp, 'bundle.mjs');
  await esbuild.build({
    stdin: {
      contents: "export { unified } from 'unified'; export { default as remarkParse } from 'remark-parse'; export { default as remarkGfm } from 'remark-gfm'; export { fromMarkdown } from 'mdast-util-from-markdown';",
      resolveDir: ROOT,
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    mainFields: ['module', 'main'],
    outfile: out,
    plugins: cliBundlePlugins,
    logLevel: 'silent',
  });
  bundleText = fs.readFileSync(out, 'utf8');
  const m = await import(pathToFileURL(out).href);
  const p = m.unified().use(m.remarkParse).use(m.remarkGfm);
  bundled = (source) => p.runSync(p.parse(source));
  const plain = m.unified().use(m.remarkParse);
  bundledPlain = (source) => plain.runSync(plain.parse(source));
  const positioned = m.unified().use(m.remarkParse, { positions: POSITIONED_TYPES }).use(m.remarkGfm);
  bundledPositioned = (source) => positioned.runSync(positioned.parse(source));
  fromMarkdown = m.fromMarkdown;
});

/** `tree` (JSON) without the positions of the node types not in `kept` (the root keeps its own). */
function onlyPositionsOf(tree: string, kept: ReadonlySet<string>): string {
  const strip = (node: { type?: string; position?: unknown; children?: unknown[] }): void => {
    if (node.type !== 'root' && !kept.has(node.type!)) delete node.position;
    for (const child of node.children ?? []) strip(child as typeof node);
  };
  if (tree.startsWith('throws')) return tree;
  const root = JSON.parse(tree) as Parameters<typeof strip>[0];
  strip(root);
  return JSON.stringify(root);
}

/** The tree as JSON, or the error it throws. */
function tree(parse: Parse, source: string): string {
  try {
    return JSON.stringify(parse(source));
  } catch (e) {
    return `throws: ${(e as Error).message}`;
  }
}

// Block and inline constructs that nest (lists in quotes, links in table cells, footnotes holding lists), so that
// events come from the document's tokenizer and from the child tokenizers of its content, text and strings.
const PIECES = ['\n', '\n\n', '  ', '    ', '> ', '- ', '* ', '1. ', '2) ', '- [ ] ', '- [x] ', '# ', '## ', 'Title\n===\n', '---\n', '```js\n', '```\n', '~~~\n', 'a', 'word ', '`code`', '``x`y``', '*em*', '**strong**', '_u_', '~~del~~', '[link](/a "t")', '[ref][r]', '[r]: /url "title"\n', '![img](/i.png)', '<https://a.b>', 'https://x.dev/p', 'www.example.com', 'a@b.co', '[^1]', '[^1]: note\n', '| a | b |\n', '| --- | :-: |\n', '|', '&amp;', '&#64;', '\\*', '<div>\n', '</div>', '<span>', 'Setext\n---\n', '\t', '\r\n', '\r', '\0', 'é', '😀', 'x*y', 'w3.org'];

describe('the bundle’s rewritten Markdown packages', () => {
  it('apply to the installed mdast-util-from-markdown and micromark-util-subtokenize, and are in the bundle', () => {
    const source = fs.readFileSync(path.join(ROOT, 'node_modules/mdast-util-from-markdown/lib/index.js'), 'utf8');
    expect(shareCompileContext(source)).toContain('sharedContext.sliceSerialize = events[index][2].sliceSerialize');
    // Each document gets its own compile data, as it did with its own compiler.
    expect(compileOnce(source)).toContain('return compilerOnce(options)(');
    expect(compileOnce(source)).toContain('function compile(events) {\n    const data = {};');
    expect(positionsAsked(source)).toContain('if (!positioned || positioned.has(node.type)) node.position = {');
    expect(positionsAsked(source)!.match(/if \(tail\.position\) tail\.position\.end = /g)).toHaveLength(3);
    for (const file of ['index.js', 'dev/index.js']) {
      const jumps = mapSubtokenizeJumps(fs.readFileSync(path.join(ROOT, 'node_modules/micromark-util-subtokenize', file), 'utf8'));
      expect(jumps, file).toContain('while (jumps.has(index))');
      expect(jumps, file).not.toMatch(/\bin jumps\b|Object\.assign/);
    }
    expect(bundleText).toContain('sharedContext.sliceSerialize');
    expect(bundleText).toMatch(/return compilerOnce\(options\d*\)\(/);
    expect(bundleText).toMatch(/positioned\d*\.has\(node\d*\.type\)/);
    expect(bundleText).toMatch(/while \(jumps\d*\.has\(index\d*\)\)/);
    for (const file of ['micromark/lib/create-tokenizer.js', 'micromark/lib/initialize/text.js', 'micromark/lib/initialize/content.js', 'micromark/lib/initialize/document.js', 'micromark-core-commonmark/lib/content.js']) {
      expect(consumeRuns(file, fs.readFileSync(path.join(ROOT, 'node_modules', file), 'utf8')), file).toContain('consumeRun');
    }
    // The tokenizer's method and the four loops that call it.
    expect(bundleText).toContain('function consumeRun(accept)');
    expect(bundleText.match(/effects\d*\.consumeRun\?\.\(/g)).toHaveLength(4);
    expect(combineOnce(fs.readFileSync(path.join(ROOT, 'node_modules/micromark/lib/parse.js'), 'utf8'))).toContain('combinedOnce(settings.extensions');
    expect(bundleText).toMatch(/combinedOnce\(settings\d*\.extensions/);
    // micromark's postprocess is the project's (its events are compared in micromark-postprocess.test.ts).
    expect(bundleText).toContain('function expandPass(');
    expect(bundleText).not.toContain('node_modules/micromark/lib/postprocess.js');
  });

  it('leave a version of another shape as it is', () => {
    expect(mapSubtokenizeJumps('const jumps = {}; while (index in jumps) { index = jumps[index] }; jumps[0] = 1')).toBeUndefined();
    expect(shareCompileContext('const x = 1')).toBeUndefined();
    expect(compileOnce('return compiler(options)(postprocess(x))')).toBeUndefined();
    expect(positionsAsked('    node.position = {\n      start: point(token.start),')).toBeUndefined();
    expect(combineOnce('const constructs = combineExtensions(settings.extensions)')).toBeUndefined();
    expect(consumeRuns('micromark/lib/initialize/document.js', 'effects.consume(code);\n    return start;')).toBeUndefined();
  });

  it('keeps a compiler made for some positions apart from one made for all, on the same extensions', () => {
    const source = 'A [link](/x) and `code` in *text*.\n';
    const extensions: unknown[] = [];
    const all = JSON.stringify(fromMarkdown(source, { mdastExtensions: extensions }));
    const some = JSON.stringify(fromMarkdown(source, { mdastExtensions: extensions, positions: new Set(['link']) }));
    expect(JSON.stringify(fromMarkdown(source, { mdastExtensions: extensions }))).toBe(all);
    expect(all.match(/"position"/g)).toHaveLength(11);
    // The root and the link alone, not the link's text, nor the paragraph around it.
    expect(some.match(/"position"/g)).toHaveLength(2);
    expect(some).toContain('"type":"link","title":null,"url":"/x","children":[{"type":"text","value":"link"}],"position":{"start":{"line":1,"column":3,"offset":2}');
  });

  it('keeps each processor’s extensions apart', () => {
    const table = '| a |\n| - |\n\n~~gone~~ www.example.com';
    const withGfm = tree(bundled, table);
    expect(withGfm).toContain('"type":"table"');
    expect(tree(bundledPlain, table)).toBe(JSON.stringify(unified().use(remarkParse).parse(table)));
    expect(tree(bundled, table)).toBe(withGfm);
  });

  it('gives the same trees as the published packages on the site, the corpora and 3,000 random texts', () => {
    const sources = markdownSources({ tmp, seed: 9, pages: 30, texts: 3000, longest: 40, pieces: PIECES });
    const kinds = new Set<string>();
    for (const source of sources) {
      const expected = tree(published, source);
      expect(tree(bundled, source), JSON.stringify(source.slice(0, 300))).toBe(expected);
      for (const m of expected.matchAll(/"type":"(\w+)"/g)) kinds.add(m[1]!);
    }
    // Asked for some node types' positions, the same trees with those positions alone.
    for (const source of sources.slice(0, 1500)) {
      expect(tree(bundledPositioned, source), JSON.stringify(source.slice(0, 300))).toBe(onlyPositionsOf(tree(published, source), POSITIONED_TYPES));
    }
    // The texts reach the constructs whose handlers read the context.
    for (const kind of ['blockquote', 'list', 'listItem', 'table', 'footnoteDefinition', 'footnoteReference', 'delete', 'link', 'linkReference', 'definition', 'image', 'inlineCode', 'code', 'html', 'heading']) {
      expect(kinds, kind).toContain(kind);
    }
  });
});
