/** Splits a Markdown file into validated front matter and body, with YAML and schema errors located by line. */
import matter from 'gray-matter';
import type * as z from 'zod';
import { problem, type Problem } from '../problems/problem.js';
import { isCalendarDate } from './schemas.js';
import { fieldName, validateValue } from './validate-json.js';

/** Parsed Markdown source: front matter value, body text and the line the body starts on. */
export interface MarkdownSource<T> { data?: T; content: string; bodyLine: number; problems: Problem[] }

/**
 * Where the front matter ends: the offset just past the closing `---` line, or undefined when the file has none
 * (or never closes it). gray-matter then only sees that head: handing it the whole file made it copy and hash
 * every body, most of the load stage of a 4,000-page site.
 */
function frontMatterEnd(text: string): number | undefined {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return undefined;
  const close = /\r?\n---[ \t]*(\r?\n|$)/g;
  close.lastIndex = open[0].length - 1;
  const m = close.exec(text);
  return m ? m.index + m[0].length : undefined;
}

/** Parses `text` (reported as `file`) and validates its front matter against `schema`. */
export function parseFrontMatter<S extends z.ZodType>(file: string, text: string, schema: S): MarkdownSource<z.output<S>> {
  const end = frontMatterEnd(text);
  const head = end === undefined ? text : text.slice(0, end);
  const tab = tabIndentedLine(head);
  if (tab) return { content: '', bodyLine: 1, problems: [problem('front matter is indented with a tab', { file, line: tab.line, field: tab.key, hint: 'YAML needs spaces for indentation: replace the tab with spaces (two per level)' })] };
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(head, {});
  } catch (e) {
    // Without its closing line, the whole body was read as YAML: that is the mistake to name, not the YAML's.
    const unclosed = end === undefined && /^---[ \t]*\r?\n/.test(text);
    const why = unclosed ? problem('front matter is never closed', { file, line: 1, hint: 'end the front matter with a line of three dashes (---) before the body' }) : yamlProblem(file, text, e);
    return { content: '', bodyLine: 1, problems: [why] };
  }
  const content = end === undefined ? parsed.content : text.slice(end);
  const fmLines = parsed.matter ? parsed.matter.replace(/^\r?\n/, '').split(/\r?\n/) : [];
  const bodyStart = text.length - content.length;
  const bodyLine = bodyStart > 0 ? countLines(text, bodyStart) : 1;
  const data = parsed.data && typeof parsed.data === 'object' ? parsed.data : {};
  const { value, problems } = validateValue(file, data, schema, (path) => (path.length ? lineInYaml(fmLines, path) : fmLines.length ? 2 : undefined), (path) => fieldName(path) || 'front matter');
  for (const p of problems) if (p.field === 'front matter' && Array.isArray(data)) p.hint = 'front matter is a list of "name: value" lines, not a list of items';
  problems.push(...impossibleDates(file, data, fmLines));
  return { data: problems.length ? undefined : value, content, bodyLine, problems };
}

/**
 * The front matter's unquoted dates that do not exist: YAML reads `2026-13-45` as a date and rolls it over into
 * 2027-02-14, so the text as written is checked.
 */
