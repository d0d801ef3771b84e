/**
 * Pure: what in a code fence's meta string rehype-pretty-code would take silently but wrongly: line ranges that
 * start at 0, run backwards or past the last line, and an unclosed `/word/`, `"word"`, `title="` or `caption="`.
 */

/** One mistake in a fence's meta, with how to fix it. */
export interface FenceMetaProblem { message: string; hint: string }

const QUOTED = /\b(title|caption)="[^"]*"/g;

/** The mistakes of `meta` on a block of `lineCount` lines (none for a well-formed meta). */
export function fenceMetaProblems(meta: string, lineCount: number): FenceMetaProblem[] {
  const problems: FenceMetaProblem[] = [];
  let rest = meta.replace(QUOTED, ' ');
  const open = /\b(title|caption)="/.exec(rest);
  if (open) {
    problems.push({ message: `${open[1]}=" is not closed`, hint: `close it: ${open[1]}="App.jsx"` });
    rest = rest.slice(0, open.index);
  }
  rest = rest.replace(/(?:^|\s)showLineNumbers(?:\{\d+\})?(?=\s|$)/g, ' ');
  for (const m of rest.matchAll(/\B\{(.*?)\}\B/g)) problems.push(...rangeProblems(m[1]!, lineCount));
  rest = rest.replace(/\B\{(.*?)\}\B/g, ' ').replace(/(["/])(.*?)\1(\S*)/g, ' ');
  const stray = /["/]\S*/.exec(rest);
  if (stray) problems.push({ message: `${stray[0]} is not closed`, hint: `highlight a word as /word/ (or "word"), with the closing ${stray[0][0]}` });
  return problems;
}

/** The mistakes of one `{…}` list of line numbers and ranges. */
function rangeProblems(list: string, lineCount: number): FenceMetaProblem[] {
  const problems: FenceMetaProblem[] = [];
  for (const part of list.split(',').map((p) => p.trim())) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) continue;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from === 0) problems.push({ message: `line range {${part}} starts at 0`, hint: 'lines count from 1: the first line is {1}' });
    else if (to < from) problems.push({ message: `line range {${part}} runs backwards`, hint: `write the smaller number first: {${to}-${from}}` });
    else if (to > lineCount) problems.push({ message: `line range {${part}} goes past the last line (the block has ${lineCount})`, hint: `use lines 1 to ${lineCount}` });
  }
  return problems;
}
