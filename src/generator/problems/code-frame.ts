/** Pure: a few source lines around a problem's line, with a marker, for the terminal and the dev overlay. */

/** Lines of `text` around `line` (1-based), numbered, the line itself marked with ">" and a caret under `column`. */
export function codeFrame(text: string, line: number, column?: number, context = 2): string {
  const lines = text.split(/\r?\n/);
  if (!Number.isInteger(line) || line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const src = lines[n - 1]!.replace(/\t/g, '  ');
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${src}`.trimEnd());
    if (n === line && column && column > 0) {
      const before = lines[n - 1]!.slice(0, column - 1).replace(/\t/g, '  ');
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(before.length)}^`);
    }
  }
  return out.join('\n');
}
