/** A redirect stub page: meta refresh 0, canonical link, location.replace, a visible link and noindex. */
import { escapeHtml } from './escape.js';
import { contentSecurityPolicy } from './csp.js';
import { redirectScript } from '../islands/inline-scripts.js';

/** HTML of a page at some path that sends visitors to `target` (a base-prefixed path) whose canonical URL is `canonical`. */
export function redirectStub(target: string, canonical: string, lang: string): string {
  const script = redirectScript(target);
  const t = escapeHtml(target);
  return `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"/><meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy([script]))}"/><title>Redirecting&hellip;</title><meta name="robots" content="noindex, follow"/><meta http-equiv="refresh" content="0; url=${t}"/><link rel="canonical" href="${escapeHtml(canonical)}"/><script>${script}</script></head><body><p>Redirecting to <a href="${t}">${t}</a>&hellip;</p></body></html>`;
}
