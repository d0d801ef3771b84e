/** Content-Security-Policy: only the site's own scripts, plus the exact inline scripts by hash. */
import { createHash } from 'node:crypto';

const hashes = new Map<string, string>();

/** The `sha256-…` source of an inline script's text (every page has the same few scripts: each is hashed once). */
export function scriptHash(script: string): string {
  let hash = hashes.get(script);
  if (hash === undefined) {
    if (hashes.size > 100) hashes.clear();
    hashes.set(script, (hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`));
  }
  return hash;
}

/** The policy for a page whose inline scripts are `inline`. No `unsafe-inline` for scripts. */
export function contentSecurityPolicy(inline: readonly string[]): string {
  const hashes = [...new Set(inline.map(scriptHash))].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
