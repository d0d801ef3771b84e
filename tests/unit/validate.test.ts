import { describe, expect, it } from 'vitest';
import { registrySchema, siteSchema, tutorialMatterSchema } from '../../src/generator/content/schemas.js';
import { parseFrontMatter } from '../../src/generator/content/front-matter.js';
import { validateJson } from '../../src/generator/content/validate-json.js';

const entry = (extra: Record<string, unknown> = {}) => ({ id: 'a', slug: 'a', name: 'A', title: 'A', description: 'd', category: 'c', difficulty: 'Beginner', keywords: ['k'], ...extra });

describe('schema errors name file, line, field, expectation and a hint', () => {
  it('reports malformed JSON with its line', () => {
    const { problems } = validateJson('content/registry.json', '[\n  {\n    "id": "a",\n    "slug" "a"\n  }\n]', registrySchema);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'content/registry.json', line: 4, severity: 'error' });
    expect(problems[0]!.message).toMatch(/malformed JSON/);
    expect(problems[0]!.hint).toBeTruthy();
  });
  it('reports every wrong field of a run together, each with its own line', () => {
    const text = JSON.stringify([entry({ keywords: 'react' }), entry({ id: 'b', slug: 'b', difficulty: 3 })], null, 2);
    const { problems } = validateJson('content/registry.json', text, registrySchema);
    expect(problems.map((p) => p.field)).toEqual(['[0].keywords', '[1].difficulty']);
    expect(problems[0]!.message).toBe('expected array, got the text "react"');
    expect(problems[0]!.hint).toMatch(/wrap the value in \[ \]/);
    const lines = text.split('\n');
    expect(lines[problems[0]!.line! - 1]).toContain('"keywords"');
    expect(lines[problems[1]!.line! - 1]).toContain('"difficulty"');
  });
  it('names missing required fields', () => {
    const { problems } = validateJson('content/registry.json', JSON.stringify([{ id: 'a', slug: 'a' }]), registrySchema);
    const fields = problems.map((p) => p.field);
    expect(fields).toContain('[0].title');
    expect(problems.find((p) => p.field === '[0].title')!.hint).toBe('add this required field');
  });
  it('suggests the nearest known name for an unknown field', () => {
    const text = JSON.stringify([entry({ descripton: 'x' })], null, 2);
    const { problems } = validateJson('content/registry.json', text, registrySchema);
    expect(problems[0]!.message).toBe('unknown field "descripton"');
    expect(problems[0]!.hint).toBe('did you mean "description"?');
    expect(text.split('\n')[problems[0]!.line! - 1]).toContain('"descripton"');
  });
  it('rejects slugs with spaces or dots', () => {
    for (const slug of ['has space', '../up', 'UPPER']) {
      const { problems } = validateJson('r.json', JSON.stringify([entry({ slug })]), registrySchema);
      expect(problems[0]!.field).toBe('[0].slug');
    }
  });
  it('checks site.json URLs and colours', () => {
    const { problems } = validateJson('content/site.json', JSON.stringify({ url: 'ftp://x', themeColor: 'blue' }), siteSchema);
    const byField = new Map(problems.map((p) => [p.field, p]));
    expect(byField.get('url')!.message).toMatch(/http\(s\) URL/);
    expect(byField.get('themeColor')!.message).toMatch(/hex colour/);
  });
  it('reports an empty file as such', () => {
    const { problems } = validateJson('content/ads.json', '  \n', registrySchema);
    expect(problems[0]!.hint).toMatch(/empty/);
  });
});

describe('front matter', () => {
  it('reports broken YAML with the file line', () => {
    const src = parseFrontMatter('content/tutorials/x.md', '---\nfaq:\n  - question: "a"\n    answer: [unclosed\n---\nbody\n', tutorialMatterSchema);
    expect(src.problems[0]!.message).toMatch(/not valid YAML/);
    expect(src.problems[0]!.line).toBeGreaterThanOrEqual(4);
  });
  it('names the line and column where a bracket or quote left open was opened, not where the YAML noticed', () => {
    const at = (yaml: string) => parseFrontMatter('x.md', `---\n${yaml}\n---\nbody\n`, tutorialMatterSchema).problems[0]!;
    expect(at('updated: [2026-01-01\nfaq: []')).toMatchObject({ line: 2, column: 10, field: 'updated', hint: expect.stringMatching(/the \[ opened here is never closed/) });
    expect(at('faq:\n  - question: "What?\n    answer: That.')).toMatchObject({ line: 3, column: 15, field: 'question', hint: expect.stringMatching(/the " opened here/) });
    expect(at("faq:\n  - question: {a: 1\n    answer: 'it''s'")).toMatchObject({ line: 3, column: 15, field: 'question', hint: expect.stringMatching(/the \{ opened here/) });
    // A quote or bracket inside a plain value opens nothing; a closed bracket missing a comma keeps the YAML's place.
    expect(at("updated: don't [stop\nfaq: [x")).toMatchObject({ line: 3, column: 6, field: 'faq' });
    expect(at('faq: [{question: a answer: b}]')).toMatchObject({ line: 2, hint: expect.stringMatching(/commas/) });
  });
  it('locates a wrong field inside a list item', () => {
    const src = parseFrontMatter('x.md', '---\nfaq:\n  - question: "q1"\n    answer: "a1"\n  - question: "q2"\n    answer: 42\n---\nbody', tutorialMatterSchema);
    expect(src.problems[0]).toMatchObject({ field: 'faq[1].answer', line: 6 });
  });
  it('names front matter that is never closed, rather than the YAML error the body gives', () => {
    const src = parseFrontMatter('x.md', '---\nfaq: []\n\n## Body: with a colon\n\n- item\n  text: [\n', tutorialMatterSchema);
    expect(src.problems).toEqual([expect.objectContaining({ message: 'front matter is never closed', line: 1 })]);
  });
  it('refuses dates that do not exist, in the registry and in front matter (YAML would roll them over)', () => {
    const entry = { id: 'a', slug: 'a', name: 'A', title: 'A', description: 'D', category: 'C', difficulty: 'Beginner', keywords: ['k'] };
    const text = JSON.stringify([{ ...entry, publishDate: '2026-02-30' }], null, 2);
    const { problems } = validateJson('content/registry.json', text, registrySchema);
    expect(problems).toEqual([expect.objectContaining({ field: '[0].publishDate', line: text.split('\n').findIndex((l) => l.includes('publishDate')) + 1 })]);
    expect(validateJson('r.json', JSON.stringify([{ ...entry, publishDate: '2024-02-29' }]), registrySchema).problems).toEqual([]);
    const src = parseFrontMatter('x.md', '---\nfaq: []\nupdated: 2026-13-45\n---\nBody', tutorialMatterSchema);
    expect(src.problems).toEqual([expect.objectContaining({ message: '2026-13-45 is not a date that exists', line: 3, field: 'updated' })]);
    expect(src.data).toBeUndefined();
    expect(parseFrontMatter('x.md', '---\nupdated: 2026-03-01 # the last edit\n---\nBody', tutorialMatterSchema).data).toEqual({ faq: [], updated: '2026-03-01' });
  });
  it('knows the line the body starts on', () => {
    expect(parseFrontMatter('x.md', '---\nfaq: []\n---\nBody', tutorialMatterSchema).bodyLine).toBe(4);
    expect(parseFrontMatter('x.md', 'Body', tutorialMatterSchema).bodyLine).toBe(1);
  });
});
