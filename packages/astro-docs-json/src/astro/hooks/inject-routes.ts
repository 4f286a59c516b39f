/**
 * The routes the integration adds to the site: every page and its Markdown copy, the icon
 * and Tailwind style sheets, llms.txt, robots.txt, the 404 page, changelog feeds, MCP
 * discovery, Mermaid's files in `astro dev`; and with a server (an adapter), the endpoints
 * that need one (agent jobs, the MCP server, the playground's proxy, redirects with their
 * own status).
 */
import { existsSync } from 'node:fs';
import type { HookParameters } from 'astro';
import type { McpConnection } from '../../core/contextual/mcp-connection.ts';
import type { Site } from '../../core/site/load-site.ts';
import type { DocsJsonOptions } from '../../options.ts';
import { moduleFile } from '../build/code-digest.ts';
import { drawsDiagrams, locateMermaid } from '../build/mermaid-files.ts';
import { SERVER_CARD_PATH, SERVER_CARDS_PATH } from '../../core/mcp/server-card.ts';
import { PAGE_LIST_ROUTE, PLAYGROUND_PROXY_ROUTE, DOCS_ROUTE } from '../../core/paths/docs-routes.ts';

const route = (name: string) => `astro-docs-json/routes/${moduleFile(name)}`;

export interface ServedEndpoints {
  options: DocsJsonOptions;
  /** How assistants connect to the site's MCP server, when the site has an address. */
  mcp: McpConnection | undefined;
  /** The playground sends its requests through the site. */
  playgroundProxy: boolean;
}

export function injectRoutes(site: Site, { config, command, injectRoute, addMiddleware }: HookParameters<'astro:config:setup'>, { options, mcp, playgroundProxy }: ServedEndpoints): void {
  injectRoute({ pattern: '/[...slug]', entrypoint: route('page.astro'), prerender: true });
  injectRoute({ pattern: '/[...slug].md', entrypoint: route('page-markdown.ts'), prerender: true });
  injectRoute({ pattern: `${DOCS_ROUTE}/[sheet].css`, entrypoint: route('style-sheets.ts'), prerender: true });
  injectRoute({ pattern: '/llms.txt', entrypoint: route('llms.ts'), prerender: true });
  // Mermaid is located in a build too, for the version the pages' preload link names; but
  // a build copies its files after the pages (`copyMermaid`), rather than rendering each.
  if (drawsDiagrams(site)) {
    locateMermaid();
    if (command === 'dev') injectRoute({ pattern: `${DOCS_ROUTE}/mermaid/[...file]`, entrypoint: route('mermaid.ts'), prerender: true });
  }
  // The site's own 404 page, unless the docs have a page at /404. A server renders it
  // on demand, so that the middleware can first send `/page/` to `/page`.
  if (!site.routes.some((page) => page.url === '/404')) injectRoute({ pattern: '/404', entrypoint: route('not-found.astro'), prerender: !config.adapter });
  injectRoute({ pattern: PAGE_LIST_ROUTE, entrypoint: route('page-list.ts'), prerender: true });
  injectRoute({ pattern: '/[...slug]/rss.xml', entrypoint: route('rss.ts'), prerender: true });
  if (config.adapter) addMiddleware({ entrypoint: 'astro-docs-json/middleware', order: 'pre' });
  injectRoute({ pattern: '/.well-known/llms.txt', entrypoint: route('llms.ts'), prerender: true });
  for (const pattern of ['/skill.md', '/.well-known/agent-skills/index.json', '/.well-known/skills/index.json']) injectRoute({ pattern, entrypoint: route('skills.ts'), prerender: true });
  for (const folder of ['agent-skills', 'skills']) injectRoute({ pattern: `/.well-known/${folder}/[name]/SKILL.md`, entrypoint: route('skill-file.ts'), prerender: true });
  // In a build, llms-full.txt is written after the pages (`writeLlmsFull`).
  if (command === 'dev') injectRoute({ pattern: '/llms-full.txt', entrypoint: route('llms-full.ts'), prerender: true });
  if (options.agentJobs) injectRoute({ pattern: options.agentJobs.route, entrypoint: route('agent-job.ts'), prerender: false });
  if (options.mcp) injectRoute({ pattern: options.mcp.route, entrypoint: route('mcp.ts'), prerender: false });
  if (mcp) injectRoute({ pattern: '/.well-known/mcp.json', entrypoint: route('mcp-discovery.ts'), prerender: true });
  // A server served over HTTP has its cards in `/.well-known/mcp/`, a folder: the document
  // at `/.well-known/mcp` itself is answered by the server (which a server over HTTP has).
  const http = mcp?.transport === 'http';
  if (mcp) injectRoute({ pattern: '/.well-known/mcp', entrypoint: route(http ? 'mcp-discovery-served.ts' : 'mcp-discovery.ts'), prerender: !http });
  if (http) for (const pattern of [SERVER_CARD_PATH, SERVER_CARDS_PATH]) injectRoute({ pattern, entrypoint: route('mcp-server-card.ts'), prerender: true });
  if (playgroundProxy) injectRoute({ pattern: PLAYGROUND_PROXY_ROUTE, entrypoint: route('playground-proxy.ts'), prerender: false });
  if (config.adapter && command === 'build') for (const { source } of site.redirects) injectRoute({ pattern: source, entrypoint: route('redirect.ts'), prerender: false });
  // A robots.txt in Astro's public/ is copied as it is; the route would overwrite it.
  if (!existsSync(new URL('robots.txt', config.publicDir))) {
    injectRoute({ pattern: '/robots.txt', entrypoint: route('robots.ts'), prerender: true });
  }
}
