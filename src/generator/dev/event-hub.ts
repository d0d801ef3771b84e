/** Dev's live-reload channel: Server-Sent Events to every open tab, each tab known by the page it shows. */
import type http from 'node:http';

/** One connected tab: the URL path it shows (undefined: listens to everything). */
export interface EventClient { page?: string; res: http.ServerResponse }

/** The set of connected tabs and how to reach them. */
export class EventHub {
  private clients = new Set<EventClient>();
  private ping: NodeJS.Timeout;
  /** Names this server process: a tab that reconnects to a different one (dev restarted) reloads. */
  private readonly boot = `${process.pid}-${Date.now()}`;

  constructor(private readonly onConnect?: (client: EventClient) => void) {
    // A comment every 20 s keeps idle connections open through proxies and notices closed tabs.
    this.ping = setInterval(() => this.write(() => true, ': ping\n\n'), 20_000).unref();
  }

  /** Takes over a request as an event stream; `?page=` names the page the tab shows. */
  accept(req: http.IncomingMessage, res: http.ServerResponse): void {
    const page = new URL(req.url ?? '/', 'http://localhost').searchParams.get('page') ?? undefined;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-content-type-options': 'nosniff' });
    res.write(`retry: 500\nevent: hello\ndata: ${this.boot}\n\n`);
    const client: EventClient = { page, res };
    this.clients.add(client);
    const drop = () => this.clients.delete(client);
    req.on('close', drop);
    res.on('error', drop);
    this.onConnect?.(client);
  }

  /** The connected tabs. */
  list(): EventClient[] {
    return [...this.clients];
  }

  /** Sends `event` to the tabs `to` selects; resolves how many got it. */
  send(event: string, data: string, to: (client: EventClient) => boolean = () => true): number {
    const lines = data.split('\n').map((l) => `data: ${l}`).join('\n');
    return this.write(to, `event: ${event}\n${lines}\n\n`);
  }

  /** Ends every stream. */
  close(): void {
    clearInterval(this.ping);
    for (const c of this.clients) c.res.end();
    this.clients.clear();
  }

  private write(to: (client: EventClient) => boolean, chunk: string): number {
    let n = 0;
    for (const c of this.clients) {
      if (!to(c) || c.res.writableEnded) continue;
      c.res.write(chunk);
      n++;
    }
    return n;
  }
}
