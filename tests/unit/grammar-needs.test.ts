import { createHighlighterCore, createOnigurumaEngine } from 'shiki';
import { bundledLanguages, type BundledLanguage } from 'shiki/langs';
import { describe, expect, it, vi } from 'vitest';
import { Registry, type IGrammar, type StateStack } from '@shikijs/vscode-textmate';
import { includedScopes, languagesFor, loadOrder } from '../../src/generator/highlight/grammar-needs.js';
import { PRELOADED_LANGUAGES } from '../../src/generator/highlight/code-basics.js';
import { CodeHighlighter } from '../../src/generator/highlight/highlight-code.js';
import { lineRuns } from '../../src/generator/highlight/line-runs.js';

/** Text in many languages at once: front matter, fences, embedded script and style, templates. */
const SAMPLE = [
  '---', 'title: "x"', 'list: [1, 2]', '---', '# Heading `code`', '', '```js', 'const a = 1; // c', '```', '', '```yaml', 'k: v', '```',
  '', '```bash', 'echo "$HOME" | grep x', '```', '', '```diff', '- a', '+ b', '```', '', '```tsx', 'const el = <App a={1} />;', '```',
  '<script lang="ts">', 'const x: string = "y";', '</script>', '<style>', '.a { margin: 0 }', '</style>',
  '<template><div v-if="ok" :class="{ a: b }" @click="go()">{{ msg }}</div></template>', '<div class="x">Hello <b>w</b></div>',
  '{% if a %}{{ b | upper }}{% endif %}', "<%= render 'x' %>", 'def g(y):', '    return y', '$ npm install',
].join('\n');

function tokens(h: { getLanguage(l: string): unknown }, lang: string): string {
  const grammar = h.getLanguage(lang) as IGrammar;
  let state: StateStack | null = null;
  return SAMPLE.split('\n').map((line) => {
    const r = grammar.tokenizeLine(line, state, 0);
    state = r.ruleStack;
    return r.tokens.map((t) => `${t.startIndex}:${t.scopes.join(' ')}`).join('|');
  }).join('\n');
}

/** The runs of SAMPLE's lines in `lang`, tokenized by `h`'s grammar as the project's highlighter makes them. */
function sampleRuns(h: { getLanguage(l: string): unknown }, lang: string) {
  const grammar = h.getLanguage(lang) as IGrammar;
  let state: StateStack | null = null;
  return SAMPLE.split('\n').map((line) => {
    const r = grammar.tokenizeLine(line, state, 0);
    state = r.ruleStack;
    return lineRuns(line, r.tokens);
  });
}

