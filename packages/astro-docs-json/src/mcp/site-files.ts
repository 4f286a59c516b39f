/**
 * The built site's files, as the MCP server reads them: from a folder (a `dist`), never
 * outside it by real path, or from a deployed site's address. Both bound what they read.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MCP_INDEX_FORMAT, MCP_INDEX_PATH, type McpIndex } from '../core/mcp/docs-index.ts';
import type { SiteFiles } from '../core/mcp/tools.ts';
import { SizeBoundedCache } from '../core/size-bounded-cache.ts';
import { readBodyWithin } from '../core/traffic/request-body.ts';

/** More than the index of a site of tens of thousands of pages, or any page's Markdown. */
const MAX_FILE_BYTES = 256 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;

export function folderFiles(folder: string): SiteFiles {
  const root = realpath(folder);
  root.catch(() => undefined); // a folder that is not there has no files: each read says so
  return async (relative) => {
    try {
      const top = await root;
      const real = await realpath(path.resolve(top, relative));
      if (real !== top && !real.startsWith(top + path.sep)) return undefined;
      if ((await stat(real)).size > MAX_FILE_BYTES) return undefined;
      return await readFile(real, 'utf8');
    } catch {
      return undefined; // no such file
    }
  };
}

/** Files of a site at `address` (`https://docs.example.com/docs/`): its own, nowhere else. */
export function addressFiles(address: string): SiteFiles {
  const root = new URL(address.endsWith('/') ? address : `${address}/`);
  return async (relative) => {
    const url = new URL(relative, root);
    if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname)) return undefined;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
      if (!response.ok) return undefined;
      const received = await readBodyWithin(response, MAX_FILE_BYTES);
      return received.ok ? received.text() : undefined;
    } catch {
      return undefined; // unreachable, too slow, redirected elsewhere
    }
  };
}

/** The Markdown a server keeps in memory by default: the pages searches quote most, not the whole site. */
export const CACHED_FILES_BYTES = 32 * 1024 * 1024;

/**
 * `files`, with the files read last kept in memory up to about `maxBytes` (by their length
 * in UTF-16, as V8 holds them at worst): a built site does not change while it is served,
 * and each search reads the Markdown of every page it quotes, so under load the same pages
 * are read over and over. The least recently read go first; a file larger than the whole
 * cache is read each time. What is not there (`undefined`) is not kept: it is cheap to ask
 * again, and a flood of made-up paths cannot fill the cache.
 */
export function cachedFiles(files: SiteFiles, maxBytes = CACHED_FILES_BYTES): SiteFiles {
  const kept = new SizeBoundedCache<string>(maxBytes, (_path, text) => text.length * 2);
  return async (relative) => {
    const hit = kept.get(relative);
    if (hit !== undefined) return hit;
    const text = await files(relative);
    if (text !== undefined) kept.set(relative, text);
    return text;
  };
}

/** The site's MCP index, or why there is none. */
export async function readMcpIndex(files: SiteFiles): Promise<McpIndex> {
  const text = await files(MCP_INDEX_PATH);
  if (text === undefined) throw new Error(`${MCP_INDEX_PATH} could not be read: build the site with astro-docs-json first (or, for an address, check that it serves the site).`);
  let index: McpIndex | null;
  try {
    index = JSON.parse(text) as McpIndex | null;
  } catch {
    throw new Error(`${MCP_INDEX_PATH} is not JSON: build the site again.`);
  }
  if (index?.format !== MCP_INDEX_FORMAT) throw new Error(`${MCP_INDEX_PATH} is of another astro-docs-json version: build the site again.`);
  return index;
}

/** Written beside a server build's entry: where its client files are, relative to it. */
export const CLIENT_MARKER = 'astro-docs-json-client.txt';

/**
 * The built site's files, for the server's MCP endpoint: the client folder that the marker
 * beside the server build names, found from the endpoint's own module; else the files of
 * the site's configured address (never of the Host a request names); else none.
 */
export async function serverSiteFiles(moduleUrl: string, address: string | undefined): Promise<SiteFiles | undefined> {
  if (moduleUrl.startsWith('file:')) {
    let folder = path.dirname(fileURLToPath(moduleUrl));
    for (let depth = 0; depth < 8; depth++) {
      const relative = await readFile(path.join(folder, CLIENT_MARKER), 'utf8').catch(() => undefined);
      if (relative !== undefined) return folderFiles(path.resolve(folder, relative.trim()));
      const parent = path.dirname(folder);
      if (parent === folder) break;
      folder = parent;
    }
  }
  return address ? addressFiles(address) : undefined;
}
