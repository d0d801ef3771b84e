/** Trail colour validation: a six-digit hex value or one of the spec's named colours; anything else is red. */

/** The fallback (and default) trail colour. */
export const DEFAULT_TRAIL_COLOR = '#ef4444';

/** The named colours the trail accepts, mapped to hex (Tailwind 500-ish shades). */
export const NAMED_TRAIL_COLORS: Readonly<Record<string, string>> = {
  red: '#ef4444',
  blue: '#3b82f6',
  green: '#22c55e',
  yellow: '#eab308',
  purple: '#a855f7',
  orange: '#f97316',
  pink: '#ec4899',
  cyan: '#06b6d4',
  magenta: '#d946ef',
  lime: '#84cc16',
  indigo: '#6366f1',
  violet: '#8b5cf6',
  brown: '#92400e',
  gray: '#6b7280',
  grey: '#6b7280',
  black: '#000000',
  white: '#ffffff',
  teal: '#14b8a6',
  rose: '#f43f5e',
  amber: '#f59e0b',
  emerald: '#10b981',
  sky: '#0ea5e9',
  slate: '#64748b',
};

/** The hex colour for `color`: a six-digit hex as given (lower-cased), a named colour's hex, else #ef4444. */
export function resolveTrailColor(color: unknown): string {
  if (typeof color !== 'string') return DEFAULT_TRAIL_COLOR;
  if (/^#[0-9a-f]{6}$/i.test(color)) return color.toLowerCase();
  return Object.hasOwn(NAMED_TRAIL_COLORS, color.toLowerCase()) ? NAMED_TRAIL_COLORS[color.toLowerCase()]! : DEFAULT_TRAIL_COLOR;
}
