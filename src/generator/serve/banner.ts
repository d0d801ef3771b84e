/** The short banner `dev` and `preview` start with: the local URL, the network URLs when bound beyond loopback, pages, time to ready. */
import os from 'node:os';

/** The URLs other devices reach a server bound to `host` on: every external IPv4 for a wildcard bind, else the address itself. */
export function networkUrls(host: string, port: number, base: string, interfaces = os.networkInterfaces()): string[] {
  if (/^(127\.|localhost$|::1$)/.test(host)) return [];
  const wildcard = host === '0.0.0.0' || host === '::';
  const addresses = wildcard ? Object.values(interfaces).flatMap((list) => (list ?? []).filter((i) => i.family === 'IPv4' && !i.internal).map((i) => i.address)) : [host];
  return addresses.map((a) => `http://${a.includes(':') ? `[${a}]` : a}:${port}${base}`);
}

/** The banner lines: `<name>: <url>  (<what>)`, then one `  network: <url>` line per network URL. */
export function bannerLines(name: string, url: string, what: string, network: readonly string[]): string[] {
  return [`${name}: ${url}  (${what})`, ...network.map((u) => `  network: ${u}`)];
}
