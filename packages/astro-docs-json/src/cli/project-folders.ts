/**
 * Where the command keeps what a build of a docs folder leaves for the next one, as paths
 * alone: `check` reads them without loading Astro, and the build makes them (astro-project.ts).
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the user's tools keep caches: XDG's cache folder, macOS's Caches, Windows' local app data. */
function userCacheFolder(): string {
  if (process.env.XDG_CACHE_HOME) return process.env.XDG_CACHE_HOME;
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Caches');
  if (process.platform === 'win32') return process.env.LOCALAPPDATA ?? path.join(os.homedir(), 'AppData', 'Local');
  return path.join(os.homedir(), '.cache');
}

/** The Astro project the command builds a docs folder with when it has none, one per docs folder. */
export function commandProjectFolder(docsDir: string): string {
  const key = createHash('sha256').update(docsDir).digest('hex').slice(0, 16);
  return path.join(userCacheFolder(), 'astro-docs-json', 'projects', `${path.basename(docsDir) || 'docs'}-${key}`);
}

export const isAstroProject = (folder: string) =>
  statSync(folder, { throwIfNoEntry: false })?.isDirectory() === true && readdirSync(folder).some((name) => /^astro\.config\.[cm]?[jt]s$/.test(name));

/**
 * Astro's cache folder for the docs: that of the Astro project holding them (the docs folder
 * or its parent), where Astro keeps it by default, else that of the command's project.
 */
export function astroCacheFolder(docsDir: string): string {
  const project = [docsDir, path.dirname(docsDir)].find(isAstroProject);
  return project ? path.join(project, 'node_modules', '.astro') : path.join(commandProjectFolder(docsDir), 'cache');
}
