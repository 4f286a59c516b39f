/**
 * The API playground's proxy: a server endpoint of the docs site that forwards a reader's
 * request, described in a JSON envelope, to the API and answers with the API's response
 * as JSON. Browsers refuse many cross-origin requests; a server does not.
 *
 * A proxy inside the site's network is an SSRF risk, and docs repositories take pull
 * requests from strangers, so:
 * - it only calls URLs under a server the OpenAPI documents declare (`proxy-targets.ts`);
 * - a host that resolves to a private, loopback or link-local address is refused unless a
 *   server names that host outright, and the connection goes to the very address that was
 *   checked, so DNS rebinding between check and connect changes nothing;
 * - redirects are answered, not followed, so a declared API cannot bounce the proxy on;
 * - only the envelope's headers are forwarded, never the docs site's own cookies;
 * - requests and responses are size- and time-bounded;
 * - pages of other sites cannot drive it (Origin and Sec-Fetch-Site).
 * Error messages name hosts, never full URLs or header values, which may hold credentials.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { ServerTemplate } from '../core/openapi/operations.ts';
import { declaredTarget, isLiteralHost, isPrivateAddress } from '../core/openapi/proxy-targets.ts';
import { formatBytes, readBodyWithin } from '../core/traffic/request-body.ts';

export interface PlaygroundProxyConfig {
  servers: ServerTemplate[];
  /** From the start of the connection to the end of the response body. */
  timeoutMs?: number;
  maxRequestBytes?: number;
  maxResponseBytes?: number;
}

export interface PlaygroundProxyDependencies {
  lookup?: typeof dnsLookup;
}

/** What the browser script sends. */
interface Envelope {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: Buffer | undefined;
}

/** A URL that passed the target rules, with the addresses its host resolved to, all checked. */
interface VettedTarget {
  url: URL;
  addresses: LookupAddress[];
}

/** What the proxy answers on success. */
export interface ProxiedResponse {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: string;
  bodyEncoding: 'text' | 'base64';
  durationMs: number;
}

const MIB = 1024 * 1024;
/**
 * The proxy's bounds, documented on the server limits page (example-site/deploy/server/limits.mdx):
 * the reader's envelope (`maxRequestBytes`, 413 past it), the API's response body
 * (`maxResponseBytes`, 502 past it, the connection dropped at the first byte over), and one
 * deadline from the DNS lookup to the end of the response (`timeoutMs`, 504 past it).
 */
export const PLAYGROUND_PROXY_LIMITS = { timeoutMs: 30_000, maxRequestBytes: MIB, maxResponseBytes: 5 * MIB } as const;
const DEFAULTS = PLAYGROUND_PROXY_LIMITS;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const MAX_HEADERS = 100;
/** RFC 9110 5.6.2 token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What Node will put in a header line: tab, visible ASCII and Latin-1; no CR, LF, NUL or other controls. */
const UNSENDABLE_IN_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Hop-by-hop headers and those the proxy sets itself. */
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'content-length', 'expect', 'accept-encoding']);
const isForwarded = (name: string) => !NOT_FORWARDED.has(name) && !name.startsWith('proxy-') && !name.startsWith('sec-');
/** Never handed to the reader's browser, even inside JSON. */
const NOT_RETURNED = new Set(['set-cookie', 'set-cookie2']);

/** A refusal with the status and message the reader sees. */
class Refusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers },
  });
}

