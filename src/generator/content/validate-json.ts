/** Turns raw file text into validated values, mapping every parse and schema failure to a located Problem. */
import { findNodeAtLocation, getLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type * as z from 'zod';
import { nearest, problem, type Problem } from '../problems/problem.js';
import type { EntryMemo } from './entry-memo.js';

/** 1-based line and column of a character offset. */
export function lineOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) [line, last] = [line + 1, i];
  return { line, column: offset - last };
}

/** Maps a field path of a parsed JSON file to the line it is on (or the line of its nearest parent). */
export type LineLookup = (path: (string | number)[]) => number | undefined;

/** Parses a JSON file strictly (no comments, no trailing commas) and validates it; returns the value or problems,
 *  and, whenever the file parsed, a lookup from field paths to lines for later cross-checks. */
export function validateJson<S extends z.ZodType>(file: string, text: string, schema: S, memo?: EntryMemo): { value?: z.output<S>; problems: Problem[]; lineFor?: LineLookup } {
  if (!text.trim()) return { problems: [problem('malformed JSON: the file is empty', { file, line: 1, hint: 'the file is empty: it must hold JSON (see README "Content model")' })] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    const errors: ParseError[] = [];
    parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    return { problems: [jsonSyntaxProblem(file, text, errors[0])] };
  }
  const lineFor = linesOf(text);
  const known = memo?.values(raw);
  if (known) return { value: known as z.output<S>, problems: [], lineFor };
  return { ...validateValue(file, raw, schema, lineFor), lineFor };
}

/** The line lookup of a JSON file's text that parsed. */
export function linesOf(text: string): LineLookup {
  // The syntax tree (for the line of a field) is only built when a message needs a line: a 4,000-entry registry
  // that is valid never pays for it.
  let tree: ReturnType<typeof parseTree> | undefined;
  return (path) => {
    tree ??= parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
    const node = tree && deepestNode(tree, path);
    return node ? lineOf(text, node.offset).line : undefined;
  };
}

/** A JSON syntax error in words, located by line, column and the field it is in, with a fix. */
function jsonSyntaxProblem(file: string, text: string, error: ParseError | undefined): Problem {
  const code = error ? printParseErrorCode(error.error) : 'ValueExpected';
  const before = text.slice(0, error?.offset ?? 0).trimEnd();
  const trailingComma = before.endsWith(',') && /^\s*[}\]]/.test(text.slice(error?.offset ?? 0));
  // A trailing comma is reported where the comma is, a missing one where it should go: not at the token after it.
  const offset = trailingComma ? before.length - 1 : code === 'CommaExpected' && before ? before.length - 1 : (error?.offset ?? 0);
  const at = lineOf(text, offset);
  const [what, hint] = trailingComma
    ? ['a trailing comma before a closing bracket', 'remove the comma after the last item: JSON does not allow trailing commas']
    : (JSON_SYNTAX[code] ?? [code, 'check for a missing comma, quote or bracket near this line']);
  const path = getLocation(text, offset).path.filter((p) => p !== '');
  return problem(`malformed JSON: ${what}`, { file, ...at, field: path.length ? fieldName(path) : undefined, hint });
}

const JSON_SYNTAX: Record<string, [string, string]> = {
  InvalidCommentToken: ['comments are not allowed', 'remove the comment: JSON has no comments (content/schema/*.schema.json documents the fields)'],
  CommaExpected: ['a comma is missing after this value', 'add a comma at the end of this value, before the next property or item'],
  ColonExpected: ['a colon is missing', 'write each property as "name": value'],
  PropertyNameExpected: ['a property name is expected', 'property names need double quotes ("name"); remove a trailing comma if there is one'],
  ValueExpected: ['a value is expected', 'write a value (text in double quotes, a number, true/false, [ ] or { }), or remove a trailing comma'],
  CloseBraceExpected: ['a closing } is missing', 'close the object with } (check that every { has its })'],
  CloseBracketExpected: ['a closing ] is missing', 'close the list with ] (check that every [ has its ])'],
  EndOfFileExpected: ['text after the end of the JSON value', 'the file must hold one value: remove what follows it, or wrap the values in [ ]'],
  InvalidSymbol: ['an invalid character', 'text needs double quotes ("like this"); single quotes and bare words are not JSON'],
  UnexpectedEndOfString: ['a text value is not closed', 'add the closing double quote'],
  UnexpectedEndOfComment: ['a comment is not closed', 'remove the comment: JSON has no comments'],
  InvalidEscapeCharacter: ['an invalid escape sequence', 'write a backslash as \\\\ inside text'],
  InvalidCharacter: ['a control character inside text', 'write a line break inside text as \\n'],
};

