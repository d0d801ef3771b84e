/**
 * The code colours: both Shiki themes resolved once, a token's TextMate scopes -> CSS classes for the two
 * themes, and the stylesheet those classes need. One tokenization serves both themes, and a token is a short
 * class list instead of an inline style (no per-token style parsing at render time, a third of the bytes).
 */
import { Theme, type IRawTheme } from '@shikijs/vscode-textmate';
import darkTheme from '@shikijs/themes/github-dark-default';
import lightTheme from '@shikijs/themes/github-light-default';
import { normalizeTheme, type ThemeRegistrationResolved } from '@shikijs/core';
import { CODE_THEMES } from './code-themes.js';
import { ANSI_COLORS, ansiClassName } from './ansi-runs.js';
import { readableOn } from './readable-color.js';

/** vscode-textmate's FontStyle bits (a const enum there, so not importable). */
const FontStyle = { NotSet: -1, Italic: 1, Bold: 2, Underline: 4, Strikethrough: 8 } as const;

/** One theme as the highlighter uses it: the matcher, its colours by id, its default style, its terminal colours. */
interface ResolvedTheme { prefix: 'd' | 'l'; theme: Theme; colors: string[]; fg: number; fontStyle: number; replacements: Record<string, string>; terminal: Record<string, string | undefined> }

let resolved: { dark: ResolvedTheme; light: ResolvedTheme } | undefined;
/** The classes of scope lists already seen, as a tree with one level per scope: no key string to build per token. */
interface ClassNode { cls?: string; next?: Map<string, ClassNode> }
const classTree: ClassNode = {};

