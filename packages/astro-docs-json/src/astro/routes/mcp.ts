/// <reference types="astro/client" />
// The MCP endpoint (`docsJson({ mcp: true })`): server-rendered, stateless Streamable HTTP.
// Its tools read what the build wrote (the MCP index and the pages' Markdown copies) from the
// client folder beside the server build, or else from the site's own address; never from
// the Host a request names.
import type { APIRoute } from 'astro';
import { handleMcpHttp } from '../../mcp/http.ts';
import { readMcpIndex, serverSiteFiles } from '../../mcp/site-files.ts';

export const prerender = false;

type Loaded = Awaited<ReturnType<Parameters<typeof handleMcpHttp>[1]['load']>>;
let loading: Promise<Loaded> | undefined;

/** The index and files, read once per server; a failure is tried again on the next request. */
function load(site: URL | undefined): Promise<Loaded> {
  loading ??= (async () => {
    if (import.meta.env.DEV) throw new Error('the MCP server reads the built site: run astro build, then serve the build.');
    const files = await serverSiteFiles(import.meta.url, site ? `${site.origin}${import.meta.env.BASE_URL}` : undefined);
    if (!files) throw new Error('this server has no built site to read: set `site` in astro.config, or serve the build with @astrojs/node.');
    return { index: await readMcpIndex(files), files };
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

export const ALL: APIRoute = ({ request, site }) => handleMcpHttp(request, { load: () => load(site), origins: site ? [site.origin] : [] });
