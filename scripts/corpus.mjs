// Writes a synthetic reactsite project (real content format) for benchmarks, deterministic from a seed:
//   node scripts/corpus.mjs --n 1000 --kind code|plain|docs --seed 1 [--categories even|uneven|one] --out DIR
// content/site.json, content/ads.json, content/pages/*.md and public/ are copied from the real project;
// content/registry.json and content/tutorials/<id>.md are generated (N tutorials, 40 equal categories, 11 uneven
// ones (see UNEVEN) or one for all).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeIn, jsxComponent } from './corpus-code.mjs';
import { camel, cap, CATEGORIES, DIFFICULTY, prng, W, writer } from './corpus-words.mjs';

export { CATEGORIES, prng };

/** Bumped whenever the generated output changes, so cached corpora are regenerated. */
export const CORPUS_VERSION = 1;

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Inline Markdown of ordinary documentation: code spans, links (site, anchor, external), emphasis, autolinks. */
function richSentence(w, links) {
  const words = w.sentence().split(' ');
  const at = () => w.int(0, words.length - 1);
  // About one code span and 0.6 links a sentence: 48 and 28 a page of some 48 sentences.
  for (let k = w.int(0, 2); k > 0; k--) words[at()] = `\`${camel(w.pick(W.noun), w.pick(W.verb))}()\``;
  if (w.rand() < 0.6) words[at()] = `[${w.pick(W.noun)} ${w.pick(W.noun)}](${w.pick(links)})`;
  if (w.rand() < 0.3) words[at()] = `*${w.pick(W.adj)}*`;
  if (w.rand() < 0.3) words[at()] = `**${w.pick(W.noun)}**`;
  if (w.rand() < 0.04) words[at()] = w.pick(['https://react.dev/reference/react', 'www.example.com/docs', 'help@example.com']);
  return words.join(' ');
}

/** The body of a tutorial with the inline density of ordinary documentation (see the bench's docs corpus). */
function docsBody(w, e, registry, i, words = 750) {
  const faq = [0, 1, 2, 3].map(() => ({ question: w.sentence().replace(/[.?]$/, '?'), answer: `${w.sentence()} ${w.sentence()}` }));
  const out = ['---', 'faq:', ...faq.flatMap((f) => [`  - question: ${JSON.stringify(f.question)}`, `    answer: ${JSON.stringify(f.answer)}`]), '---', ''];
  const sections = w.int(4, 6);
  const heads = Array.from({ length: sections }, (_, s) => `${cap(w.pick(W.verb))} the ${w.pick(W.noun)} with ${camel(w.pick(W.noun), 'hook')} ${s + 1}`);
  const slug = (h) => h.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
  const others = [1, 2, 3, 4, 5].map((d) => registry[(i + d * 37) % registry.length].slug);
  const links = [...others.map((o) => `/tutorial/${o}/`), ...heads.map((h) => `#${slug(h)}`), 'https://react.dev/learn', 'https://developer.mozilla.org/en-US/docs/Web/API'];
  const paragraph = () => Array.from({ length: 4 }, () => richSentence(w, links)).join(' ');
  const langs = ['jsx', 'tsx', 'ts', 'js', 'bash', 'css', 'json', 'html', 'diff'];
  const codeAt = new Set([0, 2, sections - 1]);
  out.push(paragraph(), '');
  for (let s = 0; s < sections; s++) {
    out.push(`## ${heads[s].replace(/(\w+Hook)/, '`$1`')}`, '', paragraph(), '');
    if (s === 1) {
      const cols = w.int(2, 5);
      const rows = w.int(2, 8);
      out.push(`| ${Array.from({ length: cols }, () => cap(w.pick(W.noun))).join(' | ')} |`, `| ${Array.from({ length: cols }, () => '---').join(' | ')} |`, ...Array.from({ length: rows }, () => `| ${Array.from({ length: cols }, () => `\`${w.pick(W.noun)}\` ${w.pick(W.adj)}`).join(' | ')} |`), '');
    }
    if (s === 2) out.push(...Array.from({ length: w.int(3, 6) }, () => [`- ${richSentence(w, links)}`, `  - ${w.sentence()}`]).flat(), '');
    if (s === 3) out.push(`> ${richSentence(w, links)}`, '', `![${w.pick(W.adj)} ${w.pick(W.noun)}](/images/social.png)`, '');
    if (codeAt.has(s)) {
      const lang = w.pick(langs);
      out.push(`\`\`\`${lang}${lang === 'diff' ? '' : ''}`, codeIn(w, lang, w.int(3, 60)), '```', '');
    }
    out.push(paragraph(), '');
  }
  out.push('## Summary', '', paragraph(), '');
  return out.join('\n');
}