describe('the grammars a language highlighter loads', () => {
  it('finds the scopes a grammar includes from other grammars', () => {
    const grammar = { patterns: [{ include: '#local' }, { include: '$self' }, { begin: 'a', patterns: [{ include: 'source.js' }] }], repository: { local: { include: 'text.html.basic#tags' } } };
    expect([...includedScopes(grammar)].sort()).toEqual(['source.js', 'text.html.basic']);
  });

  it('adds only the preloaded languages a grammar includes without bringing them', async () => {
    expect(await languagesFor('rust', PRELOADED_LANGUAGES)).toEqual(['rust']);
    expect(await languagesFor('astro', PRELOADED_LANGUAGES)).toEqual(['astro']);
    // MDX's front matter is YAML and its fences any language: it needs most of them.
    expect(await languagesFor('mdx', PRELOADED_LANGUAGES)).toEqual(expect.arrayContaining(['mdx', 'yaml', 'markdown', 'tsx']));
  });

  it('gives each language the tokens it has with every preloaded language loaded', async () => {
    const engine = await createOnigurumaEngine(import('shiki/wasm'));
    const langs: BundledLanguage[] = ['mdx', 'vue', 'svelte', 'astro', 'wikitext', 'latex', 'ruby', 'rst', 'erb', 'asciidoc', 'nim', 'rust'];
    for (const lang of langs) {
      const all = await createHighlighterCore({ themes: [], langs: [...PRELOADED_LANGUAGES, lang].map((l) => bundledLanguages[l]), engine, warnings: false });
      const own = await createHighlighterCore({ themes: [], langs: (await languagesFor(lang, PRELOADED_LANGUAGES)).map((l) => bundledLanguages[l]), engine, warnings: false });
      expect(tokens(own, lang), lang).toBe(tokens(all, lang));
      all.dispose();
      own.dispose();
    }
  }, 60_000);

  it('loads a grammar that embeds others lazily after them, unless it injects itself', () => {
    const md = { name: 'markdown', scopeName: 'text.html.markdown', embeddedLangsLazy: ['js', 'css', 'absent'] };
    const js = { name: 'js', scopeName: 'source.js' };
    const css = { name: 'css', scopeName: 'source.css' };
    const injector = { name: 'tags', scopeName: 'x.tags', embeddedLangsLazy: ['js'], injectTo: ['source.js'] };
    const alone = { name: 'vue-like', scopeName: 'x.alone', embeddedLangsLazy: ['absent'] };
    expect(loadOrder([md, js, css, js, injector, alone])).toEqual({ first: [js, css, injector, alone], last: [md] });
    // A grammar made first that embeds a lazy embedder outright needs it made first too (ruby and haml).
    const haml = { name: 'haml', scopeName: 'text.haml', embeddedLangsLazy: ['js'] };
    const ruby = { name: 'ruby', scopeName: 'source.ruby', embeddedLangs: ['haml'] };
    const erb = { name: 'erb', scopeName: 'text.html.erb', embeddedLangs: ['ruby'], embeddedLangsLazy: ['css'] };
    expect(loadOrder([js, css, haml, ruby, erb])).toEqual({ first: [js, css, haml, ruby], last: [erb] });
  });

  it('gives every language whose highlighter loads a grammar last the tokens of a highlighter made at once', async () => {
    const engine = await createOnigurumaEngine(import('shiki/wasm'));
    const own = new CodeHighlighter();
    let checked = 0;
    for (const lang of Object.keys(bundledLanguages) as BundledLanguage[]) {
      if ((PRELOADED_LANGUAGES as readonly string[]).includes(lang)) continue;
      const langs = await languagesFor(lang, PRELOADED_LANGUAGES);
      const regs = (await Promise.all(langs.map((l) => bundledLanguages[l]()))).flatMap((m) => m.default);
      if (!loadOrder(regs).last.length) continue;
      const all = await createHighlighterCore({ themes: [], langs: regs, engine, warnings: false });
      expect((await own.highlight([{ lang, text: SAMPLE }]))[0], lang).toEqual(sampleRuns(all, lang));
      all.dispose();
      checked++;
    }
    // Markdown's relatives (mdx, erlang, nim...), and ruby's (haml, erb...).
    expect(checked).toBeGreaterThan(8);
  }, 120_000);

  it('makes each preloaded grammar once, with the tokens of a highlighter made with all of them at once', async () => {
    const made = vi.spyOn(Registry.prototype, 'loadGrammarWithConfiguration');
    const runs = await new CodeHighlighter().highlight(PRELOADED_LANGUAGES.map((lang) => ({ lang, text: SAMPLE })));
    const scopes = made.mock.calls.map(([scope]) => scope);
    made.mockRestore();
    expect(scopes.filter((s) => s === 'text.html.markdown')).toHaveLength(1);
    expect(new Set(scopes).size).toBe(scopes.length);
    const engine = await createOnigurumaEngine(import('shiki/wasm'));
    const all = await createHighlighterCore({ themes: [], langs: PRELOADED_LANGUAGES.map((l) => bundledLanguages[l]), engine, warnings: false });
    PRELOADED_LANGUAGES.forEach((lang, i) => expect(runs[i], lang).toEqual(sampleRuns(all, lang)));
    all.dispose();
  }, 60_000);
});
