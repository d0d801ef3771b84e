/**
 * Code samples that look like links or ids (`<a href="/nowhere/">`, `id="x"`) never fail the build's integrity
 * gate, and never hide a real broken link: 2,000 generated bodies full of such samples build, and real broken
 * prose links in a small project still fail the build, naming the body file and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { editJson, makeProject } from '../helpers/project.js';
// The corpus generator's seeded PRNG (mulberry32), so every run generates the same bodies.
import { prng } from '../../scripts/corpus.mjs';

const BODY_COUNT = 2_000;
const SEED = 0x5eed_f00d;

type Rng = () => number;

/** One element of `xs`, chosen by `rng`. */
function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)]!;
}

/** A whole number from `min` to `max` inclusive. */
function between(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

const WORDS = ['amber', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'harbor', 'iris', 'juniper', 'kestrel', 'lumen', 'maple', 'nectar', 'onyx', 'prism', 'quartz', 'raven', 'sable', 'tundra'];
const LANGS = ['text', 'html', 'jsx', 'md', ''] as const;
const CONTAINERS = ['top', 'bullet', 'ordered', 'quote'] as const;

/** Values no page or id of the site has: what a sample would "link" to. */
const FORGED_VALUES: Record<string, readonly string[]> = {
  href: ['/nowhere/', '#missing', '/tutorial/no-such-page/', '../up/', '#x', '/nowhere/?a=1&b=2', 'https://fixture.example.org/gone/', '/tutorial/react-alpha/#no-such-heading'],
  src: ['/nope.png', '/images/missing.webp', 'nope.png', '#missing'],
  'data-src': ['/nope.png', '/lazy/nope.jpg'],
  srcset: ['/nope.png 1x, /nope@2x.png 2x', '/a.png 480w,/b.png 800w'],
  srcSet: ['/nope.png 1x, /nope@2x.png 2x'],
  id: ['x', 'missing', 'no-such-heading', 'ghost'],
};
const ATTRS = Object.keys(FORGED_VALUES);

/** How a value is quoted: mostly plain double quotes, the form a string scan would read as an attribute. */
const QUOTES: readonly ((v: string) => string)[] = [(v) => `"${v}"`, (v) => `"${v}"`, (v) => `"${v}"`, (v) => `'${v}'`, (v) => v.replace(/\s/g, ''), (v) => `&quot;${v}&quot;`, (v) => `&#34;${v}&#34;`, (v) => `&#x22;${v}&#x22;`];
/** What comes before an attribute name (a line break too: a tag split over lines). */
const BEFORE = [' ', ' ', ' ', '  ', '\t', '\n  '];
/** What surrounds `=`. */
const EQUALS = ['=', '=', '=', ' = ', '= '];
/** Ways to hold an attribute in a sample line. */
const TAGS: readonly ((attr: string) => string)[] = [
  (a) => `<a${a}>link</a>`,
  (a) => `<img${a} alt="" />`,
  (a) => `<div${a}>`,
  (a) => `<Link${a}>Go</Link>`,
  (a) => `<source${a}>`,
  (a) => `&lt;a${a}&gt;`,
  (a) => `const html = '<a${a}>';`,
  (a) => a.trimStart(),
];
/** Plain code lines between the forged ones. */
const FILLER = ['const x = 1;', 'return <p>Hello</p>;', '# A heading in a sample', '<!-- a comment -->', 'export default function App() {}', '- [not a link](/nowhere/)', '[ref]: /nowhere/'];

/** One attribute that looks like a link or id, e.g. ` href="/nowhere/"`; `ownId` may replace an id value. */
function forgedAttribute(rng: Rng, ownId: string, singleLine = false): string {
  const name = pick(rng, ATTRS);
  const value = name === 'id' && rng() < 0.3 ? ownId : pick(rng, FORGED_VALUES[name]!);
  const before = singleLine ? ' ' : pick(rng, BEFORE);
  return `${before}${name}${pick(rng, EQUALS)}${pick(rng, QUOTES)(value)}`;
}

/** A sample's lines: one to three forged lines mixed with filler. */
function sampleLines(rng: Rng, ownId: string): string[] {
  const lines: string[] = [];
  for (let i = between(rng, 1, 3); i > 0; i--) {
    if (rng() < 0.4) lines.push(pick(rng, FILLER));
    lines.push(...pick(rng, TAGS)(forgedAttribute(rng, ownId)).split('\n'));
  }
  return lines;
}

/** One fenced sample as Markdown, inside its container (top level, list item or blockquote). */
interface Sample { lang: string; container: string; lines: string[]; markdown: string }

/** A fenced sample of a random language, fence and container. */
function sample(rng: Rng, ownId: string): Sample {
  const lang = pick(rng, LANGS);
  const container = pick(rng, CONTAINERS);
  const lines = sampleLines(rng, ownId);
  const fence = rng() < 0.8 ? '```' : '~~~';
  const block = [`${fence}${lang}`, ...lines, fence];
  const markdown =
    container === 'bullet' ? `- The sample:\n\n${block.map((l) => `  ${l}`).join('\n')}\n- Done.`
    : container === 'ordered' ? `1. The sample:\n\n${block.map((l) => `   ${l}`).join('\n')}\n2. Done.`
    : container === 'quote' ? `> The sample:\n>\n${block.map((l) => `> ${l}`).join('\n')}`
    : block.join('\n');
  return { lang, container, lines, markdown };
}

/** An inline code span holding a forged attribute (no backticks, no line breaks, no edge spaces). */
function inlineSnippet(rng: Rng, ownId: string): string {
  return pick(rng, TAGS)(forgedAttribute(rng, ownId, true)).trim();
}

/** A generated tutorial: its registry id/slug, headings (slugs) and Markdown body. */
interface Body { id: string; headings: string[]; samples: Sample[]; inline: string[]; markdown: string }

/** Heading slugs of every body, chosen first so prose can link to other bodies' headings. */
function headingsOf(rng: Rng, count: number): string[][] {
  return Array.from({ length: count }, () => {
    const first = pick(rng, WORDS);
    const second = pick(rng, WORDS.filter((w) => w !== first));
    return rng() < 0.5 ? [`part-${first}`] : [`part-${first}`, `part-${second}`];
  });
}

/** A valid prose link from body `i`: to its own heading, another body, another body's heading, or a fixture page. */
function validLink(rng: Rng, i: number, ids: readonly string[], headings: readonly string[][]): string {
  const j = between(rng, 0, ids.length - 1);
  const targets = [`#${pick(rng, headings[i]!)}`, `/tutorial/${ids[j]}/`, `/tutorial/${ids[j]}/#${pick(rng, headings[j]!)}`, '/tutorial/react-alpha/#table', '/about/', '/contact/', '/tutorial/react-intro/'];
  return `[${pick(rng, WORDS)}](${pick(rng, targets)})`;
}

/** Generates `count` bodies: a heading or two, prose with valid links and inline code, one or two samples. */
function generateBodies(seed: number, count: number): Body[] {
  const rng = prng(seed);
  const ids = Array.from({ length: count }, (_, i) => `forged-${String(i).padStart(4, '0')}`);
  const headings = headingsOf(rng, count);
  return ids.map((id, i) => {
    const own = headings[i]!;
    const samples = Array.from({ length: between(rng, 1, 2) }, () => sample(rng, pick(rng, own)));
    const inline = [inlineSnippet(rng, own[0]!), inlineSnippet(rng, own[0]!)];
    const heading = (slug: string) => `## Part ${slug.slice(5)[0]!.toUpperCase()}${slug.slice(6)}`;
    const parts = [
      `Body ${i} shows \`${inline[0]}\` and links to ${validLink(rng, i, ids, headings)}.`,
      heading(own[0]!),
      samples[0]!.markdown,
      `Read ${validLink(rng, i, ids, headings)} or [this part](#${own[0]}); the sample's \`${inline[1]}\` is only text.`,
      ...(own[1] ? [heading(own[1]), `More in ${validLink(rng, i, ids, headings)}.`] : []),
      ...(samples[1] ? [samples[1].markdown] : []),
    ];
    return { id, headings: own, samples, inline, markdown: `${parts.join('\n\n')}\n` };
  });
}

/** A registry entry shaped like the fixture's. */
function registryEntry(id: string, i: number) {
  return { id, slug: id, name: `Forged ${i}`, title: `Forged facts ${i}`, description: `Generated body ${i} whose code samples look like links and ids.`, category: `Samples ${i % 7}`, difficulty: 'Beginner', keywords: ['forged', 'samples'] };
}

/** Text as a reader sees it: tags dropped, entities decoded once. */
function visibleText(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return html.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] !== '#') return named[e] ?? m;
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10));
  });
}

