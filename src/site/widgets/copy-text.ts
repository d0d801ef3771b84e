/** What the Copy button puts on the clipboard: the code as shown, without shell `$ ` prompts. */

const SHELL = new Set(['bash', 'sh', 'shell', 'zsh', 'console', 'shellscript', 'shellsession', 'powershell']);

/** For shell blocks with `$ ` prompts, keeps only the command lines, without the prompt; otherwise the code. */
export function copyText(code: string, language: string | undefined): string {
  const text = code.replace(/\n$/, '');
  if (!language || !SHELL.has(language.toLowerCase())) return text;
  const lines = text.split('\n');
  if (!lines.some((l) => l.startsWith('$ '))) return text;
  return lines.filter((l) => l.startsWith('$ ')).map((l) => l.slice(2)).join('\n');
}

/** How long "Copied!" stays visible, in milliseconds (spec: 2000 ms). */
export const COPIED_MS = 2000;
