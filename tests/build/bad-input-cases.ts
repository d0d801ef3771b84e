/** The bad-input table: each case breaks a copy of tests/fixtures/basic and says what the CLI must answer. */
import fs from 'node:fs';
import path from 'node:path';
import type { ExpectStatic } from 'vitest';
import { editJson, REPO } from '../helpers/project.js';

/** One problem block the CLI must print: `<severity> <file>:<line>` then `  <field>: <message>` then `  hint: <hint>`. */
export interface ExpectedProblem {
  severity?: 'error' | 'warning';
  /** Project-relative file; `<root>` stands for the project folder. Omitted: the block names no file. */
  file?: string;
  /** Omitted: the location must carry no line (the problem is about a whole file or a flag). */
  line?: number;
  /** Omitted: the message line has no field prefix. */
  field?: string;
  message: string;
  hint: string;
}

/** A bad input, the command run on it and what must come out. */
export interface BadInputCase {
  name: string;
  /** Project path -> new contents (null deletes), applied to a copy of the fixture. */
  files?: Record<string, string | Uint8Array | null>;
  command?: 'build' | 'check';
  /** Arguments after `<command> --root <project>` ("<root>" stands for the project's path). */
  args?: string[];
  /** Environment variables of the run. */
  env?: Record<string, string>;
  code: 0 | 1 | 2;
  problems?: ExpectedProblem[];
  /** Raw substrings of stderr, for messages commander prints itself. */
  stderr?: string[];
  /** Substrings stderr must not contain: follow-on noise a single mistake must not cause. */
  absent?: string[];
  /** Success cases only: checks on the new out/ (the previous out/ is replaced, as it should be). */
  built?: (out: string, expect: ExpectStatic) => void;
}

const fixture = (f: string) => fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'basic', f), 'utf8');
/** 1-based line of the `nth` line of `text` that contains `needle`. */
export function lineAt(text: string, needle: string, nth = 1): number {
  const lines = text.split('\n');
  let seen = 0;
  const i = lines.findIndex((l) => l.includes(needle) && ++seen === nth);
  if (i < 0) throw new Error(`"${needle}" is not in the text`);
  return i + 1;
}
type Entry = Record<string, unknown>;
const registry = (edit: (v: Entry[]) => unknown) => editJson<Entry[]>('content/registry.json', edit);
const site = (edit: (v: Entry) => unknown) => editJson<Entry>('content/site.json', edit);
const REGISTRY = fixture('content/registry.json');
const SITE = fixture('content/site.json');
const ALPHA = fixture('content/tutorials/alpha.md');

