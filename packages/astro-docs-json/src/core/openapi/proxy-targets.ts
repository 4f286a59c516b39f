/**
 * Which URLs the API playground's proxy may call. Docs repositories take pull requests
 * from strangers and the proxy runs inside the site's network, so it only calls URLs
 * under a server the OpenAPI documents declare, and only reaches private or local
 * addresses through a server that names its host outright.
 *
 * Pure (no Node APIs), so every rule here is unit-tested on its own.
 */
import type { ServerTemplate } from './operations.ts';

type Variable = ServerTemplate['variables'][number];

/** The raw pieces of a server URL template, variables still in braces. */
interface TemplateParts {
  scheme: string;
  host: string;
  port: string | undefined;
  path: string;
}

/** What a variable without an enum may stand for: never a character that ends a URL part. */
const FREE_IN_PATH = '[^/?#@:]+';
/** In the host a variable is one label: `{region}.example.com` must not swallow `evil.com/.example.com`. */
const FREE_IN_HOST = '[^/?#@:.]+';
/** Letters and digits only, which the URL parser neither escapes nor changes (hosts are lowercased anyway). */
const placeholder = (index: number) => `zqv${index}vqz`;
const PLACEHOLDER = /zqv(\d+)vqz/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';
const defaultPort = (scheme: string) => (scheme === 'https' ? '443' : '80');

/**
 * The server whose URL template `url` falls under: same scheme, host and port, and a path
 * that starts with the server's path at a segment boundary (`/v1` covers `/v1/x`, not `/v10`).
 */
export function declaredTarget(url: URL, servers: readonly ServerTemplate[]): ServerTemplate | undefined {
  // Userinfo never matches: `https://api.example.com@evil.com` reads as one host to a person and another to a parser.
  if (!isHttp(url) || url.username !== '' || url.password !== '') return undefined;
  return servers.find((server) => fallsUnder(url, server));
}

/** Whether some server URL names exactly this host, with no variable in its host part. */
export function isLiteralHost(host: string, servers: readonly ServerTemplate[]): boolean {
  const wanted = normalizeHost(host);
  if (wanted === undefined) return false;
  return servers.some((server) => {
    const parts = splitTemplate(server.url);
    return parts !== undefined && !parts.host.includes('{') && normalizeHost(parts.host) === wanted;
  });
}

function fallsUnder(url: URL, server: ServerTemplate): boolean {
  const parts = splitTemplate(server.url);
  if (!parts) return false;
  const scheme = url.protocol.slice(0, -1);
  const schemePattern = plainPattern(parts.scheme, server.variables, (text) => text.toLowerCase());
  if (!new RegExp(`^${schemePattern}$`, 'i').test(scheme)) return false;
  if (!portMatches(url, scheme, parts.port, server.variables)) return false;
  const patterns = hostAndPathPatterns(scheme, parts, server.variables);
  return patterns !== undefined && patterns.host.test(url.hostname) && patterns.path.test(url.pathname);
}