/** Whether a naive `name="value"` scan would read `line` as holding a link or id attribute. */
const looksLikeAttribute = (line: string) => /\s(href|src|data-src|srcset|srcSet|id)="/.test(line);

const cleanup: string[] = [];
afterAll(() => {
  for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
});

describe('code samples cannot forge link and id facts', () => {
  const bodies = generateBodies(SEED, BODY_COUNT);
  const samples = bodies.flatMap((b) => b.samples);

  it('generates the same varied bodies every run', () => {
    expect(generateBodies(SEED, BODY_COUNT)).toEqual(bodies);
    expect(bodies).toHaveLength(BODY_COUNT);
    for (const lang of LANGS) expect(samples.filter((s) => s.lang === lang).length, `language "${lang}"`).toBeGreaterThan(200);
    for (const c of CONTAINERS) expect(samples.filter((s) => s.container === c).length, `container ${c}`).toBeGreaterThan(200);
    const lines = samples.flatMap((s) => s.lines);
    for (const attr of ATTRS) expect(lines.filter((l) => l.includes(`${attr}=`) || l.includes(`${attr} =`)).length, `attribute ${attr}`).toBeGreaterThan(50);
    expect(samples.filter((s) => s.lines.some(looksLikeAttribute)).length, 'samples a string scan would misread').toBeGreaterThan(900);
    expect(bodies.flatMap((b) => b.inline).filter(looksLikeAttribute).length, 'inline spans a string scan would misread').toBeGreaterThan(600);
  });

  it(`builds ${BODY_COUNT} bodies whose samples hold link- and id-like text, with no broken-link error`, { timeout: 240_000 }, async () => {
    const files: Record<string, string> = {
      'content/registry.json': editJson<unknown[]>('content/registry.json', (entries) => [...entries, ...bodies.map((b, i) => registryEntry(b.id, i))]),
    };
    for (const b of bodies) files[`content/tutorials/${b.id}.md`] = b.markdown;
    const root = makeProject(files);
    cleanup.push(root);

    const run = await runCli(['build', '--root', root, '--no-cache']);
    expect(run.stderr).not.toMatch(/broken (link|anchor)/);
    expect(run.code, run.output.slice(0, 4_000)).toBe(0);

    // The samples really are on the pages, as text a reader sees.
    for (const b of bodies) {
      const text = visibleText(fs.readFileSync(path.join(root, 'out', 'tutorial', b.id, 'index.html'), 'utf8'));
      for (const line of [...b.samples.flatMap((s) => s.lines), ...b.inline]) expect(text.includes(line), `${b.id}: ${JSON.stringify(line)}`).toBe(true);
    }
  });
});