/** Validates an already parsed value; `lineFor` maps a field path to a source line when it can. */
export function validateValue<S extends z.ZodType>(
  file: string,
  raw: unknown,
  schema: S,
  lineFor: (path: (string | number)[]) => number | undefined,
  describe: (path: (string | number)[]) => string = fieldName,
): { value?: z.output<S>; problems: Problem[] } {
  const result = schema.safeParse(raw, { reportInput: true });
  if (result.success) return { value: result.data, problems: [] };
  const pathOf = (issue: z.core.$ZodIssue) => issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  // A misspelt field is one mistake, not two: "descripton" is reported with its fix, "description missing" is not.
  const misspelt = new Set<string>();
  const unknown = result.error.issues.flatMap((issue) => {
    if (issue.code !== 'unrecognized_keys') return [];
    const path = pathOf(issue);
    const known = knownKeys(schema, path);
    return issue.keys.map((key) => {
      const near = nearest(key, known);
      if (near) misspelt.add(JSON.stringify([...path, near]));
      return problem(`unknown field "${key}"`, { file, line: lineFor([...path, key]) ?? lineFor(path), field: describe([...path, key]), hint: near ? `did you mean "${near}"?` : `remove it; known fields are: ${known.join(', ')}` });
    });
  });
  const problems = result.error.issues.flatMap((issue): Problem[] => {
    if (issue.code === 'unrecognized_keys') return [];
    const path = pathOf(issue);
    if (issue.code === 'invalid_type' && issue.input === undefined && misspelt.has(JSON.stringify(path))) return [];
    return [problem(expectation(issue), { file, line: lineFor(path) ?? lineFor(path.slice(0, -1)), field: describe(path) || '(top level)', hint: hintFor(issue) })];
  });
  return { problems: [...problems, ...unknown].sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) };
}

/** Human path such as `[3].keywords[0]` or `social.url`. */
export function fieldName(path: (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

function expectation(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    const got = issue.input === undefined ? 'nothing (the field is missing)' : describeValue(issue.input);
    return `expected ${issue.expected}, got ${got}`;
  }
  if (issue.code === 'invalid_format') return `expected ${formatName(issue)}, got ${describeValue(issue.input)}`;
  if (issue.code === 'too_small' && !issue.message.startsWith('Too small')) return `expected ${issue.message}`;
  if (issue.code === 'too_small' && issue.origin === 'array') return `expected at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}, got ${describeValue(issue.input)}`;
  if (issue.code === 'too_small' && issue.origin === 'string') return `expected at least ${issue.minimum} character${issue.minimum === 1 ? '' : 's'}, got ${describeValue(issue.input)}`;
  if (issue.code === 'too_big' && issue.origin === 'string') return `expected at most ${issue.maximum} characters, got ${describeValue(issue.input)}`;
  return issue.message;
}

function formatName(issue: z.core.$ZodIssueInvalidStringFormat): string {
  if (!issue.message.startsWith('Invalid')) return issue.message;
  if (issue.format === 'email') return 'an email address such as name@example.com';
  if (issue.format === 'url') return 'an absolute URL such as https://example.com';
  return `text in the ${issue.format} format`;
}

/** The pattern of ids and slugs (schemas.ts); a value breaking it gets a corrected suggestion. */
const SLUG_PATTERN = '/^[a-z0-9]+(?:-[a-z0-9]+)*$/';

function hintFor(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'add this required field';
  if (issue.code === 'invalid_type' && issue.expected === 'array') return 'wrap the value in [ ] to make a list';
  if (issue.code === 'invalid_type' && issue.expected === 'boolean') return 'write true or false, without quotes';
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'write a number, without quotes';
  if (issue.code === 'invalid_type' && issue.expected === 'string') return 'write the value as text in double quotes';
  if (issue.code === 'invalid_type') return `change the value to ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
  if (issue.code === 'too_small' && issue.origin === 'array') return 'add at least one item to the list';
  if (issue.code === 'too_small') return 'fill in a value: it may not be empty';
  if (issue.code === 'invalid_format' && issue.format === 'regex' && (issue as { pattern?: string }).pattern === SLUG_PATTERN && typeof issue.input === 'string') {
    const fixed = slugify(issue.input);
    return fixed ? `use lowercase letters, digits and hyphens, e.g. "${fixed}"` : 'use lowercase letters, digits and hyphens, e.g. "react-hooks"';
  }
  if (issue.code === 'invalid_format') return `write it as ${formatName(issue)}`;
  return undefined;
}

/** `"My Page/../x"` -> `"my-page-x"`: the nearest valid slug. */
function slugify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

function describeValue(v: unknown): string {
  const short = (t: string) => (t.length > 40 ? `${t.slice(0, 40)}…` : t);
  if (v === null) return 'null';
  if (Array.isArray(v)) return v.length ? `a list of ${v.length}` : 'an empty list';
  if (typeof v === 'string') return v ? `the text ${JSON.stringify(short(v))}` : 'an empty text ""';
  if (typeof v === 'object') return `an object ${short(JSON.stringify(v))}`;
  return `${typeof v} ${JSON.stringify(v)}`;
}

function knownKeys(schema: z.ZodType, path: (string | number)[]): string[] {
  let s: unknown = schema;
  for (const p of path) s = unwrap(s, p);
  const shape = (unwrapOptional(s) as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function unwrap(s: unknown, key: string | number): unknown {
  const inner = unwrapOptional(s) as { element?: unknown; shape?: Record<string, unknown> } | undefined;
  if (typeof key === 'number') return inner?.element;
  return inner?.shape?.[key];
}

function unwrapOptional(s: unknown): unknown {
  let cur = s as { def?: { type?: string; innerType?: unknown } } | undefined;
  while (cur?.def && (cur.def.type === 'optional' || cur.def.type === 'default') && cur.def.innerType) cur = cur.def.innerType as typeof cur;
  return cur;
}

function deepestNode(tree: Node, path: (string | number)[]): Node | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(tree, path.slice(0, n));
    if (node) return node.parent?.type === 'property' ? node.parent : node;
  }
  return undefined;
}