/** `scheme://authority/path`; anything else (a relative server URL, userinfo) never matches. */
function splitTemplate(template: string): TemplateParts | undefined {
  const match = /^([^:/?#]+):\/\/([^/?#]*)([^?#]*)/.exec(template.trim());
  if (!match) return undefined;
  const [, scheme = '', authority = '', path = ''] = match;
  if (authority.includes('@')) return undefined;
  // An IPv6 literal keeps its colons inside the brackets.
  const hostAndPort = authority.startsWith('[') ? /^(\[[^\]]*\])(?::(.*))?$/.exec(authority) : /^([^:]*)(?::(.*))?$/.exec(authority);
  if (!hostAndPort || !hostAndPort[1]) return undefined;
  return { scheme, host: hostAndPort[1], port: hostAndPort[2] || undefined, path };
}

/** The template's text with each `{variable}` replaced by `replace(name)`. */
function substitute(text: string, replace: (name: string) => string, literal: (text: string) => string = (t) => t): string {
  return text.split(/(\{[^{}]*\})/).map((piece) => (/^\{[^{}]*\}$/.test(piece) ? replace(piece.slice(1, -1)) : literal(piece))).join('');
}

function variablePattern(name: string, variables: readonly Variable[], free: string, normalize: (text: string) => string): string {
  const options = variables.find((variable) => variable.name === name)?.enum;
  return options?.length ? `(?:${options.map((option) => escapeRegExp(normalize(option))).join('|')})` : free;
}

/** A regular expression source for a part the URL parser does not rewrite (scheme, port). */
function plainPattern(text: string, variables: readonly Variable[], normalize: (text: string) => string = (t) => t): string {
  return substitute(text, (name) => variablePattern(name, variables, FREE_IN_HOST, normalize), (piece) => escapeRegExp(normalize(piece)));
}

/** Ports compare by value, a default port the same as none. */
function portMatches(url: URL, scheme: string, templatePort: string | undefined, variables: readonly Variable[]): boolean {
  const actual = url.port || defaultPort(scheme);
  if (templatePort === undefined) return actual === defaultPort(scheme);
  if (!templatePort.includes('{')) return /^\d+$/.test(templatePort) && String(Number(templatePort)) === actual;
  return new RegExp(`^${plainPattern(templatePort, variables)}$`).test(actual);
}

/**
 * Host and path patterns. The template's host and path go through the URL parser, with
 * plain placeholders for the variables, so they are compared in the form the target URL
 * has (lowercase and punycode host, percent-encoded path, dot segments resolved).
 */
function hostAndPathPatterns(scheme: string, parts: TemplateParts, variables: readonly Variable[]): { host: RegExp; path: RegExp } | undefined {
  if (PLACEHOLDER.test(parts.host + parts.path)) return undefined;
  const names: string[] = [];
  const mark = (name: string) => placeholder(names.push(name) - 1);
  let parsed: URL;
  try {
    parsed = new URL(`${scheme}://${substitute(parts.host, mark)}${substitute(parts.path, mark)}`);
  } catch {
    return undefined;
  }
  const toPattern = (text: string, free: string, normalize: (text: string) => string) =>
    // Split on the placeholders' capture group: odd pieces are variable numbers.
    text
      .split(PLACEHOLDER)
      .map((piece, index) => (index % 2 === 1 ? variablePattern(names[Number(piece)] ?? '', variables, free, normalize) : escapeRegExp(piece)))
      .join('');
  const host = toPattern(parsed.hostname, FREE_IN_HOST, (text) => text.toLowerCase());
  const path = toPattern(parsed.pathname.replace(/\/+$/, ''), FREE_IN_PATH, (text) => text);
  return { host: new RegExp(`^${host}$`, 'i'), path: new RegExp(`^${path}(?:/|$)`) };
}

/** A host as the URL parser writes it (lowercase, punycode, IPv6 in brackets), or undefined when it is no host. */
function normalizeHost(host: string): string | undefined {
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  try {
    return new URL(`http://${bracketed}/`).hostname;
  } catch {
    return undefined;
  }
}

// Addresses -----------------------------------------------------------------------------

/** IPv4 ranges no public API lives in: [first address, prefix length]. */
const PRIVATE_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/**
 * Whether `ip` is an address the proxy must not reach on behalf of a reader unless a
 * server names its host outright: loopback, unspecified, private, link-local, CGNAT,
 * unique-local, multicast, reserved, and IPv4 wrapped in IPv6 as the IPv4 inside. Text
 * that is no IP address counts as private: what cannot be judged is refused.
 */
export function isPrivateAddress(ip: string): boolean {
  const v4 = parseIpv4(ip);
  if (v4 !== undefined) return isPrivateIpv4(v4);
  const v6 = parseIpv6(ip);
  return v6 === undefined ? true : isPrivateIpv6(v6);
}

/** Dotted decimal only, without leading zeros: `010` is octal to some resolvers and decimal to others. */
function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255)) return undefined;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

function isPrivateIpv4(address: number): boolean {
  return PRIVATE_IPV4.some(([first, prefix]) => {
    const shift = 32 - prefix;
    return Math.floor(address / 2 ** shift) === Math.floor(parseIpv4(first)! / 2 ** shift);
  });
}

/** The eight 16-bit groups of an IPv6 address (zone and brackets ignored, `::` expanded, a trailing IPv4 part split). */
function parseIpv6(text: string): number[] | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const halves = bare.split('::');
  if (halves.length > 2) return undefined;
  const groups = halves.map((half) => (half === '' ? [] : half.split(':')));
  const last = groups.at(-1)!;
  // An IPv4 tail (`::ffff:127.0.0.1`) is the last two groups.
  if (last.length && last.at(-1)!.includes('.')) {
    const v4 = parseIpv4(last.pop()!);
    if (v4 === undefined) return undefined;
    last.push((v4 >>> 16).toString(16), (v4 & 0xffff).toString(16));
  }
  const [head = [], tail = []] = groups;
  if (![...head, ...tail].every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  const count = head.length + tail.length;
  // `::` stands for at least one group of zeros.
  if (halves.length === 2 ? count > 7 : count !== 8) return undefined;
  return [...head, ...Array<string>(8 - count).fill('0'), ...tail].map((group) => parseInt(group, 16));
}

/** Judges an IPv6 address, or the IPv4 address in its last 32 bits for the forms that carry one. */
function isPrivateIpv6(groups: number[]): boolean {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  const embedded = () => isPrivateIpv4(g * 0x10000 + h);
  const zerosBefore = (index: number) => groups.slice(0, index).every((group) => group === 0);
  if (zerosBefore(6)) return embedded(); // ::, ::1 and IPv4-compatible ::a.b.c.d
  if (zerosBefore(5) && f === 0xffff) return embedded(); // IPv4-mapped ::ffff:a.b.c.d
  if (zerosBefore(4) && e === 0xffff && f === 0) return embedded(); // IPv4-translated ::ffff:0:a.b.c.d
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return embedded(); // NAT64 64:ff9b::/96
  if (a === 0x64 && b === 0xff9b && c === 1) return true; // local-use NAT64 64:ff9b:1::/48
  if (a === 0x2002) return isPrivateIpv4(b * 0x10000 + c); // 6to4 carries an IPv4 address in bits 16 to 48
  if (a === 0x100 && b === 0 && c === 0 && d === 0) return true; // discard-only 100::/64
  if ((a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0) return true; // link-local, old site-local
  if ((a & 0xfe00) === 0xfc00) return true; // unique-local fc00::/7
  return (a & 0xff00) === 0xff00; // multicast
}
