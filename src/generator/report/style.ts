/** How terminal output is dressed: colour only where it helps (a TTY without NO_COLOR, or FORCE_COLOR). */

/** Colour functions for one output stream; each returns its text unchanged when colour is off. */
export interface Style { color: boolean; ok(s: string): string; err(s: string): string; warn(s: string): string; dim(s: string): string; bold(s: string): string }

/**
 * Whether to colour a stream: NO_COLOR (any value) turns colour off, FORCE_COLOR (not "0") on; otherwise only a
 * TTY that is not TERM=dumb gets colour. Never escape codes in a pipe or a file unless forced.
 */
export function useColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return !!stream.isTTY && env.TERM !== 'dumb';
}

/** The style of a stream (see useColor). */
export function styleFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Style {
  const color = useColor(stream, env);
  const sgr = (open: number, close: number) => (s: string) => (color ? `\x1b[${open}m${s}\x1b[${close}m` : s);
  return { color, ok: sgr(32, 39), err: sgr(31, 39), warn: sgr(33, 39), dim: sgr(2, 22), bold: sgr(1, 22) };
}
