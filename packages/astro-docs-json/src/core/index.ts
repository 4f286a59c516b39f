/** The core: docs.json to navigation and routes, with no knowledge of Astro. */
export * from './diagnostics.ts';
export * from './languages.ts';
export * from './schema/docs-json.ts';
export * from './schema/frontmatter.ts';
export { loadConfig, CONFIG_FILE, type LoadedConfig } from './config/load-config.ts';
export { scanPageFiles, parseFrontmatter, splitFrontmatter, type PageFile, type ScanOptions } from './pages/page-files.ts';
export * from './pages/page-path.ts';
export * from './navigation.ts';
export * from './routes.ts';
export * from './site.ts';
export * from './site-model.ts';
export * from './report.ts';
export * from './alternates.ts';
export * from './icons.ts';
export { compileUtilities, utilityInput, type UtilityInput } from './tailwind.ts';
