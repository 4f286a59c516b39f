/**
 * The docs folder's own styles and scripts, which Mintlify loads on every page: every `.css`
 * file, and every `.js` file that no page imports (those are components) and that is no
 * tool's configuration (`tailwind.config.js`). Snippets' folders, dot-folders and
 * `node_modules` hold none.
 */
import { SNIPPET_FOLDERS } from '../markdown/page-content.ts';
import { importedFiles } from './references.ts';
import type { ContentFile } from './render-path.ts';
import { walkDocsFolder } from './walk.ts';

export interface CustomCode {
  /** Paths relative to the docs folder, sorted: the order the pages load them in. */
  styles: string[];
  scripts: string[];
}

export const NO_CUSTOM_CODE: CustomCode = { styles: [], scripts: [] };

/** `site`: the loaded site (`Site`), of which only its folder, pages and snippets matter here. */
export async function scanCustomCode(site: { docsDir: string; routes: readonly ContentFile[]; snippets: readonly ContentFile[] }, exclude: readonly string[] = []): Promise<CustomCode> {
  const imported = new Set([...site.routes, ...site.snippets].flatMap(({ file, content }) => importedFiles(site.docsDir, file, content.references)));
  const { files } = await walkDocsFolder(site.docsDir, {
    skipFolder: (relative, name) => name === 'node_modules' || SNIPPET_FOLDERS.has(relative) || exclude.includes(relative),
    wanted: (relative, name) => /\.css$/i.test(name) || (/\.js$/i.test(name) && !/\.config\.js$/i.test(name) && !imported.has(relative)),
  });
  return { styles: files.filter((file) => /\.css$/i.test(file)), scripts: files.filter((file) => /\.js$/i.test(file)) };
}
