import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a server that a test can cut and join again, so a client meets an outage at a
 * moment the test chooses while the server itself (and the test's own connections to it) stay up.
 */
export interface TcpCut {
  readonly port: number;
  /** Closes every relayed connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts and relays again, on the same port. */
  join(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpCut(targetPort: number, host = '127.0.0.1'): Promise<TcpCut> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const made = createServer((client) => {
        const upstream = connect(targetPort, host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      made.once('error', reject);
      made.listen(port, host, () => {
        server = made;
        const address = made.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stop = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  const port = await listen(0);
  return {
    port,
    cut: stop,
    join: async () => {
      await listen(port);
    },
    close: stop,
  };
}
