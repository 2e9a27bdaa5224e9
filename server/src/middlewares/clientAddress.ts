import net from 'node:net';
import type { Context, Middleware } from 'koa';

/** A BlockList of the configured proxies (TRUSTED_PROXIES: addresses and CIDR ranges). */
export function trustedProxyList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/**
 * The address of the client, as the last proxy we trust saw it. Each proxy appends the address of its
 * peer to X-Forwarded-For, so the list is read from the right: starting at the socket's peer, every hop
 * that is one of our proxies hands over to the entry it wrote, and the first hop that is not ours is
 * the client. Entries further left were written by the client itself and mean nothing: believing them
 * (as trusting the leftmost entry did) let anyone send a new address with each request and slip past
 * every per-IP limit.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | undefined, trusted: net.BlockList): string {
  let client = normalise(peer) ?? peer;
  const hops = (forwardedFor ?? '').split(',').map((hop) => hop.trim()).filter(Boolean);
  while (isTrusted(client, trusted)) {
    const written = hops.pop();
    if (written === undefined) break;
    const address = normalise(written);
    // Garbage from one of our own proxies: keep the proxy's address rather than trust a free-form string.
    if (address === null) break;
    client = address;
  }
  return client;
}

function isTrusted(address: string, trusted: net.BlockList): boolean {
  const family = net.isIP(address);
  return family !== 0 && trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** A plain IP address from what a socket or a proxy reports ("::ffff:1.2.3.4", "1.2.3.4:5678", "[::1]:80"), or null. */
function normalise(value: string): string | null {
  let address = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  if (address.toLowerCase().startsWith('::ffff:') && net.isIPv4(address.slice(7))) address = address.slice(7);
  return net.isIP(address) === 0 ? null : address;
}

/**
 * The client's source port (issue 38: a 発信者情報開示 names address, port and time, because carrier-grade
 * NAT puts many subscribers behind one address). A direct connection's remote port is the client's own.
 * Behind one of our proxies the socket's port is the proxy's, so only the proxy's X-Forwarded-Port is
 * believed, and only when the socket's peer is a trusted proxy; without it the port is unknown (null).
 */
export function resolveClientPort(peer: string, peerPort: number | undefined, forwardedPort: string | undefined, trusted: net.BlockList): number | null {
  if (!isTrusted(normalise(peer) ?? peer, trusted)) return peerPort ?? null;
  const port = /^\d{1,5}$/.test(forwardedPort?.trim() ?? '') ? Number(forwardedPort) : NaN;
  return port >= 1 && port <= 65535 ? port : null;
}

/** Where the middleware leaves the port on ctx.state. */
const CLIENT_PORT = 'clientPort';

/** Sets ctx.ip (what rate limits count by) to the client's address as resolveClientAddress finds it, and keeps its port. */
export function clientAddress(trustedProxies: readonly string[]): Middleware {
  const trusted = trustedProxyList(trustedProxies);
  return async (ctx, next) => {
    const peer = ctx.req.socket.remoteAddress ?? '';
    ctx.request.ip = resolveClientAddress(peer, ctx.get('X-Forwarded-For') || undefined, trusted);
    ctx.state[CLIENT_PORT] = resolveClientPort(peer, ctx.req.socket.remotePort, ctx.get('X-Forwarded-Port') || undefined, trusted);
    await next();
  };
}

/** Where this request came from, for the disclosure records (commands/disclosureRecords.ts). */
export function requestSource(ctx: Context): { address: string; port: number | null } {
  const port = ctx.state[CLIENT_PORT] as number | null | undefined;
  return { address: ctx.ip, port: port ?? null };
}