function resolve(raw: unknown, prefix: 'd' | 'l'): ResolvedTheme {
  const reg = normalizeTheme(raw as ThemeRegistrationResolved);
  const theme = Theme.createFromRawTheme(reg as unknown as IRawTheme);
  const defaults = theme.getDefaults();
  const replacements = Object.fromEntries(Object.entries(reg.colorReplacements ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const terminal = Object.fromEntries(['fg', ...ANSI_COLORS].map((n) => [n, n === 'fg' ? reg.fg : reg.colors?.[`terminal.ansi${n[0]!.toUpperCase()}${n.slice(1)}`]]));
  terminal.dim = reg.colors?.descriptionForeground;
  terminal.bg = reg.bg;
  return { prefix, theme, colors: theme.getColorMap(), fg: defaults.foregroundId, fontStyle: Math.max(0, defaults.fontStyle), replacements, terminal };
}

function themes() {
  if (!resolved) {
    if ((darkTheme as { name?: string }).name !== CODE_THEMES.dark || (lightTheme as { name?: string }).name !== CODE_THEMES.light) throw new Error('code-palette.ts imports other themes than code-themes.ts names');
    resolved = { dark: resolve(darkTheme, 'd'), light: resolve(lightTheme, 'l') };
  }
  return resolved;
}

/** The foreground id and font style a scope list gets in `t`, exactly as vscode-textmate's tokenizer merges them. */
function styleOf(t: ResolvedTheme, scopes: readonly string[]): { fg: number; fontStyle: number } {
  let fg = t.fg;
  let fontStyle = t.fontStyle;
  let path: { parent: unknown; scopeName: string } | null = null;
  for (const scope of scopes) {
    for (const name of scope.split(' ')) {
      path = { parent: path, scopeName: name };
      const m = t.theme.match(path as Parameters<Theme['match']>[0]);
      if (!m) continue;
      if (m.fontStyle !== FontStyle.NotSet) fontStyle = m.fontStyle;
      if (m.foregroundId !== 0) fg = m.foregroundId;
    }
  }
  return { fg, fontStyle };
}

const FONT_CLASSES: [number, string][] = [
  [FontStyle.Italic, 'i'],
  [FontStyle.Bold, 'b'],
  [FontStyle.Underline, 'u'],
  [FontStyle.Strikethrough, 's'],
];

function themeClasses(t: ResolvedTheme, scopes: readonly string[]): string[] {
  const { fg, fontStyle } = styleOf(t, scopes);
  const out = fg === t.fg ? [] : [`${t.prefix}${fg}`];
  for (const [bit, c] of FONT_CLASSES) if (fontStyle & bit) out.push(`${t.prefix}${c}`);
  return out;
}

/** The classes of a token with these scopes ("" when it has the default style in both themes). */
export function tokenClass(scopes: readonly string[]): string {
  let node = classTree;
  for (const scope of scopes) {
    const next = (node.next ??= new Map());
    let child = next.get(scope);
    if (!child) next.set(scope, (child = {}));
    node = child;
  }
  if (node.cls === undefined) {
    const { dark, light } = themes();
    node.cls = [...themeClasses(dark, scopes), ...themeClasses(light, scopes)].join(' ');
  }
  return node.cls;
}

/** Whether a token of this class may absorb neighbouring whitespace without changing what is drawn. */
export function whitespaceNeutral(cls: string): boolean {
  return !/\b[dl][us]\b/.test(cls);
}

function colorOf(t: ResolvedTheme, id: number): string {
  const c = t.colors[id]!;
  return t.replacements[c.toLowerCase()] ?? c;
}

/**
 * The rules of terminal output's classes (see ansi-runs.ts) in one theme: its sixteen terminal colours as text
 * (`a-red`) and background (`ab-red`), and reversed default text (`a-bg` on `ab-fg`).
 */
function terminalRules(t: ResolvedTheme, scope: string): string[] {
  const rules: string[] = [];
  const bg = t.terminal.bg ?? (t.prefix === 'd' ? '#000000' : '#ffffff');
  for (const name of ANSI_COLORS) {
    const c = t.terminal[name];
    if (c) rules.push(`${scope} .a-${ansiClassName(name)}{color:${readableOn(c, bg)}}`, `${scope} .ab-${ansiClassName(name)}{background-color:${c}}`);
  }
  rules.push(`${scope} .a-bg{color:var(--code-bg)}`, `${scope} .ab-fg{background-color:${t.terminal.fg}}`);
  if (t.terminal.dim) rules.push(`${scope} .adim{color:${readableOn(t.terminal.dim, bg)}}`);
  return rules;
}

/**
 * The stylesheet of the code classes. Light is the default; `html.dark` resets every token to the dark
 * default, then applies the dark classes (more specific than both).
 */
export function codePaletteCss(): string {
  const { dark, light } = themes();
  // The code element of blocks and of inline code with a language (rehype-pretty-code gives both a data-theme).
  const code = 'code[data-theme]';
  const rules: string[] = [
    `${code}{color:${colorOf(light, light.fg)}}`,
    `html.dark ${code}{color:${colorOf(dark, dark.fg)}}`,
    `html.dark ${code} span{color:inherit;font-style:normal;font-weight:inherit;text-decoration:none}`,
  ];
  const font = (prefix: string, scope: string) => [
    `${scope}${code} .${prefix}i{font-style:italic}`,
    `${scope}${code} .${prefix}b{font-weight:bold}`,
    `${scope}${code} .${prefix}u{text-decoration:underline}`,
    `${scope}${code} .${prefix}s{text-decoration:line-through}`,
    `${scope}${code} .${prefix}u.${prefix}s{text-decoration:underline line-through}`,
  ];
  for (const [t, scope] of [[light, ''], [dark, 'html.dark ']] as const) {
    t.colors.forEach((_, id) => {
      if (id > 0 && id !== t.fg) rules.push(`${scope}${code} .${t.prefix}${id}{color:${colorOf(t, id)}}`);
    });
    rules.push(...font(t.prefix, scope));
  }
  return `${rules.join('\n')}\n`;
}

/**
 * The stylesheet of terminal output's classes in both themes (see terminalRules), minified: a page that shows
 * terminal output carries it inline, so the shared stylesheet of every other page does not (0.5 kB gzip).
 */
export function terminalCss(): string {
  const { dark, light } = themes();
  return [...terminalRules(light, 'code[data-theme]'), ...terminalRules(dark, 'html.dark code[data-theme]')].join('');
}
