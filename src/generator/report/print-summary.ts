/** The closing summary of a build as terminal text. */
import type { BuildSummary } from './build-summary.js';
import type { Bytes } from './page-weight.js';
import type { Style } from './style.js';

/** Bytes for people: "812 B", "16.9 kB", "3.83 MB". */
export function formatBytes(n: number): string {
  return n < 1000 ? `${n} B` : n < 1e6 ? `${(n / 1000).toFixed(1)} kB` : `${(n / 1e6).toFixed(2)} MB`;
}

const gz = (b: Bytes) => formatBytes(b.gzip);
const ms = (n: number) => (n < 1000 ? `${n} ms` : `${(n / 1000).toFixed(2)} s`);

/** The lines after the verdict: stages, a table per page kind, the largest pages, out/, grouped warnings. */
export function summaryLines(s: BuildSummary, style: Style): string[] {
  const pad = (v: string, n: number, right = false) => (right ? v.padStart(n) : v.padEnd(n));
  const lines = [style.dim(`  stages   ${Object.entries(s.stagesMs).map(([k, v]) => `${k} ${ms(v)}`).join(' · ')}`), ''];
  lines.push(style.bold(`  ${pad('page kind', 14)}${pad('pages', 6, true)}${pad('HTML', 10, true)}${pad('CSS', 9, true)}${pad('JS', 10, true)}   median page (gzip sizes; JS run before any interaction)`));
  for (const k of s.kinds) lines.push(`  ${pad(k.kind, 14)}${pad(String(k.count), 6, true)}${pad(gz(k.html), 10, true)}${pad(gz(k.css), 9, true)}${pad(gz(k.js), 10, true)}   ${style.dim(k.page)}`);
  lines.push('', ...s.largest.map((l, i) => `  ${i ? '         ' : 'largest  '}${formatBytes(l.html.raw).padStart(8)}  ${pad(gz(l.html), 8, true)} gzip  ${l.page}`));
  lines.push(`  out/     ${s.out.files} files, ${formatBytes(s.out.bytes)}`);
  if (s.warnings.length) lines.push(`  ${style.warn('warnings')} ${warningKinds(s.warnings)}`);
  return lines;
}

/** Kinds of warning shown by name in the summary; the rest are counted (each warning is printed above it anyway). */
export const SHOWN_WARNING_KINDS = 6;

/** The most frequent kinds of warning, most frequent first, and how many more there are. */
function warningKinds(kinds: BuildSummary['warnings']): string {
  const shown = kinds.slice(0, SHOWN_WARNING_KINDS).map((w) => `${w.count}× ${w.kind}`);
  const rest = kinds.slice(SHOWN_WARNING_KINDS);
  const more = rest.reduce((n, w) => n + w.count, 0);
  return [...shown, ...(rest.length ? [`${more} more of ${rest.length} other kind${rest.length === 1 ? '' : 's'}`] : [])].join('; ');
}