export function createPlaygroundProxy(config: PlaygroundProxyConfig, deps: PlaygroundProxyDependencies = {}): (request: Request) => Promise<Response> {
  const limits = { ...DEFAULTS, ...definedOnly(config) };
  const lookup = deps.lookup ?? dnsLookup;

  /** Vets the target and calls it, within one deadline that also covers the DNS lookup. */
  async function call(envelope: Envelope): Promise<ProxiedResponse> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
    let host = '';
    try {
      const target = await vetTarget(envelope.url, config.servers, lookup, controller.signal);
      host = target.url.host;
      return await forward(envelope, target, limits.maxResponseBytes, controller.signal);
    } catch (failure) {
      if (failure instanceof Refusal) throw failure;
      if (controller.signal.aborted) throw new Refusal(504, `The API did not answer within ${limits.timeoutMs / 1000} s.`);
      throw new Refusal(502, upstreamFailure(failure, host));
    } finally {
      clearTimeout(timer);
    }
  }

  return async function handle(request: Request): Promise<Response> {
    try {
      if (request.method !== 'POST') return json(405, { error: 'The playground proxy only answers POST.' }, { Allow: 'POST' });
      refuseOtherOrigins(request);
      const envelope = parseEnvelope(await readLimited(request, limits.maxRequestBytes));
      return json(200, await call(envelope));
    } catch (failure) {
      if (failure instanceof Refusal) return json(failure.status, { error: failure.message });
      // Never a stack trace: it could carry the envelope.
      return json(500, { error: 'The playground proxy failed unexpectedly.' });
    }
  };
}

/** The numeric limits the configuration sets, so an `undefined` there keeps the default. */
function definedOnly(config: PlaygroundProxyConfig): Partial<typeof DEFAULTS> {
  const { timeoutMs, maxRequestBytes, maxResponseBytes } = config;
  return Object.fromEntries(Object.entries({ timeoutMs, maxRequestBytes, maxResponseBytes }).filter(([, value]) => value !== undefined));
}

/**
 * A page of another site must not drive the proxy with the reader's browser. Browsers send
 * Origin on cross-origin POSTs and Sec-Fetch-Site on all requests; tools send neither, and
 * what they can reach through the proxy they could reach from their own machine.
 */
function refuseOtherOrigins(request: Request): void {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  if ((origin !== null && origin !== new URL(request.url).origin) || site === 'cross-site' || site === 'same-site') {
    throw new Refusal(403, 'The playground proxy only answers pages of this site.');
  }
}

/** The request body, read as a stream and abandoned as soon as it passes `max` bytes. */
async function readLimited(request: Request, max: number): Promise<Buffer> {
  const body = await readBodyWithin(request, max);
  if (body.ok) return Buffer.from(body.bytes.buffer, body.bytes.byteOffset, body.bytes.byteLength);
  if (body.reason === 'too-large') throw new Refusal(413, `The playground request is larger than ${formatBytes(max)}.`);
  throw new Refusal(400, 'The playground request could not be read.');
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseEnvelope(bytes: Buffer): Envelope {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new Refusal(400, 'The playground request is not JSON.');
  }
  if (!isRecord(value)) throw new Refusal(400, 'The playground request is not a JSON object.');
  const method = typeof value.method === 'string' ? value.method.toUpperCase() : '';
  if (!METHODS.has(method)) throw new Refusal(400, `method must be one of ${[...METHODS].join(', ')}.`);
  if (typeof value.url !== 'string' || value.url === '') throw new Refusal(400, 'url must be a string.');
  return { method, url: value.url, headers: parseHeaders(value.headers), body: parseBody(value.body, value.bodyEncoding) };
}

/** `[[name, value], ...]`; names are tokens, values hold nothing that could end a header line. */
function parseHeaders(value: unknown): Array<[string, string]> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Refusal(400, 'headers must be a list of [name, value] pairs.');
  if (value.length > MAX_HEADERS) throw new Refusal(400, `At most ${MAX_HEADERS} headers can be sent.`);
  return value.map((pair: unknown, index): [string, string] => {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') {
      throw new Refusal(400, `headers[${index}] must be a [name, value] pair of strings.`);
    }
    const [name, headerValue] = pair as [string, string];
    // The name is echoed only once it is known to be a plain token; a value never is.
    if (!TOKEN.test(name)) throw new Refusal(400, `headers[${index}] has a name that is not a valid HTTP header name.`);
    if (UNSENDABLE_IN_VALUE.test(headerValue)) throw new Refusal(400, `The value of header ${name} contains a line break, NUL or another character HTTP headers cannot carry.`);
    return [name, headerValue];
  });
}

