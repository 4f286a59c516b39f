/**
 * The site's folder of the integration's own files and endpoints, beside the docs' pages:
 * icons, styles, the page list, Mermaid, the playground's proxy, the MCP index, a part's manifest.
 */
export const DOCS_ROUTE = '/_docs';
/** Every listed page's URL and title, for the 404 page's suggestions. */
export const PAGE_LIST_ROUTE = `${DOCS_ROUTE}/pages.json`;
/** Where the API playground's proxy answers, on a site with a server. */
export const PLAYGROUND_PROXY_ROUTE = `${DOCS_ROUTE}/playground-proxy`;
/** Where the WebSocket playground's proxy accepts connections, on a site with a server. */
export const SOCKET_PROXY_ROUTE = `${DOCS_ROUTE}/socket-proxy`;
