import net from 'node:net';

/**
 * A TCP proxy between Kassa and its PostgreSQL that can make the database look frozen (a stopped
 * host, a partition that heals): while it holds, the bytes Kassa sends are kept, not forwarded and
 * not dropped, and the sockets stay open; `release()` forwards everything kept, in order, as a
 * frozen server that resumes reads what waited in its socket buffer. A connection Kassa gave up on
 * meanwhile (its query timed out) still gets its kept bytes delivered before it is closed, so
 * PostgreSQL runs those statements late, as a real frozen server would. The shared PostgreSQL
 * server itself is never paused.
 */
export interface StallingProxy {
  /** The proxy's port on 127.0.0.1. */
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  /** Holds every byte from now on, on every connection, old and new. */
  hold(): void;
  /** Holds from the first chunk Kassa sends that contains `text` (that chunk included). */
  holdWhenSent(text: string): void;
  /** Whether it holds now. */
  readonly holding: boolean;
  /** Chunks kept so far (across connections). */
  readonly heldChunks: number;
  /** Forwards everything kept, and everything from now on. */
  release(): void;
  close(): Promise<void>;
}

interface Link {
  readonly client: net.Socket;
  readonly upstream: net.Socket;
  held: Buffer[];
  clientGone: boolean;
}

export const startStallingProxy = async (target: { host: string; port: number }): Promise<StallingProxy> => {
  let holding = false;
  let trigger: string | undefined;
  let heldChunks = 0;
  const links = new Set<Link>();

  const flush = (link: Link) => {
    for (const chunk of link.held) link.upstream.write(chunk);
    link.held = [];
    if (link.clientGone) link.upstream.end();
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const link: Link = { client, upstream, held: [], clientGone: false };
    links.add(link);
    client.on('error', () => undefined);
    upstream.on('error', () => client.destroy());
    client.on('data', (chunk: Buffer) => {
      if (!holding && trigger !== undefined && chunk.includes(trigger)) {
        holding = true;
        trigger = undefined;
      }
      if (holding) {
        link.held.push(chunk);
        heldChunks++;
      } else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    // Kassa gave up on the connection: what it had sent still reaches the server (once released).
    client.on('close', () => {
      link.clientGone = true;
      if (!holding) upstream.end();
    });
    upstream.on('close', () => {
      links.delete(link);
      client.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    via(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    hold() {
      holding = true;
    },
    holdWhenSent(text: string) {
      trigger = text;
    },
    get holding() {
      return holding;
    },
    get heldChunks() {
      return heldChunks;
    },
    release() {
      holding = false;
      trigger = undefined;
      for (const link of links) flush(link);
    },
    async close() {
      for (const link of links) {
        link.client.destroy();
        link.upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