function parseBody(body: unknown, encoding: unknown): Buffer | undefined {
  if (encoding !== undefined && encoding !== null && encoding !== 'text' && encoding !== 'base64') throw new Refusal(400, 'bodyEncoding must be "text" or "base64".');
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'string') throw new Refusal(400, 'body must be a string.');
  if (encoding !== 'base64') return Buffer.from(body, 'utf8');
  const compact = body.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) throw new Refusal(400, 'body is not valid base64.');
  return Buffer.from(compact, 'base64');
}

/** The target URL if the rules allow it, with its host's addresses, every one of them checked. */
async function vetTarget(rawUrl: string, servers: readonly ServerTemplate[], lookup: typeof dnsLookup, signal: AbortSignal): Promise<VettedTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new Refusal(400, 'url is not an absolute URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refusal(400, 'The playground proxy only calls http and https URLs.');
  if (url.username !== '' || url.password !== '') throw new Refusal(400, 'url must not carry a user name or password; send credentials in a header.');
  const under = servers.filter((server) => declaredTarget(url, [server]));
  if (!under.length) throw new Refusal(400, `${url.host} is not a server these docs declare.`);

  const addresses = await resolve(bareHost(url.hostname), lookup, signal);
  // A server that names its host outright (`http://localhost:3000`) is the docs' own word
  // that the API lives there; a host that only fits a variable is not.
  if (addresses.some((entry) => isPrivateAddress(entry.address)) && !isLiteralHost(url.hostname, under)) {
    throw new Refusal(400, `${url.hostname} resolves to a private or local address, which only a server these docs name by that exact host may use.`);
  }
  return { url, addresses };
}

/** `[::1]` as the URL writes it, `::1` as sockets want it. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** All addresses of `host`; an IP literal is its own. */
export function resolve(host: string, lookup: typeof dnsLookup, signal: AbortSignal): Promise<LookupAddress[]> {
  const family = isIP(host);
  if (family) return Promise.resolve([{ address: host, family }]);
  return new Promise((resolvePromise, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    lookup(host, { all: true }, (error, addresses) => {
      if (error || !addresses.length) reject(new Refusal(502, `Could not find the API's host ${host}.`));
      else resolvePromise(addresses);
    });
  });
}

/**
 * The `lookup` the connection uses: it answers with the vetted addresses only, so the
 * socket cannot end up somewhere a second DNS answer points.
 */
export function pinnedLookup(addresses: LookupAddress[]): NonNullable<RequestOptions['lookup']> {
  return (_hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const wanted = family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
    process.nextTick(() => {
      const first = wanted[0];
      if (!first) callback(Object.assign(new Error('No checked address of the family asked for.'), { code: 'ENOTFOUND' }), '', 0);
      else if (options.all) callback(null, wanted);
      else callback(null, first.address, first.family);
    });
  };
}

function forwardedHeaders(pairs: Array<[string, string]>, body: Buffer | undefined): OutgoingHttpHeaders {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    if (!isForwarded(key)) continue;
    const previous = headers[key];
    headers[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  // Identity, so the response size limit counts the bytes the reader gets.
  headers['accept-encoding'] = 'identity';
  if (body) headers['content-length'] = String(body.byteLength);
  return headers;
}

/** Sends the envelope's request to the vetted address and collects the answer; redirects are answered, not followed. */
function forward(envelope: Envelope, target: VettedTarget, maxResponseBytes: number, signal: AbortSignal): Promise<ProxiedResponse> {
  const { url, addresses } = target;
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)({
      protocol: url.protocol,
      hostname: bareHost(url.hostname),
      port: url.port || undefined,
      path: url.pathname + url.search,
      method: envelope.method,
      headers: forwardedHeaders(envelope.headers, envelope.body),
      lookup: pinnedLookup(addresses),
      // A connection of its own: no socket pooled for another reader's request.
      agent: false,
      signal,
    });
    request.on('error', reject);
    request.on('response', (response) => {
      collectBody(response, maxResponseBytes).then((body) => resolvePromise(proxiedResponse(response, body, started)), reject);
    });
    request.end(envelope.body);
  });
}

