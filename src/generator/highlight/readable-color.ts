/** Pure: WCAG 2 contrast of colours, and a colour moved until it reads on its background (code-palette.ts's terminal colours). */

/** The relative luminance of a `#rrggbb` colour (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two `#rrggbb` colours (WCAG 2). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/**
 * `color` as text on `bg` with a contrast of 4.5:1 at least (WCAG AA): a terminal colour too faint on its theme's
 * background (light bright blue on white, dark bright black on near-black) is moved toward black or white until it is.
 */
export function readableOn(color: string, bg: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(color) || !/^#[0-9a-f]{6}$/i.test(bg)) return color;
  const toward = luminance(bg) > 0.5 ? 0 : 255;
  let c = color.toLowerCase();
  for (let step = 1; contrast(c, bg) < 4.5 && step <= 20; step++) {
    c = `#${[1, 3, 5].map((i) => Math.round(parseInt(color.slice(i, i + 2), 16) + ((toward - parseInt(color.slice(i, i + 2), 16)) * step) / 20).toString(16).padStart(2, '0')).join('')}`;
  }
  return c;
}
