/// <reference types="astro/client" />
// The MCP endpoint (`docsJson({ mcp: true })`): server-rendered, stateless Streamable HTTP.
// Its tools read what the build wrote (the MCP index and the pages' Markdown copies) from the
// client folder beside the server build, or else from the site's own address; never from
// the Host a request names.
import type { APIRoute } from 'astro';
import mcpServer from 'virtual:astro-docs-json/mcp-server';
import { createClientAddress } from '../../core/traffic/client-address.ts';
import { peerAddress } from '../server/peer-address.ts';
import { handleMcpHttp } from '../../mcp/http.ts';
import { createMcpGuard, DEFAULT_MCP_LIMITS } from '../../mcp/limits.ts';
import { cachedFiles, readMcpIndex, serverSiteFiles } from '../../mcp/site-files.ts';

export const prerender = false;

type Loaded = Awaited<ReturnType<Parameters<typeof handleMcpHttp>[1]['load']>>;
let loading: Promise<Loaded> | undefined;

/** The index and files, read once per server; a failure is tried again on the next request. */
function load(site: URL | undefined): Promise<Loaded> {
  loading ??= (async () => {
    if (import.meta.env.DEV) throw new Error('the MCP server reads the built site: run astro build, then serve the build.');
    const files = await serverSiteFiles(import.meta.url, site ? `${site.origin}${import.meta.env.BASE_URL}` : undefined);
    if (!files) throw new Error('this server has no built site to read: set `site` in astro.config, or serve the build with @astrojs/node.');
    // The index is read once, past the cache; the pages' Markdown, read by every search, through it.
    return { index: await readMcpIndex(files), files: cachedFiles(files) };
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

// One guard per server process: the clients' buckets and the requests in hand are counted across requests.
const guard = createMcpGuard(mcpServer ?? DEFAULT_MCP_LIMITS);
const clientOf = createClientAddress(mcpServer?.trustedProxies ?? []);

export const ALL: APIRoute = (context) => {
  const { request, site } = context;
  return handleMcpHttp(request, { load: () => load(site), origins: site ? [site.origin] : [], guard, client: clientOf(peerAddress(context), request.headers) });
};