/**
 * Shares of the uneven layout, largest first: what real documentation looks like (the 4,000 pages of it measured
 * in docs/performance.md have categories of 840, 840, 566, 419, 368 ... tutorials). At 4,000 tutorials: 1,000,
 * 800, 600, 400, 300, 250, 200, 150, 100, 100 and 100. The bodies are the same as with even categories.
 */
const UNEVEN = [10, 8, 6, 4, 3, 2.5, 2, 1.5, 1, 1, 1];

/** The category of tutorial `i` of `n`: 40 equal blocks, the blocks of UNEVEN, or one for all (a flat registry). */
function categoryOf(i, n, categories) {
  if (categories === 'even') return CATEGORIES[Math.floor((i * CATEGORIES.length) / n)];
  if (categories === 'one') return CATEGORIES[0];
  const total = UNEVEN.reduce((a, b) => a + b, 0);
  let upTo = 0;
  for (let k = 0; k < UNEVEN.length; k++) {
    upTo += UNEVEN[k];
    if (i < Math.round((upTo * n) / total)) return CATEGORIES[k];
  }
  return CATEGORIES[UNEVEN.length - 1];
}

/** One tutorial's registry entry from its index; ids are slugs and unique by index. */
function entry(w, i, n, categories) {
  const a = w.pick(W.adj);
  const b = w.pick(W.noun);
  const id = `${a}-${b}-${i + 1}`;
  let description = '';
  while (description.length < 120) description = (description + ' ' + w.sentence()).trim();
  if (description.length > 160) description = description.slice(0, 159).replace(/\s+\S*$/, '') + '.';
  while (description.length < 120) description = description.replace(/\.$/, '') + ` ${w.pick(W.noun)}.`;
  const keywords = [];
  const k = w.int(5, 15);
  while (keywords.length < k) {
    const kw = w.rand() < 0.5 ? w.pick(W.noun) : `${w.pick(W.adj)} ${w.pick(W.noun)}`;
    if (!keywords.includes(kw)) keywords.push(kw);
  }
  const day = (i % 28) + 1;
  const month = ((Math.floor(i / 28) % 12) + 1);
  return {
    id,
    slug: id,
    name: `${cap(a)} ${b} ${i + 1}`,
    title: `React ${cap(a)} ${cap(b)} ${i + 1}: ${w.pick(W.verb)} a ${w.pick(W.noun)}`,
    description,
    category: categoryOf(i, n, categories),
    difficulty: DIFFICULTY[i % 3],
    keywords,
    publishDate: `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    ...(i === 0 ? { isIntro: true } : {}),
  };
}

/** The Markdown file (front matter + body) of one tutorial: about `words` words of prose. */
function body(w, e, next, kind, words = 750) {
  const faq = [0, 1, 2, 3].map(() => ({ question: w.sentence().replace(/[.?]$/, '?'), answer: `${w.sentence()} ${w.sentence()}` }));
  const front = ['---', 'faq:', ...faq.flatMap((f) => [`  - question: ${JSON.stringify(f.question)}`, `    answer: ${JSON.stringify(f.answer)}`]), '---', ''];
  const target = Math.round(words * (0.9 + w.rand() * 0.2));
  const sections = w.int(4, 6);
  const perSection = Math.round((target - 140) / (sections + 1));
  const out = [];
  let count = 0;
  const para = (n) => {
    const p = w.paragraph(n);
    count += p.words;
    out.push(p.text, '');
  };
  para(perSection);
  if (next) out.push(`Read [the next tutorial](/tutorial/${next}/) when you are done here.`, '');
  const codeAt = new Set(kind === 'code' ? [0, 2, sections - 1] : []);
  for (let s = 0; s < sections; s++) {
    out.push(`## ${cap(w.pick(W.verb))} the ${w.pick(W.adj)} ${w.pick(W.noun)} ${s + 1}`, '');
    para(Math.round(perSection * 0.6));
    if (s === 1) {
      out.push(`Here is the checklist I follow for the ${w.pick(W.noun)}:`, '');
      for (let k = w.int(4, 6); k > 0; k--) out.push(`- ${w.sentence()}`);
      out.push('');
      count += 40;
    }
    if (s === 2 || (sections < 3 && s === sections - 1)) {
      out.push(`| ${cap(w.pick(W.noun))} | ${cap(w.pick(W.noun))} | Notes |`, '| --- | --- | --- |');
      for (let r = 0; r < 4; r++) out.push(`| \`${camel(w.pick(W.adj), w.pick(W.noun))}\` | ${w.pick(W.adj)} ${w.pick(W.noun)} | ${w.sentence()} |`);
      out.push('');
      count += 50;
    }
    if (codeAt.has(s)) out.push('```jsx', jsxComponent(w, w.int(10, 25)), '```', '');
    para(Math.round(perSection * 0.4));
  }
  out.push('## Summary', '');
  while (count < target) para(Math.min(60, target - count));
  return front.join('\n') + out.join('\n');
}

