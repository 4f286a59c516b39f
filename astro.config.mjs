// Builds the example site in example-site/, the showcase of every feature. The node
// adapter serves the agent job endpoint and the MCP server; everything else is static.
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';
import docsJson from 'astro-docs-json';

export default defineConfig({
  site: 'https://docs.example.com',
  adapter: node({ mode: 'standalone' }),
  // The tests act as distinct clients of the agent job endpoint and the MCP server through
  // X-Forwarded-For, which the server believes from the loopback address only.
  integrations: [
    docsJson({ dir: './example-site', agentJobs: { projectIds: ['demo'], idPattern: 'job_[a-z0-9_]+' }, trustedProxies: ['127.0.0.1', '::1'], mcp: true, relatedPages: 'automatic' }),
  ],
});