const noComma = REGISTRY.replace('"slug": "react-alpha",', '"slug": "react-alpha"');
const trailingComma = SITE.replace(/\n\}\s*$/, ',\n}\n');
const commented = SITE.replace('  "themeColor"', '  // brand colour\n  "themeColor"');
const wrongType = registry((v) => void (v[1]!.keywords = 'react'));
const notBoolean = registry((v) => void (v[0]!.isIntro = 'yes'));
const noTitle = registry((v) => void delete v[2]!.title);
const typo = registry((v) => {
  v[1]!.descripton = v[1]!.description;
  delete v[1]!.description;
});
const colour = site((v) => {
  v.themeColour = v.themeColor;
  delete v.themeColor;
});
const badEmail = site((v) => void (v.email = 'author at fixture'));
const relativeImage = fixture('content/ads.json').replace('"image": "/images/ad.webp"', '"image": "images/ad.webp"');
const duplicateId = registry((v) => void (v[2]!.id = 'alpha'));
const duplicateSlug = registry((v) => void (v[2]!.slug = 'react-alpha'));
const spacedSlug = registry((v) => void (v[1]!.slug = 'react alpha'));
const dottedSlug = registry((v) => void (v[1]!.slug = '../alpha'));
const unknownPrev = registry((v) => void (v[2]!.prev = 'alpah'));
const slugAsNext = registry((v) => void (v[0]!.next = 'react-beta'));
const introSlug = registry((v) => void (v[2]!.slug = 'intro'));
const badDate = registry((v) => void (v[1]!.publishDate = '3 March 2026'));
const yamlBroken = '---\nfaq:\n  - question: "What?"\n    answer: [unclosed\n---\n\nBody.\n';
const yamlTabs = '---\nfaq:\n\t- question: "What?"\n\t  answer: "That."\n---\n\nBody.\n';
const yamlDuplicate = '---\nupdated: 2026-03-01\nfaq: []\nupdated: 2026-03-02\n---\n\nBody.\n';
const faqString = ALPHA.replace(/^faq:\n(?: {2}.*\n)+/m, 'faq: "What does alpha teach? Copying code."\n');
const notADate = ALPHA.replace('updated: 2026-03-01', 'updated: last Tuesday');
const faqsTypo = ALPHA.replace('faq:', 'faqs:');
const untitled = fixture('content/pages/about.md').replace('title: "About"\n', '');
const png = fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'basic', 'public', 'images', 'logo.png'));
const latin1 = Buffer.concat([Buffer.from('Beta has no front matter.\n\n## Caf'), Buffer.from([0xe9]), Buffer.from('\n\nText.\n')]);
const huge = `# Huge\n\n${'A sentence of prose that goes on. '.repeat(310_000)}`.slice(0, 10 * 1024 * 1024);
const secondTitle = `${fixture('content/tutorials/beta.md')}\n# A second title\n\nMore text.\n`;
const underlinedTitle = `${fixture('content/tutorials/beta.md')}\nA second title\n===\n\nMore text.\n`;
const klingon = `${fixture('content/tutorials/beta.md')}\n\`\`\`jsxx\nconst a = <p />;\n\`\`\`\n`;
const scriptTitle = registry((v) => {
  v[1]!.title = 'Alpha </script><script>alert(1)</script> <!-- x';
  v[1]!.name = 'Alpha </script><b>bold</b>';
  (v[1]!.keywords as string[])[0] = '</script><i>k</i>';
});
const html = (out: string, f: string) => fs.readFileSync(path.join(out, f), 'utf8');

