/**
 * A served site, asked over HTTP for `score URL`: only the site's own origin (a link or a
 * redirect elsewhere is not followed), a few requests at a time, each bounded in time and in
 * the bytes read, and the whole run bounded too.
 */
import { DEFAULT_MAX_BYTES, type ProbeRequest, type ProbeResponse, type SiteProbe } from './site-probe.ts';

export interface HttpProbeOptions {
  /** Milliseconds one request may take: 10 s by default. */
  requestTimeoutMs?: number;
  /** Milliseconds the whole run may take: 2 minutes by default. */
  totalTimeoutMs?: number;
  /** Requests in flight at once: 4 by default. */
  concurrency?: number;
}

const MAX_REDIRECTS = 5;
const USER_AGENT = 'astro-docs-json-score (+https://www.npmjs.com/package/astro-docs-json)';

/** The site at `siteUrl` (its path is the base); throws on an address that is not http(s). */
export function httpProbe(siteUrl: string, options: HttpProbeOptions = {}): SiteProbe {
  const root = new URL(siteUrl);
  if (root.protocol !== 'http:' && root.protocol !== 'https:') throw new Error(`${siteUrl} is not an http(s) address.`);
  const base = root.pathname.replace(/\/+$/, '');
  const origin = `${root.origin}${base}`;
  const run = AbortSignal.timeout(options.totalTimeoutMs ?? 120_000);
  const limit = limiter(options.concurrency ?? 4);
  const fetchPath = (pathname: string, init: RequestInit, maxBytes: number) =>
    limit(() => fetchWithinSite({ origin: root.origin, base }, pathname, { ...init, signal: AbortSignal.any([run, AbortSignal.timeout(options.requestTimeoutMs ?? 10_000)]) }, maxBytes));
  return {
    kind: 'server',
    origin,
    base,
    get: (pathname, request: ProbeRequest = {}) =>
      fetchPath(pathname, { headers: { ...(request.accept ? { accept: request.accept } : {}) } }, request.maxBytes ?? DEFAULT_MAX_BYTES),
    exists: async (pathname) => {
      const response = await fetchPath(pathname, { method: 'GET' }, 0);
      return response !== undefined && response.status >= 200 && response.status < 300;
    },
    post: (pathname, body, headers) => fetchPath(pathname, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }, DEFAULT_MAX_BYTES),
  };
}

/** One request for a path of the site at `origin` and `base`, following redirects that stay on the origin; `undefined` when nothing answered in time. */
async function fetchWithinSite({ origin, base }: { origin: string; base: string }, pathname: string, init: RequestInit, maxBytes: number): Promise<ProbeResponse | undefined> {
  let url = new URL(`${base}${pathname}`, origin);
  if (url.origin !== origin) return undefined;
  const started = performance.now();
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, { ...init, redirect: 'manual', headers: { 'user-agent': USER_AGENT, ...(init.headers as Record<string, string>) } });
      const ms = performance.now() - started;
      const location = response.headers.get('location');
      const next = location && response.status >= 300 && response.status < 400 ? new URL(location, url) : undefined;
      if (next && next.origin === origin && hop < MAX_REDIRECTS) {
        await response.body?.cancel();
        url = next;
        continue;
      }
      return { status: response.status, headers: Object.fromEntries(response.headers), ...(await readBounded(response, maxBytes)), ms, path: `${url.pathname.slice(base.length) || '/'}${url.search}` };
    }
  } catch {
    return undefined; // refused, reset, timed out: the check says nothing answered
  }
}

/** The first `maxBytes` of a body, the rest left unread. */
async function readBounded(response: Response, maxBytes: number): Promise<{ body: string; size: number | undefined; truncated: boolean }> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const chunks: Uint8Array[] = [];
  let read = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel();
      break;
    }
  }
  const bytes = Buffer.concat(chunks).subarray(0, maxBytes);
  const truncated = read > maxBytes;
  return { body: bytes.toString('utf8'), size: Number.isFinite(declared) ? declared : truncated ? undefined : read, truncated };
}

/** Runs at most `slots` tasks at once. */
function limiter(slots: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/**
 * The address a page names as its own (`<link rel="canonical">`), less the path it was
 * answered at: the address the site was built for, when it is served elsewhere.
 */
export function declaredAddress(html: string, answeredPath: string): string | undefined {
  const tag = [...html.matchAll(/<link\b[^>]*>/gi)].map((match) => match[0]).find((link) => /\brel\s*=\s*["']?canonical\b/i.test(link));
  const href = tag && /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
  if (!href) return undefined;
  let url: URL;
  try {
    url = new URL((href[1] ?? href[2] ?? href[3])!);
  } catch {
    return undefined;
  }
  const path = url.pathname.replace(/\/+$/, '');
  const answered = answeredPath.split('?')[0]!.replace(/\/+$/, '');
  return /^https?:$/.test(url.protocol) && path.endsWith(answered) ? `${url.origin}${path.slice(0, path.length - answered.length)}` : undefined;
}
