/** What the Copy button puts on the clipboard: the code alone, without removed diff lines or shell `$ ` prompts. */

/** One line of a code block as the page shows it: its text, and whether it is a removed line of a diff. */
export interface ShownLine { text: string; removed: boolean }

/**
 * The code of a block's lines: lines marked removed (`// [!code --]`) left out, and the one space that keeps an
 * empty line visible dropped. Line numbers and highlight marks are styling, not text, so they never get in.
 */
export function codeOfLines(lines: readonly ShownLine[]): string {
  return lines.filter((l) => !l.removed).map((l) => (l.text === ' ' ? '' : l.text)).join('\n');
}

const SHELL = new Set(['bash', 'sh', 'shell', 'zsh', 'console', 'shellscript', 'shellsession', 'powershell']);

/**
 * For shell blocks with `$ ` prompts, keeps only the commands, without the prompt: a prompt line and the lines it
 * continues (each line before ending in a backslash); the output lines go. Otherwise the code as it is.
 */
export function copyText(code: string, language: string | undefined): string {
  const text = code.replace(/\n$/, '');
  if (!language || !SHELL.has(language.toLowerCase())) return text;
  const lines = text.split('\n');
  if (!lines.some((l) => l.startsWith('$ '))) return text;
  const kept: string[] = [];
  let continued = false;
  for (const l of lines) {
    const prompt = l.startsWith('$ ');
    if (prompt || continued) kept.push(prompt ? l.slice(2) : l);
    continued = (prompt || continued) && /\\\s*$/.test(l);
  }
  return kept.join('\n');
}

/** How long "Copied!" stays visible, in milliseconds (spec: 2000 ms). */
export const COPIED_MS = 2000;
