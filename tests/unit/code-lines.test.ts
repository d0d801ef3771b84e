/**
 * In the CLI bundle, rehype-pretty-code is handed each block's lines as text, their tokens' HTML carried aside
 * (see pretty-code-highlighter.ts). The bundle must render every block exactly as the published packages do.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import fg from 'fast-glob';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBundlePlugins } from '../../scripts/cli-bundle-plugins.mjs';
import { CodeHighlighter } from '../../src/generator/highlight/highlight-code.js';
import { lineTextHtml, lineTree } from '../../src/generator/highlight/pretty-code-highlighter.js';
import { MarkdownRenderer } from '../../src/generator/markdown/render-markdown.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-code-lines-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Render = (source: string) => Promise<string>;
/** A tree as JSON without source positions (parsing HTML gives its nodes positions; a tree handed over has none, and none is rendered). */
const json = (tree: unknown) => JSON.stringify(tree, (k, v) => (k === 'position' ? undefined : v));
let bundled: Render;
const published: Render = (() => {
  const md = new MarkdownRenderer(new CodeHighlighter().highlight);
  return async (source) => json((await md.render(source, { file: 'x.md', bodyLine: 1, allowRawHtml: false })).hast);
})();

beforeAll(async () => {
  const out = path.join(tmp, 'bundle.mjs');
  await esbuild.build({
    stdin: { contents: "export { MarkdownRenderer } from './src/generator/markdown/render-markdown.ts'; export { CodeHighlighter } from './src/generator/highlight/highlight-code.ts';", resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    mainFields: ['module', 'main'],
    external: ['shiki', '@shikijs/*'],
    banner: { js: "import { createRequire as __reactsiteRequire } from 'node:module'; const require = __reactsiteRequire(import.meta.url);" },
    outfile: out,
    plugins: cliBundlePlugins,
    logLevel: 'silent',
  });
  // Imported from inside the repository, so that the bundle finds the packages it leaves external.
  const inRepo = path.join(ROOT, 'node_modules', '.cache', `code-lines-${process.pid}.mjs`);
  fs.mkdirSync(path.dirname(inRepo), { recursive: true });
  fs.copyFileSync(out, inRepo);
  const m = await import(pathToFileURL(inRepo).href);
  fs.rmSync(inRepo);
  const md = new m.MarkdownRenderer(new m.CodeHighlighter().highlight);
  bundled = async (source) => json((await md.render(source, { file: 'x.md', bodyLine: 1, allowRawHtml: false })).hast);
});

const CODE = 'import { useState } from "react";\n\nexport function Counter() {\n  const [n, setN] = useState(0); // count\n  return <button onClick={() => setN(n + 1)}>{n} &amp; "more"</button>;\n}';
/** Every kind of code rehype-pretty-code treats apart: titles, captions, marked lines and characters, line numbers, diffs, inline code. */
const FEATURES = [
  `\`\`\`jsx\n${CODE}\n\`\`\``,
  `\`\`\`jsx title="Counter.jsx" caption="A counter"\n${CODE}\n\`\`\``,
  `\`\`\`jsx {1,4-5} showLineNumbers\n${CODE}\n\`\`\``,
  `\`\`\`jsx showLineNumbers{10}\n${CODE}\n\`\`\``,
  `\`\`\`jsx /useState/ "setN"#v\n${CODE}\n\`\`\``,
  `\`\`\`jsx /n/2-3\n${CODE}\n\`\`\``,
  "```jsx\nconst a = 1; // [!code --]\nconst a = 2; // [!code ++]\n```",
  '```\nplain <text> & "quotes"\n\n\n```',
  '```bash\n$ npm install\n```',
  'Inline `useState(0){:jsx}` and `const x = 1{:js}` and `.token{:.keyword}` and `no lang`.',
  '```jsx\n\n\n```',
];

describe('code lines handed over as text', () => {
  it('parse to the tree handed over', () => {
    const runs = [[['const', 'd1 l1'], [' a ', ''], ['<b>&"', 'd2']], [], [['  x', '']]] as [string, string][][];
    const parser = unified().use(rehypeParse, { fragment: true });
    expect(lineTree(runs)).toEqual(JSON.parse(json(parser.parse(lineTextHtml(runs)))));
    expect(lineTextHtml(runs)).toBe('<pre class="shiki" tabindex="0"><code><span class="line">const a &lt;b&gt;&amp;&quot;</span>\n<span class="line"></span>\n<span class="line">  x</span></code></pre>');
  });

  it('render every block of the site, and every kind of block, exactly as the published packages do', async () => {
    const sources = [...FEATURES, ...fg.sync('content/**/*.md', { cwd: ROOT }).map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''))];
    for (const source of sources) expect(await bundled(source), source.slice(0, 80)).toBe(await published(source));
  });
});
