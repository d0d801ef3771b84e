/** Turns raw file text into validated values, mapping every parse and schema failure to a located Problem. */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { z } from 'zod';
import { nearest, problem, type Problem } from './errors.js';

/** 1-based line and column of a character offset. */
export function lineOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) [line, last] = [line + 1, i];
  return { line, column: offset - last };
}

/** Parses a JSON file strictly (no comments, no trailing commas) and validates it; returns the value or problems. */
export function validateJson<S extends z.ZodType>(file: string, text: string, schema: S): { value?: z.output<S>; problems: Problem[] } {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length || !tree) {
    const first = errors[0];
    const at = first ? lineOf(text, first.offset) : { line: 1, column: 1 };
    const what = first ? printParseErrorCode(first.error) : 'EmptyFile';
    return { problems: [problem(`malformed JSON (${what})`, { file, ...at, hint: text.trim() ? 'check for a missing comma, quote or bracket near this line' : 'the file is empty: it must hold JSON' })] };
  }
  const raw: unknown = JSON.parse(text);
  return validateValue(file, raw, schema, (path) => {
    const node = deepestNode(tree, path);
    return node ? lineOf(text, node.offset).line : undefined;
  });
}

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
  const problems = result.error.issues.map((issue): Problem => {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeys(schema, path);
      return problem(`unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`, {
        file,
        line: lineFor([...path, issue.keys[0]!]) ?? lineFor(path),
        field: describe(path) || '(top level)',
        hint: hintForUnknown(issue.keys[0]!, known),
      });
    }
    return problem(expectation(issue), { file, line: lineFor(path) ?? lineFor(path.slice(0, -1)), field: describe(path) || '(top level)', hint: hintFor(issue) });
  });
  return { problems };
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
  return issue.message;
}

function hintFor(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'add this required field';
  if (issue.code === 'invalid_type' && issue.expected === 'array') return 'wrap the value in [ ] to make a list';
  if (issue.code === 'invalid_type') return `change the value to a ${issue.expected}`;
  if (issue.code === 'too_small') return 'this value is too short or has too few items';
  if (issue.code === 'invalid_format') return 'fix the value to match the expected format';
  return undefined;
}

function hintForUnknown(key: string, known: string[]): string {
  const near = nearest(key, known);
  return near ? `did you mean "${near}"?` : `remove it; known fields are: ${known.join(', ')}`;
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
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
