/**
 * Terminal output (` ```ansi `): its escape sequences read by Shiki's ANSI tokenizer, its colours as classes
 * of the code palette, so that the sixteen terminal colours are each theme's own (see code-palette.ts) and the
 * text shows without the escapes. Colours of the 256-colour table and RGB ones take the nearest of the sixteen.
 */
import { tokenizeAnsiWithTheme, type ThemeRegistrationResolved } from '@shikijs/core';

/** A line's runs of [text, classes], as highlight-code.ts's LineRuns. */
type Runs = [text: string, classes: string][];

/** The sixteen terminal colours, by the names of Shiki's tokenizer and of the palette's classes (`a-red`). */
export const ANSI_COLORS = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'brightBlack', 'brightRed', 'brightGreen', 'brightYellow', 'brightBlue', 'brightMagenta', 'brightCyan', 'brightWhite'] as const;

/** xterm's values of the sixteen, to place a 256-colour or RGB colour by. */
const XTERM = ['#000000', '#cd0000', '#00cd00', '#cdcd00', '#0000ee', '#cd00cd', '#00cdcd', '#e5e5e5', '#7f7f7f', '#ff0000', '#00ff00', '#ffff00', '#5c5cff', '#ff00ff', '#00ffff', '#ffffff'];

/** The class name of a terminal colour: `brightRed` -> `bright-red`. */
export function ansiClassName(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** A theme whose colours are markers the runs are read back from: the tokenizer only resolves colours. */
const MARKERS = {
  name: 'reactsite-ansi',
  type: 'dark',
  fg: 'var(--x-ansi-fg)',
  bg: 'var(--x-ansi-bg)',
  settings: [],
  colors: Object.fromEntries(ANSI_COLORS.map((n) => [`terminal.ansi${n[0]!.toUpperCase()}${n.slice(1)}`, `var(--x-ansi-${ansiClassName(n)})`])),
} as unknown as ThemeRegistrationResolved;

/** The terminal colour a resolved colour stands for (its marker, or the nearest of the sixteen to a hex colour), and whether it is dimmed. */
function colorName(color: string | undefined): { name?: string; dim: boolean } {
  if (!color) return { dim: false };
  const marker = /^var\(--x-ansi-([a-z-]+?)(-dim)?\)$/.exec(color);
  if (marker) return { name: marker[1], dim: !!marker[2] };
  const hex = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(color);
  if (!hex) return { dim: false };
  const rgb = (h: string) => [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  const [r, g, b] = rgb(hex[1]!);
  let best = 0;
  let bestDistance = Infinity;
  XTERM.forEach((x, i) => {
    const [xr, xg, xb] = rgb(x.slice(1));
    const d = (r! - xr!) ** 2 + (g! - xg!) ** 2 + (b! - xb!) ** 2;
    if (d < bestDistance) [best, bestDistance] = [i, d];
  });
  return { name: ansiClassName(ANSI_COLORS[best]!), dim: !!hex[2] };
}

/** Shiki's font style bits and the palette's classes for them, in both themes. */
const FONT = [
  [1, 'li di'],
  [2, 'lb db'],
  [4, 'lu du'],
  [8, 'ls ds'],
] as const;

/** The classes of one token: its colour (`a-red`; `a-bg` for reversed default text), its background (`ab-red`), dim, font. */
function tokenClasses(token: { color?: string; bgColor?: string; fontStyle?: number }): string {
  const fg = colorName(token.color);
  const bg = colorName(token.bgColor);
  const out: string[] = [];
  if (fg.name && fg.name !== 'fg') out.push(`a-${fg.name}`);
  if (bg.name) out.push(`ab-${bg.name}`);
  // Dim is a muted colour of its own where the text has none (opacity would take it under WCAG's contrast).
  if (fg.dim && (!fg.name || fg.name === 'fg')) out.push('adim');
  for (const [bit, cls] of FONT) if ((token.fontStyle ?? 0) & bit) out.push(cls);
  return out.join(' ');
}

/** The runs of terminal output `text`, line by line, without its escape sequences. */
export function ansiRuns(text: string): Runs[] {
  const lines = tokenizeAnsiWithTheme(MARKERS, text);
  return lines.map((tokens) => {
    const out: Runs = [];
    for (const t of tokens) {
      if (!t.content) continue;
      const cls = tokenClasses(t);
      const last = out[out.length - 1];
      if (last && last[1] === cls) last[0] += t.content;
      else out.push([t.content, cls]);
    }
    return out;
  });
}
