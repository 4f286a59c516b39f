/**
 * Which client sent a request, for per-client limits. The address the connection comes
 * from, unless that is a proxy the site trusts: then the address that proxy names in
 * `Forwarded` (RFC 7239) or `X-Forwarded-For`, read from the right, past every trusted
 * proxy. Headers are never believed from an address not trusted, or any client could name
 * a new address on each request and never be limited.
 */
import { BlockList, isIP } from 'node:net';

/** `192.0.2.1`, `2001:db8::/32`, `10.0.0.0/8`: an address or a CIDR range. */
export function isAddressOrRange(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `::ffff:192.0.2.1` is 192.0.2.1: Node reports IPv4 peers that way on a dual-stack socket. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function trustList(trustedProxies: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of trustedProxies) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(plain(address), type);
    else list.addSubnet(plain(address), Number(prefix), type);
  }
  return list;
}

/** A `for=` node or X-Forwarded-For entry without its quotes, brackets and port. */
function forwardedNode(value: string): string {
  const node = value.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(node);
  if (bracketed) return bracketed[1]!;
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(node);
  return plain(withPort ? withPort[1]! : node);
}

/** The addresses a request passed through, nearest last, as its proxies wrote them. */
function forwardedChain(headers: Headers): string[] {
  const forwarded = headers.get('forwarded');
  if (forwarded) {
    return forwarded
      .split(',')
      .map((element) => /(?:^|;)\s*for=("[^"]*"|[^;,\s]*)/i.exec(element)?.[1] ?? '')
      .map(forwardedNode);
  }
  return (headers.get('x-forwarded-for') ?? '').split(',').map(forwardedNode).filter(Boolean);
}

/**
 * A function from a request's peer address and headers to its client's address, for a
 * site behind the given proxies (addresses or CIDR ranges; none by default).
 */
export function createClientAddress(trustedProxies: readonly string[]) {
  const trusted = trustList(trustedProxies);
  const isTrusted = (address: string) => {
    const family = isIP(address);
    return family !== 0 && trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
  return function clientAddress(peer: string | undefined, headers: Headers): string {
    let client = plain(peer ?? 'unknown');
    if (!trustedProxies.length || !isTrusted(client)) return client;
    const chain = forwardedChain(headers);
    // Right to left: each trusted proxy vouches for the address before it.
    for (let index = chain.length - 1; index >= 0; index--) {
      client = chain[index]!;
      if (!client || !isTrusted(client)) break;
    }
    return client || plain(peer ?? 'unknown');
  };
}

export type ClientAddress = ReturnType<typeof createClientAddress>;