/** Every bad input the CLI must answer clearly without touching out/. */
export const CASES: BadInputCase[] = [
  // Malformed JSON
  { name: 'registry.json with a missing comma', files: { 'content/registry.json': noComma }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(noComma, '"slug": "react-alpha"'), field: '[1].slug', message: 'malformed JSON: a comma is missing after this value', hint: 'add a comma at the end of this value' }] },
  { name: 'site.json with a trailing comma', files: { 'content/site.json': trailingComma }, code: 1, problems: [{ file: 'content/site.json', line: trailingComma.trimEnd().split('\n').length - 1, message: 'a trailing comma before a closing bracket', hint: 'remove the comma after the last item' }] },
  { name: 'site.json with a comment', files: { 'content/site.json': commented }, code: 1, problems: [{ file: 'content/site.json', line: lineAt(commented, '// brand colour'), message: 'malformed JSON: comments are not allowed', hint: 'remove the comment' }] },
  { name: 'registry.json cut short', files: { 'content/registry.json': REGISTRY.trimEnd().slice(0, -1) }, code: 1, problems: [{ file: 'content/registry.json', line: REGISTRY.trimEnd().split('\n').length, message: 'malformed JSON: a closing ] is missing', hint: 'close the list with ]' }] },
  { name: 'an empty registry.json', files: { 'content/registry.json': '' }, code: 1, problems: [{ file: 'content/registry.json', line: 1, message: 'malformed JSON: the file is empty', hint: 'it must hold JSON' }] },
  // Wrong types, missing and unknown fields
  { name: 'keywords given as text', files: { 'content/registry.json': wrongType }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(wrongType, '"keywords": "react"'), field: '[1].keywords', message: 'expected array, got the text "react"', hint: 'wrap the value in [ ] to make a list' }] },
  { name: 'isIntro given as "yes"', files: { 'content/registry.json': notBoolean }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(notBoolean, '"isIntro"'), field: '[0].isIntro', message: 'expected boolean, got the text "yes"', hint: 'write true or false, without quotes' }] },
  { name: 'a registry entry without a title', files: { 'content/registry.json': noTitle }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(noTitle, '"id": "beta"') - 1, field: '[2].title', message: 'expected string, got nothing (the field is missing)', hint: 'add this required field' }] },
  { name: 'an unknown registry field (typo)', files: { 'content/registry.json': typo }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(typo, '"descripton"'), field: '[1].descripton', message: 'unknown field "descripton"', hint: 'did you mean "description"?' }], absent: ['[1].description: expected string'] },
  { name: 'an unknown site.json field (British spelling)', files: { 'content/site.json': colour }, code: 1, problems: [{ file: 'content/site.json', line: lineAt(colour, '"themeColour"'), field: 'themeColour', message: 'unknown field "themeColour"', hint: 'did you mean "themeColor"?' }], absent: ['themeColor: expected'] },
  { name: 'site.json with a bad email', files: { 'content/site.json': badEmail }, code: 1, problems: [{ file: 'content/site.json', line: lineAt(badEmail, '"email"'), field: 'email', message: 'expected an email address such as name@example.com, got the text "author at fixture"', hint: 'write it as an email address' }] },
  { name: 'ads.json that is not an array', files: { 'content/ads.json': '{ "id": "one", "title": "Ad One" }\n' }, code: 1, problems: [{ file: 'content/ads.json', line: 1, field: '(top level)', message: 'expected array, got an object', hint: 'wrap the value in [ ] to make a list' }] },
  { name: 'an ad image without the leading slash', files: { 'content/ads.json': relativeImage }, code: 1, problems: [{ file: 'content/ads.json', line: 2, field: '[0].image', message: 'expected a path starting with "/" such as /images/logo.svg, got the text "images/ad.webp"', hint: 'write it as a path starting with "/"' }] },
  { name: 'an empty registry', files: { 'content/registry.json': '[]\n' }, code: 1, problems: [{ file: 'content/registry.json', line: 1, field: '(top level)', message: 'expected at least one tutorial', hint: 'add at least one item to the list' }] },
  { name: 'a publishDate that is not ISO', files: { 'content/registry.json': badDate }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(badDate, '"publishDate"'), field: '[1].publishDate', message: 'expected an ISO date such as 2026-01-31, got the text "3 March 2026"', hint: 'write it as an ISO date' }] },
  // Ids, slugs and links between entries
  { name: 'a duplicate id', files: { 'content/registry.json': duplicateId }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(duplicateId, '"id": "alpha"', 2), field: '[2].id', message: `id "alpha" is used twice: by entry [1] (line ${lineAt(duplicateId, '"id": "alpha"')}) and by entry [2]`, hint: 'give each entry its own id' }] },
  { name: 'a duplicate slug', files: { 'content/registry.json': duplicateSlug }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(duplicateSlug, '"slug": "react-alpha"', 2), field: '[2].slug', message: 'slug "react-alpha" is used twice', hint: 'the slug is its URL' }] },
  { name: 'a slug with a space', files: { 'content/registry.json': spacedSlug }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(spacedSlug, '"slug": "react alpha"'), field: '[1].slug', message: 'expected lowercase letters, digits and single hyphens only (no spaces, dots or slashes), got the text "react alpha"', hint: 'e.g. "react-alpha"' }] },
  { name: 'a slug with ..', files: { 'content/registry.json': dottedSlug }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(dottedSlug, '"slug": "../alpha"'), field: '[1].slug', message: 'got the text "../alpha"', hint: 'e.g. "alpha"' }] },
  { name: 'the reserved slug "intro"', files: { 'content/registry.json': introSlug }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(introSlug, '"slug": "intro"'), field: '[2].slug', message: 'slug "intro" is reserved', hint: 'choose another slug' }] },
  { name: 'prev pointing at an unknown id', files: { 'content/registry.json': unknownPrev }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(unknownPrev, '"prev": "alpah"'), field: '[2].prev', message: 'prev points at unknown tutorial id "alpah"', hint: 'did you mean "alpha"?' }] },
  { name: 'next pointing at a slug instead of an id', files: { 'content/registry.json': slugAsNext }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(slugAsNext, '"next": "react-beta"'), field: '[0].next', message: 'next points at unknown tutorial id "react-beta"', hint: '"react-beta" is the slug of "beta": next takes an id, so write "beta"' }] },
  // Bodies and registry entries
  { name: 'a body with no registry entry', files: { 'content/tutorials/gamma.md': '# Gamma\n\nText.\n' }, code: 1, problems: [{ file: 'content/tutorials/gamma.md', field: 'file name', message: 'body has no registry entry with id "gamma"', hint: 'add an entry with id "gamma" to content/registry.json' }] },
  { name: 'a tutorial file name in uppercase', files: { 'content/tutorials/alpha.md': null, 'content/tutorials/Alpha.md': ALPHA }, code: 1, problems: [{ file: 'content/tutorials/Alpha.md', field: 'file name', message: 'body has no registry entry with id "Alpha"', hint: 'rename the file to content/tutorials/alpha.md' }] },
  { name: 'a registry entry with no body (check)', command: 'check', files: { 'content/tutorials/beta.md': null }, code: 1, problems: [{ file: 'content/registry.json', line: lineAt(REGISTRY, '"id": "beta"'), field: '[2].id', message: 'registry entry "beta" has no body', hint: 'create content/tutorials/beta.md' }] },
  { name: 'a registry entry with no body (build: the panel and a warning)', files: { 'content/tutorials/beta.md': null }, code: 0, problems: [{ severity: 'warning', file: 'content/registry.json', line: lineAt(REGISTRY, '"id": "beta"'), field: '[2].id', message: 'registry entry "beta" has no body; its page shows "Tutorial component not found"', hint: 'create content/tutorials/beta.md' }], built: (out, expect) => {
    expect(html(out, 'tutorial/react-beta/index.html')).toContain('Tutorial component not found for: <!-- -->beta');
  } },
  { name: 'an empty tutorial file', files: { 'content/tutorials/beta.md': '\n  \n' }, code: 1, problems: [{ file: 'content/tutorials/beta.md', message: 'the tutorial body is empty', hint: 'write the tutorial, or delete the file and its registry entry' }] },
  { name: 'a binary file as a tutorial', files: { 'content/tutorials/beta.md': png }, code: 1, problems: [{ file: 'content/tutorials/beta.md', message: 'file is binary, not text', hint: 'save it as UTF-8 text' }] },
  { name: 'a 10 MB tutorial', files: { 'content/tutorials/beta.md': huge }, code: 1, problems: [{ file: 'content/tutorials/beta.md', message: 'file is 10.0 MB, over the 2 MB limit', hint: 'split it into several tutorials' }], absent: ['has no body'] },
  { name: 'a 40 MB registry', files: { 'content/registry.json': `[${' '.repeat(40 * 1024 * 1024)}]` }, code: 1, problems: [{ file: 'content/registry.json', message: 'file is 40.0 MB, over the 32 MB limit', hint: 'this is far more than any site needs' }] },
  { name: 'a tutorial that is not valid UTF-8', files: { 'content/tutorials/beta.md': latin1 }, code: 1, problems: [{ file: 'content/tutorials/beta.md', line: 3, message: 'file is not valid UTF-8', hint: 're-save the file with UTF-8 encoding' }] },
  { name: 'a missing registry.json', files: { 'content/registry.json': null }, code: 1, problems: [{ file: 'content/registry.json', message: 'file not found', hint: 'create it' }] },
  { name: 'a missing content/ folder', files: { content: null }, code: 1, problems: [{ file: 'content', message: 'no content/ folder here', hint: 'pass --root DIR' }] },
  // Front matter
  { name: 'front matter with an unclosed bracket', files: { 'content/tutorials/alpha.md': yamlBroken }, code: 1, problems: [{ file: 'content/tutorials/alpha.md', line: 4, field: 'answer', message: 'front matter is not valid YAML: unexpected end of the stream within a flow collection', hint: 'the [ opened here is never closed' }], absent: ['has no body'] },
  { name: 'front matter indented with tabs', files: { 'content/tutorials/alpha.md': yamlTabs }, code: 1, problems: [{ file: 'content/tutorials/alpha.md', line: 3, field: 'question', message: 'front matter is indented with a tab', hint: 'replace the tab with spaces' }] },
  { name: 'front matter with a repeated key', files: { 'content/tutorials/alpha.md': yamlDuplicate }, code: 1, problems: [{ file: 'content/tutorials/alpha.md', line: 4, field: 'updated', message: 'front matter is not valid YAML: duplicated mapping key', hint: 'each name may appear once' }] },
  { name: 'a faq that is a string', files: { 'content/tutorials/alpha.md': faqString }, code: 1, problems: [{ file: 'content/tutorials/alpha.md', line: 2, field: 'faq', message: 'expected array, got the text "What does alpha teach? Copying code."', hint: 'wrap the value in [ ] to make a list' }] },
  { name: 'an updated date that is not a date', files: { 'content/tutorials/alpha.md': notADate }, code: 1, problems: [{ file: 'content/tutorials/alpha.md', line: lineAt(notADate, 'updated:'), field: 'updated', message: 'expected an ISO date such as 2026-01-31, got the text "last Tuesday"', hint: 'write it as an ISO date' }] },
  { name: 'an unknown front matter key (typo)', files: { 'content/tutorials/alpha.md': faqsTypo }, code: 1, problems: [{ file: 'content/tutorials/alpha.md', line: 2, field: 'faqs', message: 'unknown field "faqs"', hint: 'did you mean "faq"?' }] },
  { name: 'a static page without a title', files: { 'content/pages/about.md': untitled }, code: 1, problems: [{ file: 'content/pages/about.md', line: 2, field: 'title', message: 'expected string, got nothing (the field is missing)', hint: 'add this required field' }] },
  // Markdown
  { name: 'a level-1 heading in a body', files: { 'content/tutorials/beta.md': secondTitle }, code: 1, problems: [{ file: 'content/tutorials/beta.md', line: lineAt(secondTitle, '# A second title'), field: 'heading', message: 'a level-1 heading in the body: the page title is its one h1', hint: "start the body's headings at ##" }], absent: ['h1 elements'] },
  { name: 'a level-1 heading in a body, underlined (check)', command: 'check', files: { 'content/tutorials/beta.md': underlinedTitle }, code: 1, problems: [{ file: 'content/tutorials/beta.md', line: lineAt(underlinedTitle, 'A second title'), field: 'heading', message: 'a level-1 heading in the body: the page title is its one h1', hint: "start the body's headings at ##" }], absent: ['h1 elements'] },
  { name: 'an unknown code language (plain text and a warning)', files: { 'content/tutorials/beta.md': klingon }, code: 0, problems: [{ severity: 'warning', file: 'content/tutorials/beta.md', line: lineAt(klingon, '```jsxx'), field: 'code fence language', message: 'unknown code language "jsxx", shown as plain text', hint: 'did you mean "jsx"? Otherwise use a language Shiki knows' }], built: (out, expect) => {
    expect(html(out, 'tutorial/react-beta/index.html')).toMatch(/data-language="plaintext"[^>]*>[\s\S]*?const a = &lt;p \/&gt;;/);
  } },
  // Command-line flags
  { name: '--out under a regular file', files: { 'notes.txt': 'a file\n' }, args: ['--out', 'notes.txt/out'], code: 2, problems: [{ file: '<root>/notes.txt', field: '--out', message: '--out <root>/notes.txt/out cannot be created: <root>/notes.txt is a file, not a folder', hint: 'pass --out a folder path' }] },
  { name: '--out that is a regular file', files: { 'notes.txt': 'a file\n' }, args: ['--out', 'notes.txt'], code: 2, problems: [{ file: '<root>/notes.txt', field: '--out', message: '--out <root>/notes.txt is a file, not a folder', hint: 'pass --out a folder path' }] },
  { name: '--out at the project root', args: ['--out', '.'], code: 2, problems: [{ field: '--out', message: '--out <root> would replace the project folder', hint: 'use a separate folder such as out/' }] },
  { name: '--out at content/', args: ['--out', 'content'], code: 2, problems: [{ field: '--out', message: '--out <root>/content would replace content/', hint: 'use a separate folder such as out/' }] },
  { name: '--out inside public/', args: ['--out', 'public/site'], code: 2, problems: [{ field: '--out', message: '--out <root>/public/site is inside public/, a source folder', hint: 'use a separate folder such as out/' }] },
  { name: '--out at .cache/ (the build cache)', args: ['--out', '.cache'], code: 2, problems: [{ field: '--out', message: '--out <root>/.cache would replace .cache/ (the build cache)', hint: 'use a separate folder such as out/' }] },
  { name: '--out inside .cache/', args: ['--out', '.cache/reactsite/pages'], code: 2, problems: [{ field: '--out', message: '--out <root>/.cache/reactsite/pages is inside .cache/ (the build cache)', hint: 'use a separate folder such as out/' }] },
  { name: '--root that does not exist', args: ['--root', '<root>/no-such-folder'], code: 2, problems: [{ field: '--root', message: '--root <root>/no-such-folder does not exist', hint: 'pass the project folder' }] },
  { name: 'SOURCE_DATE_EPOCH that is no date', env: { SOURCE_DATE_EPOCH: '99999999999999' }, code: 2, problems: [{ field: 'SOURCE_DATE_EPOCH', message: 'SOURCE_DATE_EPOCH "99999999999999" is not a date', hint: 'whole seconds since 1970' }] },
  { name: '--report that is a folder', args: ['--report', '<root>/content'], code: 2, problems: [{ field: '--report', message: '--report <root>/content is a folder', hint: 'pass a file path you can write' }] },
  { name: 'a build cache that cannot be written (builds without it, with a warning)', files: { '.cache': 'a file where the cache folder goes\n' }, code: 0, problems: [{ severity: 'warning', field: '.cache', message: 'the build cache cannot be written', hint: 'make .cache/ writable' }], built: (out, expect) => {
    expect(fs.existsSync(path.join(out, 'tutorial', 'react-alpha', 'index.html'))).toBe(true);
    expect(fs.readFileSync(path.join(out, '..', '.cache'), 'utf8')).toBe('a file where the cache folder goes\n');
  } },
  { name: '--site that is not a URL', args: ['--site', 'not-a-url'], code: 2, problems: [{ field: '--site', message: '--site "not-a-url" is not an absolute http(s) URL', hint: 'e.g. --site https://example.com' }] },
  { name: '--base with ..', args: ['--base', '/docs/../admin/'], code: 2, problems: [{ field: '--base', message: '--base "/docs/../admin/" contains "." or ".." segments', hint: 'pass a plain path such as /docs/' }] },
  { name: '--base with a space', args: ['--base', '/my docs/'], code: 2, problems: [{ field: '--base', message: '--base "/my docs/" is not a URL path', hint: 'pass a path such as /docs/' }] },
  { name: '--broken-links with an unknown mode', args: ['--broken-links', 'ignore'], code: 2, stderr: ["option '--broken-links <mode>' argument 'ignore' is invalid. Allowed choices are error, warn."] },
  { name: 'a misspelt flag', args: ['--outt', 'dist'], code: 2, stderr: ["error: unknown option '--outt'", '(Did you mean --out?)'] },
  // Hostile text that must build fine, escaped
  { name: '</script> in a title, name and keyword (builds, escaped)', files: { 'content/registry.json': scriptTitle }, code: 0, built: (out, expect) => {
    for (const f of ['tutorial/react-alpha/index.html', 'tutorial/react-beta/index.html', 'index.html']) {
      const page = html(out, f);
      // Every <script> still closes where it should: the text did not end one early or open another.
      expect((page.match(/<\/script>/g) ?? []).length, f).toBe((page.match(/<script\b/g) ?? []).length);
      expect(page, f).not.toMatch(/<script>alert|<b>bold|<i>k<\/i>|<!-- x/);
    }
    const article = html(out, 'tutorial/react-alpha/index.html');
    expect(article).toContain('<title>Alpha &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- x | Fixture Hub</title>');
    expect(article).toContain('"headline":"Alpha \\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
  } },
];