describe('real broken prose links still fail the build', () => {
  /** A body with forged samples around `line` (a prose line holding the real problem), and `line`'s number. */
  function brokenBody(line: string): { markdown: string; line: number } {
    const lines = [
      'Beta has no front matter.',
      '',
      '## Events',
      '',
      '```text',
      '<a href="/nowhere/">here</a> <img src="/nope.png" /> <h2 id="no-such-heading">',
      '```',
      '',
      'The sample\'s `href="#no-such-heading"` and `id="no-such-heading"` are only text.',
      '',
      '> ```html',
      '> <div id="no-such-heading" data-src="/nope.png"></div>',
      '> ```',
      '',
      line,
      '',
      'Back to [alpha](/tutorial/react-alpha/).',
    ];
    return { markdown: `${lines.join('\n')}\n`, line: lines.indexOf(line) + 1 };
  }

  const cases = [
    { name: 'a link to a missing page', line: 'See [x](/nowhere/) for more.', error: 'broken link on /tutorial/react-beta/: /nowhere/' },
    { name: 'a link to a missing heading whose id only a code sample holds', line: 'Jump to [the part](#no-such-heading).', error: 'broken anchor on /tutorial/react-beta/: #no-such-heading' },
  ];

  it.concurrent.each(cases)('$name fails the build with the body file and line', async ({ line, error }) => {
    const body = brokenBody(line);
    const root = makeProject({ 'content/tutorials/beta.md': body.markdown });
    cleanup.push(root);
    const run = await runCli(['build', '--root', root, '--no-cache']);
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toContain(`error content/tutorials/beta.md:${body.line}\n  ${error}`);
    expect(run.stderr, 'only the prose link is reported').toContain('✗ 1 error; nothing was written.');
    expect(fs.existsSync(path.join(root, 'out'))).toBe(false);
  });
});
