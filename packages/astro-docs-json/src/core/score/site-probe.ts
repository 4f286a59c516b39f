/**
 * What the score's checks ask of a site, whether it is a built folder or a served one: a
 * path's response (status, headers, a bounded body) and whether a path leads anywhere. The
 * folder answers from its files (`folderProbe`); a server answers over HTTP (`http-probe.ts`).
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { contentTypeOf } from '../pages/content-types.ts';

export interface ProbeResponse {
  status: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
  /** At most the bytes asked for, as UTF-8. */
  body: string;
  /** The whole body's size in bytes, where it is known (a file, a Content-Length, or counted). */
  size: number | undefined;
  /** The body was cut at the bytes asked for. */
  truncated: boolean;
  /** Milliseconds until the response's headers arrived; none for a folder. */
  ms?: number;
  /** The path answered, after redirects within the site. */
  path: string;
}

export interface ProbeRequest {
  /** The `Accept` header: only a server can negotiate. */
  accept?: string;
  /** How much of the body to read; 2 MiB by default. */
  maxBytes?: number;
}

export interface SiteProbe {
  /** `folder` cannot answer what needs a server (content negotiation, latency, a live MCP server). */
  kind: 'folder' | 'server';
  /** The site's address (`https://docs.example.com/base`), to tell its own links from others. */
  origin: string | undefined;
  /** The site's base path, `''` or `/docs`, which its root-relative links start with. */
  base: string;
  /**
   * Other addresses of the same site (with their base), whose links are asked of this one:
   * the address a site served for a test (`http://localhost:4321`) was built for.
   */
  aliases?: string[];
  /**
   * Paths are the site's own, from its base (`/llms.txt` is `https://x.dev/docs/llms.txt` on a
   * site at `/docs`); `sitePath` turns a link into one. `undefined`: nothing answered.
   */
  get(path: string, request?: ProbeRequest): Promise<ProbeResponse | undefined>;
  /** The path leads to a page or file (a 2xx answer after redirects). */
  exists(path: string): Promise<boolean>;
  /** JSON-RPC over HTTP POST (an MCP server); a server only. */
  post?(path: string, body: unknown, headers: Record<string, string>): Promise<ProbeResponse | undefined>;
}

export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A built folder, as a static host serves it; `siteUrl` tells the site's own absolute links,
 * and `redirected` the paths a server redirects (a server build writes no file for them).
 */
export function folderProbe(outDir: string, siteUrl?: string, redirected: (path: string) => boolean = () => false): SiteProbe {
  const origin = siteUrl?.replace(/\/+$/, '');
  const base = origin ? new URL(origin).pathname.replace(/\/+$/, '') : '';
  const fileOf = (pathname: string) => outputFileFor(outDir, pathname);
  return {
    kind: 'folder',
    origin,
    base,
    async get(pathname, request = {}): Promise<ProbeResponse> {
      const file = fileOf(pathname);
      if (!file) return { status: 404, headers: {}, body: '', size: 0, truncated: false, path: pathname };
      const { body, size, truncated } = readHead(file, request.maxBytes ?? DEFAULT_MAX_BYTES);
      return { status: 200, headers: { 'content-type': contentTypeOf(file) }, body, size, truncated, path: pathname };
    },
    async exists(pathname) {
      return fileOf(pathname) !== undefined || redirected(pathname);
    },
  };
}

/** The first `maxBytes` of a file, without reading the rest (llms-full.txt can be hundreds of megabytes). */
function readHead(file: string, maxBytes: number): { body: string; size: number; truncated: boolean } {
  const size = statSync(file).size;
  const length = Math.min(size, maxBytes);
  const buffer = Buffer.alloc(length);
  const descriptor = openSync(file, 'r');
  try {
    readSync(descriptor, buffer, 0, length, 0);
  } finally {
    closeSync(descriptor);
  }
  return { body: buffer.toString('utf8'), size, truncated: size > maxBytes };
}

/** The file the output holds for a site path: `/x.md`, `/x` (`x.html`), `/x/` (`x/index.html`). */
export function outputFileFor(outDir: string, pathname: string): string | undefined {
  let clean: string;
  try {
    clean = decodeURIComponent(pathname).replace(/^\/+/, '');
  } catch {
    return undefined; // A malformed `%` escape names no file.
  }
  const candidates = clean === '' ? ['index.html'] : [clean, `${clean.replace(/\/$/, '')}.html`, `${clean.replace(/\/$/, '')}/index.html`];
  const root = path.resolve(outDir);
  return candidates
    .map((candidate) => path.join(root, candidate))
    .find((file) => file.startsWith(root + path.sep) && isFile(file));
}

/** Whether `file` is a file: not for a path no file can have (a name too long, a file taken for a folder). One call where `existsSync` and `statSync` were two. */
function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

/**
 * The probe's path of a link found on the site: a root-relative link or an absolute one to
 * the site's own address; `undefined` for another site. Without the site's address (a
 * folder built without `site`), an absolute link is taken to be the site's.
 */
export function sitePath(probe: Pick<SiteProbe, 'origin' | 'base' | 'aliases'>, link: string): string | undefined {
  const target = link.split('#')[0]!;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    if (!/^https?:/i.test(target)) return undefined;
    const url = new URL(target);
    if (!probe.origin) return url.pathname;
    for (const address of [probe.origin, ...(probe.aliases ?? [])]) {
      const root = new URL(address);
      const base = root.pathname.replace(/\/+$/, '');
      if (url.origin === root.origin && `${url.pathname}/`.startsWith(`${base}/`)) return `${url.pathname.slice(base.length) || '/'}${url.search}`;
    }
    return undefined;
  }
  if (!target.startsWith('/') || target.startsWith('//')) return undefined;
  return probe.base && target.startsWith(`${probe.base}/`) ? target.slice(probe.base.length) : target;
}

/** The site's address as its robots.txt gives it, in the line naming its sitemap (`https://x.dev/docs`). */
export function sitemapAddress(robotsTxt: string): string | undefined {
  const sitemap = /^\s*sitemap:\s*(https?:\/\/\S+)/im.exec(robotsTxt)?.[1];
  return sitemap ? new URL('.', sitemap).href.replace(/\/$/, '') : undefined;
}
