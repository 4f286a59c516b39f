/**
 * The files of the docs folder that the site serves as they are, at the same paths:
 * images (`/images/...`, `/logo/...`), downloads, and the OpenAPI specs that llms.txt
 * links to. Pages, the config, code (snippets' components), dot-files and what `.mintignore`
 * ignores are not served.
 */
import path from 'node:path';
import { docsIgnore } from './mintignore.ts';
import { walkDocsFolder } from './walk.ts';

const ASSET_EXTENSIONS = new Set([
  // images
  'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif', 'ico', 'bmp', 'tif', 'tiff',
  // audio and video
  'mp4', 'webm', 'mov', 'm4v', 'mp3', 'wav', 'ogg',
  // documents and data
  'pdf', 'txt', 'csv', 'zip', 'json', 'yaml', 'yml', 'xml',
  // fonts
  'woff', 'woff2', 'ttf', 'otf',
]);

/**
 * Files at the top of the docs folder that are not served as they are: those the site's
 * routes serve (generated, or the docs folder's own in their place), and the terms list
 * of the site score.
 */
export const ROOT_FILES_WITH_ROUTES = new Set(['llms.txt', 'llms-full.txt', 'robots.txt', 'terms.yml', 'terms.yaml', 'terms.json']);

/** The project's own files, at the top of a docs folder that is also the Astro project: never served. */
const ROOT_PROJECT_FILES = new Set(['package.json', 'package-lock.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'tsconfig.json', 'jsconfig.json', 'deno.json', 'vercel.json']);

export interface AssetOptions {
  /** Folders, relative to the docs folder, that hold no assets (Astro's own, say). */
  exclude?: readonly string[];
  /** The config's JSON files, as absolute paths: not served. */
  configFiles?: readonly string[];
  /** Other files served as they are: the docs' own styles and scripts (`custom-code.ts`). */
  extra?: ReadonlySet<string>;
}

/** Whether the docs folder's file at `relative` (with `/` separators) is served as it is. */
export function isAssetPath(docsDir: string, relative: string, options: AssetOptions = {}): boolean {
  if (options.extra?.has(relative)) return true;
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '' || segment === '..' || segment.startsWith('.') || segment === 'node_modules')) return false;
  if ((options.exclude ?? []).some((folder) => relative.startsWith(`${folder}/`))) return false;
  if (docsIgnore(docsDir).ignores(relative)) return false;
  const name = segments.at(-1)!;
  if (!ASSET_EXTENSIONS.has(name.slice(name.lastIndexOf('.') + 1).toLowerCase())) return false;
  if (segments.length === 1 && (ROOT_FILES_WITH_ROUTES.has(name) || ROOT_PROJECT_FILES.has(name))) return false;
  return !(options.configFiles ?? []).some((file) => path.relative(docsDir, file).split(path.sep).join('/') === relative);
}

export async function scanAssetFiles(docsDir: string, options: AssetOptions = {}): Promise<string[]> {
  const excluded = new Set(options.exclude ?? []);
  const { files } = await walkDocsFolder(docsDir, {
    skipFolder: (relative, name) => name === 'node_modules' || excluded.has(relative),
    wanted: (relative) => isAssetPath(docsDir, relative, options),
  });
  return files;
}
