declare module 'virtual:astro-docs-json/data' {
  const data: import('../render/render-data.ts').RenderData;
  export default data;
}

declare module 'virtual:astro-docs-json/pages' {
  interface PageModule {
    Content: import('astro').AstroComponentFactory;
    getHeadings?: () => Array<{ depth: number; slug: string; text: string }>;
  }
  export const pages: Record<string, () => Promise<PageModule>>;
  /** MDX pages rendered from their source (`mdx-pages.ts`). */
  export const mdxFromSource: Set<string>;
  export const operations: Record<string, () => Promise<{ default: import('../../core/openapi/view.ts').OperationView | undefined }>>;
  /** The AsyncAPI channels pages show, by `channelLabel`. */
  export const channels: Record<string, () => Promise<{ default: import('../../core/asyncapi/view.ts').ChannelView | undefined }>>;
  export const graphql: Record<string, () => Promise<{ default: import('../../core/graphql/view.ts').GraphqlView | undefined }>>;
  /** The Markdown of each SDK reference a page shows, by its label (`core/sdk/`). */
  export const sdkReferences: Record<string, () => Promise<{ default: string }>>;
}

declare module 'virtual:astro-docs-json/icons' {
  export const css: string;
  export const href: string;
}

declare module 'virtual:astro-docs-json/agent-jobs' {
  const agentJobs:
    | (import('../../options.ts').AgentJobsOptions & { trustedProxies: string[]; endpoint: string })
    | undefined;
  export default agentJobs;
}

declare module 'virtual:astro-docs-json/mcp-server' {
  /** The MCP endpoint's limits and the proxies whose headers name its clients. */
  const mcpServer: import('./virtual-modules.ts').McpServerSettings | undefined;
  export default mcpServer;
}

declare module 'virtual:astro-docs-json/playground-proxy' {
  /** The servers the API playground's proxy may call (those the OpenAPI documents declare), and its limits (the `playgroundProxy` option). */
  const playgroundProxy: import('../../playground/proxy.ts').PlaygroundProxyConfig;
  export default playgroundProxy;
}

declare module 'virtual:astro-docs-json/redirects' {
  const redirects: import('../../core/navigation/redirects.ts').Redirect[];
  export default redirects;
}

declare module '*.astro' {
  const component: import('astro').AstroComponentFactory;
  export default component;
}

declare module 'virtual:astro-docs-json/page-urls' {
  /** Every page's address, the base path included. */
  const urls: string[];
  export default urls;
}

declare module 'virtual:astro-docs-json/utilities' {
  /** The compiled Tailwind classes of the pages, and the URL they are served at (none when empty). */
  export const css: string;
  export const href: string | undefined;
}

/** The node adapter's own modules, which `node-static.ts` stands in front of (`vite/node-adapter.ts`). */
declare module 'virtual:astro-docs-json/node-adapter/serve-static' {
  type Handler = (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse, next: () => void) => void;
  export function createStaticHandler(app: import('../server/node-static.ts').NodeApp, options: object, headersMap?: unknown): Handler;
  export function resolveStaticPath(client: string, urlPath: string): { filePath: string; isDirectory: boolean };
}

declare module 'virtual:astro-docs-json/node-adapter/shared' {
  /** The built site's folder, found from the server's entry where it is now. */
  export function resolveClientDir(options: object): string;
}

declare module 'virtual:astro-docs-json/code-highlighting' {
  const settings: import('../react/highlight-settings.ts').BrowserHighlighting;
  export default settings;
}

declare module 'virtual:astro-docs-json/socket-proxy' {
  /** The WebSocket playground's proxy: its path (unset when the site has none) and the servers it may reach. */
  const socketProxy: { path?: string; servers: import('../../core/openapi/operations.ts').ServerTemplate[] };
  export default socketProxy;
}

declare module 'virtual:astro-docs-json/connection-limits' {
  /** The `connectionLimits` option, or null for the defaults. */
  const limits: import('../server/connection-limits.ts').ConnectionLimits | null;
  export default limits;
}

declare module 'virtual:astro-docs-json/node-adapter-dependency/server-destroy' {
  const enableDestroy: (server: import('node:http').Server) => void;
  export default enableDestroy;
}
