/**
 * Loads a whole docs folder into the model the rest of the project works from: the
 * config, its navigation tree and its route table, with every problem found on the way.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from './config/load-config.ts';
import { hasErrors, locateIssue, sortDiagnostics, type Diagnostic } from './diagnostics.ts';
import type { LanguageCode } from './languages.ts';
import { resolveNavigation, type ResolvedNavigation } from './navigation.ts';
import { scanPageFiles, type ScanOptions } from './pages/page-files.ts';
import { buildRouteTable, type Route } from './routes.ts';
import type { DocsJson } from './schema/docs-json.ts';

export interface Site {
  /** Absolute path of the folder holding docs.json. */
  docsDir: string;
  config?: DocsJson;
  navigation?: ResolvedNavigation;
  routes: Route[];
  defaultVersion: string | null;
  defaultLanguage: LanguageCode | null;
  /** Errors first; the site can be built only when there are none. */
  diagnostics: Diagnostic[];
  ok: boolean;
  /** The config's JSON files, for `astro dev` to watch. */
  configFiles: string[];
}

export async function loadSite(docsDir: string, options: ScanOptions = {}): Promise<Site> {
  const dir = path.resolve(docsDir);
  const isFolder = await stat(dir).then((stats) => stats.isDirectory(), () => false);
  if (!isFolder) {
    const diagnostic: Diagnostic = { severity: 'error', code: 'missing-folder', file: '.', message: `${dir} is not a folder.`, hint: 'Give the folder that holds docs.json.' };
    return { docsDir: dir, routes: [], defaultVersion: null, defaultLanguage: null, diagnostics: [diagnostic], ok: false, configFiles: [] };
  }
  const [loaded, scanned] = await Promise.all([loadConfig(dir), scanPageFiles(dir, options)]);
  const diagnostics: Diagnostic[] = [...loaded.diagnostics, ...scanned.diagnostics];

  const navigation = loaded.config ? resolveNavigation(loaded.config) : undefined;
  const table = buildRouteTable(navigation, scanned.pages);
  for (const issue of [...(navigation?.issues ?? []), ...table.issues]) diagnostics.push(locateIssue(issue, loaded.locate));
  diagnostics.push(...table.diagnostics);

  const sorted = sortDiagnostics(diagnostics);
  return {
    docsDir: dir,
    ...(loaded.config ? { config: loaded.config } : {}),
    ...(navigation ? { navigation } : {}),
    routes: loaded.config ? table.routes : [],
    defaultVersion: navigation?.defaultVersion ?? null,
    defaultLanguage: navigation?.defaultLanguage ?? null,
    diagnostics: sorted,
    ok: loaded.config !== undefined && !hasErrors(sorted),
    configFiles: loaded.files,
  };
}