/** Writes the project into `out` (replacing its content/ and public/); returns the registry. */
export function generateCorpus({ n, kind, seed, out, categories = 'even', source = REPO }) {
  if (!Number.isInteger(n) || n < 1) throw new Error(`--n must be a positive integer, got ${n}`);
  if (!['code', 'plain', 'docs'].includes(kind)) throw new Error(`--kind must be code, plain or docs, got ${kind}`);
  if (!['even', 'uneven', 'one'].includes(categories)) throw new Error(`--categories must be even, uneven or one, got ${categories}`);
  const w = writer(prng(seed));
  const content = path.join(out, 'content');
  fs.rmSync(content, { recursive: true, force: true });
  fs.rmSync(path.join(out, 'public'), { recursive: true, force: true });
  fs.mkdirSync(path.join(content, 'tutorials'), { recursive: true });
  for (const f of ['site.json', 'ads.json']) fs.copyFileSync(path.join(source, 'content', f), path.join(content, f));
  fs.cpSync(path.join(source, 'content', 'pages'), path.join(content, 'pages'), { recursive: true });
  fs.cpSync(path.join(source, 'public'), path.join(out, 'public'), { recursive: true });
  const registry = Array.from({ length: n }, (_, i) => entry(w, i, n, categories));
  // One entry a line: a 4000-entry registry must stay under the CLI's 2 MB content-file limit.
  fs.writeFileSync(path.join(content, 'registry.json'), `[\n${registry.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`);
  registry.forEach((e, i) => fs.writeFileSync(path.join(content, 'tutorials', `${e.id}.md`), kind === 'docs' ? docsBody(w, e, registry, i) : body(w, e, registry[i + 1]?.slug, kind)));
  fs.writeFileSync(path.join(out, '.corpus.json'), JSON.stringify({ version: CORPUS_VERSION, n, kind, seed, categories }) + '\n');
  return registry;
}

function parseArgs(argv) {
  const a = { n: 1000, kind: 'code', seed: 1, categories: 'even', out: undefined };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1];
    if (k === '--n') (a.n = Number(v)), i++;
    else if (k === '--kind') (a.kind = v), i++;
    else if (k === '--seed') (a.seed = Number(v)), i++;
    else if (k === '--categories') (a.categories = v), i++;
    else if (k === '--out') (a.out = v), i++;
    else if (k === '--help' || k === '-h') a.help = true;
    else throw new Error(`unknown argument ${k}`);
  }
  return a;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const a = parseArgs(process.argv.slice(2));
    if (a.help || !a.out) {
      console.log('usage: node scripts/corpus.mjs --n 1000 --kind code|plain|docs --seed 1 [--categories even|uneven|one] --out DIR');
      process.exit(a.help ? 0 : 2);
    }
    const t0 = performance.now();
    const reg = generateCorpus({ n: a.n, kind: a.kind, seed: a.seed, categories: a.categories, out: path.resolve(a.out) });
    console.log(`corpus: ${reg.length} ${a.kind} tutorials (seed ${a.seed}, ${a.categories === 'one' ? 'one category' : `${a.categories} categories`}) in ${path.resolve(a.out)} (${Math.round(performance.now() - t0)} ms)`);
  } catch (e) {
    console.error(`corpus: ${e.message}`);
    process.exit(2);
  }
}