/** The response body, up to `max` bytes; more and the connection is dropped. */
function collectBody(response: IncomingMessage, max: number): Promise<Buffer> {
  const tooLarge = () => new Refusal(502, `The API's response is larger than ${formatBytes(max)}.`);
  return new Promise((resolvePromise, reject) => {
    if (Number(response.headers['content-length']) > max) {
      response.destroy();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    let ended = false;
    response.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > max) {
        response.destroy();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    response.on('end', () => {
      ended = true;
      resolvePromise(Buffer.concat(chunks));
    });
    response.on('error', reject);
    // Cut off mid-body (the deadline, a reset): `close` without `end`.
    response.on('close', () => ended || reject(Object.assign(new Error('The response was cut off.'), { code: 'ECONNRESET' })));
  });
}

function proxiedResponse(response: IncomingMessage, body: Buffer, started: number): ProxiedResponse {
  const headers: Array<[string, string]> = [];
  const raw = response.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index]!.toLowerCase();
    if (!NOT_RETURNED.has(name)) headers.push([name, raw[index + 1]!]);
  }
  const text = asText(body, response.headers['content-type']);
  return {
    status: response.statusCode ?? 0,
    statusText: response.statusMessage ?? '',
    headers,
    ...(text === undefined ? { body: body.toString('base64'), bodyEncoding: 'base64' as const } : { body: text, bodyEncoding: 'text' as const }),
    durationMs: Math.round(performance.now() - started),
  };
}

/** Media subtypes that are text whatever their type. */
const TEXTUAL_SUBTYPE = /^(?:.*[+.-])?(?:json|xml|yaml|ndjson)$|^(?:x-)?(?:javascript|ecmascript|www-form-urlencoded|yaml)$/;

/**
 * The body as text when its content type is textual and it decodes in its charset (UTF-8
 * unless said otherwise), or when there is no content type and it is valid UTF-8.
 */
function asText(body: Buffer, contentType: string | undefined): string | undefined {
  if (!contentType?.trim()) return decode(body, 'utf-8');
  const [essence = '', ...parameters] = contentType.toLowerCase().split(';');
  const [type = '', subtype = ''] = essence.trim().split('/');
  if (type !== 'text' && !TEXTUAL_SUBTYPE.test(subtype)) return undefined;
  const charset = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('charset='));
  return decode(body, charset?.slice('charset='.length).replace(/"/g, '') || 'utf-8');
}

function decode(body: Buffer, charset: string): string | undefined {
  try {
    return new TextDecoder(charset, { fatal: true }).decode(body);
  } catch {
    return undefined;
  }
}

/** A readable reason for a failed call: the error's code and the host, never its message (it may quote the URL). */
function upstreamFailure(failure: unknown, host: string): string {
  const code = String((failure as { code?: unknown } | undefined)?.code ?? '');
  const at = host ? ` at ${host}` : '';
  if (code === 'ECONNREFUSED') return `The API${at} refused the connection.`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return `The API${at} closed the connection before answering in full.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Could not find the API's host${host ? ` ${host}` : ''}.`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ETIMEDOUT') return `The API${at} cannot be reached from this site's server (${code}).`;
  if (code.startsWith('HPE_')) return `The API${at} sent a response that is not valid HTTP.`;
  if (/CERT|SSL|TLS|SIGNATURE|ISSUER/.test(code)) return `The TLS connection to the API${at} failed (${code}).`;
  return `The API${at} could not be reached${code ? ` (${code})` : ''}.`;
}
