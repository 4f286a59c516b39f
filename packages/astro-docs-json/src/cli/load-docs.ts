/**
 * The docs folder as the checking commands read it (`check`, `validate`, `routes`,
 * `broken-links`, `a11y`): loaded as a build would, without fetching, and its problems
 * written as the build writes them.
 */
import { remoteSpecCacheDir } from '../core/openapi/remote.ts';
import { formatDiagnostic, terminalStyle } from '../core/report/format.ts';
import { loadSite, type Site } from '../core/site/load-site.ts';
import { astroCacheFolder, isAstroProject } from './project-folders.ts';

/** An Astro project's own folders inside the docs folder (its build output, say) hold no pages. */
const ASTRO_FOLDERS = ['dist', 'public', 'src'];

export function loadDocs(docsDir: string, strict = false): Promise<Site> {
  return loadSite(docsDir, {
    ...(isAstroProject(docsDir) ? { exclude: ASTRO_FOLDERS } : {}),
    strict,
    // The copies of specs named by URL that the last build fetched.
    remoteSpecs: { fetch: false, cacheDir: remoteSpecCacheDir(astroCacheFolder(docsDir)) },
  });
}

export function reportProblems(site: Site, stream: NodeJS.WriteStream): void {
  const style = terminalStyle(stream);
  for (const diagnostic of site.diagnostics) stream.write(`${formatDiagnostic(diagnostic, site.docsDir, style)}\n\n`);
}

/** The docs, once docs.json can be read; else its problems are reported and there is nothing to check. */
export async function readableDocs(docsDir: string, what: string): Promise<Site | undefined> {
  const site = await loadDocs(docsDir);
  if (site.config) return site;
  reportProblems(site, process.stderr);
  process.stderr.write(`${what} cannot be checked until docs.json can be read.\n`);
  return undefined;
}
