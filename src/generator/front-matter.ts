/** Splits a Markdown file into validated front matter and body, with YAML and schema errors located by line. */
import matter from 'gray-matter';
import type { z } from 'zod';
import { problem, type Problem } from './errors.js';
import { validateValue } from './validate.js';

/** Parsed Markdown source: front matter value, body text and the line the body starts on. */
export interface MarkdownSource<T> { data?: T; content: string; bodyLine: number; problems: Problem[] }

/** Parses `text` (reported as `file`) and validates its front matter against `schema`. */
export function parseFrontMatter<S extends z.ZodType>(file: string, text: string, schema: S): MarkdownSource<z.output<S>> {
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(text, {});
  } catch (e) {
    const mark = (e as { mark?: { line?: number; column?: number } }).mark;
    const reason = (e as { reason?: string }).reason ?? (e as Error).message.split('\n')[0];
    return {
      content: '',
      bodyLine: 1,
      problems: [problem(`front matter is not valid YAML: ${reason}`, { file, line: mark?.line !== undefined ? mark.line + 2 : 1, column: mark?.column !== undefined ? mark.column + 1 : undefined, hint: 'check indentation and quote values that contain ":" or "#"' })],
    };
  }
  const fmLines = parsed.matter ? parsed.matter.replace(/^\r?\n/, '').split(/\r?\n/) : [];
  const bodyStart = parsed.content ? text.lastIndexOf(parsed.content) : text.length;
  const bodyLine = bodyStart > 0 ? text.slice(0, bodyStart).split('\n').length : 1;
  const data = parsed.data && typeof parsed.data === 'object' ? parsed.data : {};
  const { value, problems } = validateValue(file, data, schema, (path) => lineInYaml(fmLines, path));
  return { data: value, content: parsed.content, bodyLine, problems };
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
