/**
 * The core: a docs folder to the site's model, its pages' content and the files for
 * machines, with no knowledge of Astro. This module is what `astro-docs-json/core` exports.
 *
 * Its folders, each named for what it holds, from those that import no other up:
 * - `schema/`: what docs.json and frontmatter may hold; `paths/`: page paths, URLs, links;
 *   `icons/`: icon names to the icons drawn;
 * - `config/`: docs.json read, `$ref`s merged, validated;
 * - `markdown/`: one page's text: its repair, limits, content, Markdown copy;
 * - `pages/`: the docs folder's files, read without leaving it;
 * - `navigation/`: the navigation tree, the route table, redirects;
 * - `openapi/`: specs to operations to pages and the playground;
 * - `asyncapi/`: AsyncAPI documents to channel pages and the WebSocket playground's targets;
 * - `graphql/`: GraphQL schemas to operation and type pages and their playground;
 * - `sdk/`: an SDK's documentation artifact (TypeDoc JSON) to reference pages;
 * - `contextual/`: the page menu for AI tools and the MCP connection;
 * - `integrations/`: docs.json `integrations` checked by provider and made into the script
 *   every page runs (analytics, consent managers, support widgets);
 * - `html/`: what Mintlify makes of a page's Markdown beyond Markdown and MDX (diagrams,
 *   math, code block options, heading ids), as plugins for the Markdown processor;
 * - `site/`: the whole site loaded, and the model its pages are rendered from;
 * - `theme/`, `report/`, `discovery/` (llms.txt, robots.txt, feeds, search indexes),
 *   `mcp/`, `score/`: what is made of the site;
 * - `parts/`: the site built in parts (a version or language each) and merged.
 * Beside them, what every folder may use: `diagnostics.ts` (a problem, where it is, and a
 * hint), `file-cache.ts` (what a build keeps for the next), `map-bounded.ts`, `text-digest.ts`.
 */
export * from './diagnostics.ts';
export * from './schema/languages.ts';
export * from './schema/docs-json.ts';
export * from './schema/frontmatter.ts';
export { loadConfig, CONFIG_FILE, type LoadedConfig } from './config/load-config.ts';
export { scanPageFiles, type PageFile, type ScanOptions } from './pages/page-files.ts';
export { parseFrontmatter } from './pages/page-frontmatter.ts';
export { splitFrontmatter } from './markdown/frontmatter.ts';
export * from './paths/page-path.ts';
export { isExternal } from './paths/href.ts';
export * from './navigation/tree.ts';
export * from './navigation/routes.ts';
export * from './site/load-site.ts';
export * from './site/site-model.ts';
export * from './site/indexing.ts';
export { scopeKey, type LanguageInfo, type Scope, type VersionInfo } from './site/scopes.ts';
export * from './report/format.ts';
export * from './site/alternates.ts';
export * from './icons/iconify.ts';
export { compileUtilities, utilityInput, type UtilityInput } from './theme/tailwind.ts';
