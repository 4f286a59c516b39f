/**
 * How an assistant connects to a site's MCP server: over HTTP where the site serves one (the
 * `mcp` option, with an adapter), else over stdio, with the command line reading the deployed
 * site's files (`astro-docs-json mcp --url`). From it come the page menu's `mcp`, `cursor`
 * and `vscode` entries, the discovery document at `/.well-known/mcp.json` and llms.txt's line.
 */
import { slugify } from '../openapi/slug.ts';

export type McpConnection =
  | { transport: 'http'; name: string; url: string }
  | { transport: 'stdio'; name: string; command: string; args: string[] };

/** The package whose command line serves a built site over stdio. */
const MCP_PACKAGE = 'astro-docs-json';

/**
 * The connection of a site at `siteUrl` (Astro's `site`) and `base`: the endpoint at `route`
 * when the site serves one, else the command line. None without the site's address, which
 * both need.
 */
export function mcpConnection(siteName: string, siteUrl: string | undefined, base: string, route: string | undefined): McpConnection | undefined {
  if (!siteUrl) return undefined;
  const root = `${new URL(siteUrl).origin}${base}`;
  const name = serverName(siteName);
  if (route) return { transport: 'http', name, url: `${root}${route}` };
  return { transport: 'stdio', name, command: 'npx', args: ['-y', MCP_PACKAGE, 'mcp', '--url', root] };
}

/** A name for the server in an editor's settings: the site's, as a slug. */
function serverName(siteName: string): string {
  return slugify(siteName).slice(0, 60) || 'docs';
}

/** What a reader copies: the server's URL, or the command that runs it. */
export function connectionText(connection: McpConnection): string {
  return connection.transport === 'http' ? connection.url : [connection.command, ...connection.args].join(' ');
}

/** The server as an editor's `mcp.json` entry writes it. */
function serverConfig(connection: McpConnection): Record<string, unknown> {
  return connection.transport === 'http' ? { url: connection.url } : { command: connection.command, args: connection.args };
}

/** Cursor's link that installs the server (cursor.com/docs: MCP install links). */
export function cursorInstallLink(connection: McpConnection): string {
  const config = Buffer.from(JSON.stringify(serverConfig(connection))).toString('base64');
  return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(connection.name)}&config=${encodeURIComponent(config)}`;
}

/** VS Code's link that installs the server: its settings entry, with its name, as JSON. */
export function vscodeInstallLink(connection: McpConnection): string {
  const config = { name: connection.name, type: connection.transport, ...serverConfig(connection) };
  return `vscode:mcp/install?${encodeURIComponent(JSON.stringify(config))}`;
}

/**
 * The discovery document (`/.well-known/mcp.json`), in the shape of the MCP registry's
 * server description: a remote for a served endpoint, a package for the command line.
 */
export function mcpDiscovery(connection: McpConnection, site: { name: string; description?: string; url: string }) {
  const host = new URL(site.url).hostname;
  return {
    name: `${host.split('.').reverse().join('.')}/${connection.name}`,
    title: site.name,
    description: site.description ?? `The documentation of ${site.name}.`,
    websiteUrl: site.url,
    tools: ['search_docs', 'get_page', 'list_pages'],
    ...(connection.transport === 'http'
      ? { remotes: [{ type: 'streamable-http', url: connection.url }] }
      : {
          packages: [
            {
              registryType: 'npm',
              identifier: MCP_PACKAGE,
              runtimeHint: connection.command,
              transport: { type: 'stdio' },
              packageArguments: [{ type: 'positional', value: 'mcp' }, { type: 'named', name: '--url', value: connection.args.at(-1) }],
            },
          ],
        }),
  };
}

/** llms.txt's line on the server. */
export function mcpLlmsLine(connection: McpConnection): string {
  return connection.transport === 'http'
    ? `An MCP server (Streamable HTTP) searches and reads these docs: ${connection.url}`
    : `An MCP server (stdio) searches and reads these docs: \`${connectionText(connection)}\``;
}
