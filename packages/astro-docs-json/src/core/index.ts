/** The core: docs.json to navigation and routes, with no knowledge of Astro. */
export * from './diagnostics.ts';
export * from './schema/languages.ts';
export * from './schema/docs-json.ts';
export * from './schema/frontmatter.ts';
export { loadConfig, CONFIG_FILE, type LoadedConfig } from './config/load-config.ts';
export { scanPageFiles, parseFrontmatter, type PageFile, type ScanOptions } from './pages/page-files.ts';
export { splitFrontmatter } from './markdown/frontmatter.ts';
export * from './paths/page-path.ts';
export * from './navigation/tree.ts';
export * from './navigation/routes.ts';
export * from './site/load-site.ts';
export * from './site/site-model.ts';
export * from './report/format.ts';
export * from './site/alternates.ts';
export * from './icons/iconify.ts';
export { compileUtilities, utilityInput, type UtilityInput } from './theme/tailwind.ts';
