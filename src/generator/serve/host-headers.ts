/** Pure: the `_headers` file of Netlify / Cloudflare Pages: parsing it, and the headers its rules give a response. */

/** One block of a `_headers` file: its URL pattern, the headers it sets (lower-case names, in order) and those it detaches (`! Name`). */
export interface HeaderRule { pattern: string; regex: RegExp; absolute: boolean; names: string[]; set: Array<[name: string, value: string]>; unset: string[] }

/** An HTTP header name (RFC 9110 token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Characters Node accepts in a header value (no control characters but tab, nothing past Latin-1). */
const VALUE = /^[\t\x20-\x7e\x80-\xff]+$/;
/** A line that starts a block: a path, or an absolute URL (Cloudflare's test). */
const PATTERN_LINE = /^(\S+:\/\/|\/)/;

/** Parses a `_headers` file into its rules, in file order; malformed lines (and the headers under a malformed pattern) are skipped. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (PATTERN_LINE.test(line)) {
      current = compileRule(line);
      if (current) rules.push(current);
    } else if (current) addHeaderLine(current, line);
  }
  return rules.filter((r) => r.set.length > 0 || r.unset.length > 0);
}

function compileRule(pattern: string): HeaderRule | undefined {
  const compiled = compilePattern(pattern);
  return compiled && { pattern, ...compiled, set: [], unset: [] };
}

/**
 * A URL pattern as a regular expression: `*` (a splat, named `splat`) matches anything, slashes included;
 * `:name` matches one path segment (one host label in an absolute `https://` pattern). Undefined when invalid.
 */
function compilePattern(pattern: string): Pick<HeaderRule, 'regex' | 'absolute' | 'names'> | undefined {
  if (/\s/.test(pattern)) return undefined;
  const absolute = pattern.startsWith('https://');
  const hostEnd = absolute ? pattern.indexOf('/', 'https://'.length) : 0;
  if (!absolute && !pattern.startsWith('/')) return undefined;
  // Absolute patterns need a path, and may not name a port (Cloudflare ignores the port of the request).
  if (hostEnd < 0 || /:\d/.test(pattern.slice(0, hostEnd))) return undefined;
  const names: string[] = [];
  let source = '';
  for (const m of pattern.matchAll(/\*|:(\w+)|[^*:]+|:/g)) {
    if (m[0] === '*') {
      names.push('splat');
      source += '(.*)';
    } else if (m[1]) {
      names.push(m[1]);
      source += m.index < hostEnd ? '([^/.]+)' : '([^/]+)';
    } else source += m[0].replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
  }
  return { regex: new RegExp(`^${source}$`), absolute, names };
}

function addHeaderLine(rule: HeaderRule, line: string): void {
  const detach = /^!\s*(\S+)$/.exec(line);
  if (detach) {
    if (TOKEN.test(detach[1]!)) rule.unset.push(detach[1]!.toLowerCase());
    return;
  }
  const colon = line.indexOf(':');
  if (colon < 0) return;
  const name = line.slice(0, colon).trim();
  const value = line.slice(colon + 1).trim();
  if (TOKEN.test(name) && VALUE.test(value)) rule.set.push([name.toLowerCase(), value]);
}

/** The values of a rule's placeholders (`splat` for `*`) when it matches the request path (and host, for absolute patterns); undefined otherwise. */
export function matchRule(rule: HeaderRule, pathname: string, host = ''): Record<string, string> | undefined {
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  const m = rule.regex.exec(rule.absolute ? `https://${hostname}${pathname}` : pathname);
  if (!m) return undefined;
  return Object.fromEntries(rule.names.map((n, i) => [n, m[i + 1] ?? '']));
}

/** Fills `:name` placeholders of a header value with the values a pattern captured, longest name first. */
function fill(value: string, captures: Record<string, string>): string {
  const names = Object.keys(captures).sort((a, b) => b.length - a.length);
  return names.reduce((v, n) => v.replaceAll(`:${n}`, captures[n]!), value);
}

/** The response headers (lower-case names) once every rule matching the request is applied to the server's `defaults`, as Cloudflare Pages does. */
export function applyHeaderRules(rules: readonly HeaderRule[], defaults: Record<string, string>, pathname: string, host = ''): Record<string, string> {
  const headers: Record<string, string> = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k.toLowerCase(), v]));
  const fromRules = new Set<string>();
  // In file order: a rule's `! Name` lines remove a header first; then its headers replace a default of the
  // same name, or join (with ", ") a value an earlier rule set.
  for (const rule of rules) {
    const captures = matchRule(rule, pathname, host);
    if (!captures) continue;
    for (const name of rule.unset) delete headers[name];
    for (const [name, raw] of rule.set) {
      const value = fill(raw, captures);
      headers[name] = fromRules.has(name) && headers[name] !== undefined ? `${headers[name]}, ${value}` : value;
      fromRules.add(name);
    }
  }
  return headers;
}
