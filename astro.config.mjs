// Builds the example site in example-site/, the showcase of every feature. The node
// adapter serves the agent job endpoint and the MCP server; everything else is static.
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';
import docsJson from 'astro-docs-json';

export default defineConfig({
  site: 'https://docs.example.com',
  adapter: node({ mode: 'standalone' }),
  integrations: [docsJson({ dir: './example-site', agentJobs: { projectIds: ['demo'] }, mcp: true, relatedPages: 'automatic' })],
});