function impossibleDates(file: string, data: object, fmLines: string[]): Problem[] {
  const problems: Problem[] = [];
  for (const [key, v] of Object.entries(data)) {
    if (!(v instanceof Date)) continue;
    const line = lineInYaml(fmLines, [key]);
    const written = line === undefined ? undefined : /:\s*([^#]*)/.exec(fmLines[line - 2]!)?.[1]?.trim();
    if (written !== undefined && !isCalendarDate(written)) problems.push(problem(`${written} is not a date that exists`, { file, line, field: key, hint: 'write an ISO date such as 2026-01-31 (month 01-12, a day that month has)' }));
  }
  return problems;
}

/** 1-based line number of offset `end` in `text`. */
function countLines(text: string, end: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The first front matter line indented with a tab (YAML forbids tabs there; js-yaml misreads some). */
function tabIndentedLine(text: string): { line: number; key?: string } | undefined {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return undefined;
  for (let i = 1; i < lines.length && lines[i]!.trim() !== '---'; i++) if (/^ *\t/.test(lines[i]!)) return { line: i + 1, key: keyOf(lines[i]!) };
  return undefined;
}

/** A js-yaml exception as a located problem: the line in the file, the key written on it, and a fix. */
function yamlProblem(file: string, text: string, e: unknown): Problem {
  const mark = (e as { mark?: { line?: number; column?: number } }).mark;
  const reason = (e as { reason?: string }).reason ?? (e as Error).message.split('\n')[0] ?? 'unknown YAML error';
  const lines = text.split(/\r?\n/);
  // js-yaml counts from the rest of the opening "---" line (line 1 of the file).
  const line = mark?.line !== undefined ? mark.line + 1 : 1;
  const close = lines.findIndex((l, i) => i > 0 && l.trim() === '---') + 1;
  const atEnd = close > 0 && line >= close;
  // A bracket or quote left open is found where the YAML goes on past it: name the line that opened it.
  const opener = /flow|quoted scalar|missed comma/.test(reason) ? unclosedOpener(lines, close > 0 ? close - 1 : lines.length) : undefined;
  const at = opener ? opener.line : line;
  let key: string | undefined;
  for (let i = Math.min(at, lines.length) - 1; i >= 1 && !key; i--) key = keyOf(lines[i]!);
  const hint = /duplicated mapping key/.test(reason)
    ? 'each name may appear once: remove or merge the repeated one'
    : opener
      ? `the ${opener.char} opened here is never closed: close it, or quote the whole value`
      : atEnd
        ? 'a quote or bracket opened above is never closed: close it, or quote the whole value'
        : /missed comma/.test(reason)
          ? 'separate the entries of a [list] or {map} with commas, or quote the whole value'
          : 'check indentation and quote values that contain ":" or "#"';
  const column = opener ? opener.column : mark?.column !== undefined && !atEnd ? mark.column + 1 : undefined;
  return problem(`front matter is not valid YAML: ${reason}`, { file, line: at, column, field: key, hint });
}

/** What may stand before a value's first character on its line ('' for the line's start). */
const VALUE_STARTS = ['', ':', '-', '[', '{', ','];

/**
 * The quote, else the innermost bracket (`[`, `{`), that front matter lines 2 to `last` (1-based, of the file)
 * leave open, with where it opened; undefined when every one is closed. Comments are skipped.
 */
function unclosedOpener(lines: readonly string[], last: number): { char: string; line: number; column: number } | undefined {
  const open: { char: string; line: number; column: number }[] = [];
  let quote: { char: string; line: number; column: number } | undefined;
  for (let l = 2; l <= Math.min(last, lines.length); l++) {
    const text = lines[l - 1]!;
    // The last character outside quotes and spaces on this line: a quote or bracket opens only where a value
    // starts (after "key:", "-", "[", "{" or ","), not inside a plain value (`it's`, `a [b`).
    let prev = '';
    for (let c = 0; c < text.length; c++) {
      const ch = text[c]!;
      if (quote) {
        if (quote.char === '"' && ch === '\\') c++;
        else if (ch === quote.char && quote.char === "'" && text[c + 1] === "'") c++;
        else if (ch === quote.char) quote = undefined;
        continue;
      }
      if (ch === ' ' || ch === '\t') continue;
      if (ch === '#' && (c === 0 || /\s/.test(text[c - 1]!))) break;
      const starts = VALUE_STARTS.includes(prev);
      if (starts && (ch === '"' || ch === "'")) quote = { char: ch, line: l, column: c + 1 };
      else if (starts && (ch === '[' || ch === '{')) open.push({ char: ch, line: l, column: c + 1 });
      else if (open.length && (ch === ']' || ch === '}')) open.pop();
      prev = ch;
    }
  }
  return quote ?? open.at(-1);
}

function keyOf(line: string): string | undefined {
  return /^\s*(?:-\s+)?([A-Za-z_][\w-]*)\s*:/.exec(line)?.[1];
}

/** Best-effort line of a field path in YAML front matter (1-based, counting the opening `---`). */
function lineInYaml(lines: string[], path: (string | number)[]): number | undefined {
  let from = 0;
  let indent = -1;
  let found: number | undefined;
  for (const key of path) {
    let hit = -1;
    if (typeof key === 'number') {
      let count = -1;
      for (let i = from; i < lines.length; i++) {
        const m = /^(\s*)-\s/.exec(lines[i]!);
        if (m && m[1]!.length > indent - 1 && ++count === key) { hit = i; break; }
      }
    } else {
      const re = new RegExp(`^(\\s*)(?:-\\s+)?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`);
      for (let i = from; i < lines.length; i++) if (re.test(lines[i]!)) { hit = i; break; }
    }
    if (hit < 0) break;
    found = hit + 2;
    from = hit + (typeof key === 'number' ? 0 : 1);
    indent = /^\s*/.exec(lines[hit]!)![0].length;
  }
  return found;
}
