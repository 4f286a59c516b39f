/**
 * Loads a whole docs folder into the model the rest of the project works from: the
 * config, its navigation tree and its route table, with every problem found on the way.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from './config/load-config.ts';
import { hasErrors, locateIssue, sortDiagnostics, type Diagnostic } from './diagnostics.ts';
import type { LanguageCode } from './languages.ts';
import { normalizeOpenApi, resolveNavigation, type ResolvedNavigation } from './navigation.ts';
import { expandOpenApi, specSources } from './openapi/expand.ts';
import { loadSpecs, type LoadedSpec } from './openapi/specs.ts';
import { contentDiagnostics } from './pages/content-diagnostics.ts';
import { scanPageFiles, type ScanOptions, type SnippetFile } from './pages/page-files.ts';
import { resolveRedirects, type Redirect } from './redirects.ts';
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
  /** The OpenAPI specs the site uses, by their path in the docs folder. */
  specs: Map<string, LoadedSpec>;
  /** The JSON files the config is made of (docs.json and the files it `$ref`s). */
  configFiles: string[];
  /** The snippets pages import (`snippets/`), with what they hold. */
  snippets: SnippetFile[];
  /** docs.json `redirects`, one per old URL. */
  redirects: Redirect[];
}

export async function loadSite(docsDir: string, options: ScanOptions = {}): Promise<Site> {
  const dir = path.resolve(docsDir);
  const isFolder = await stat(dir).then((stats) => stats.isDirectory(), () => false);
  if (!isFolder) {
    const diagnostic: Diagnostic = { severity: 'error', code: 'missing-folder', file: '.', message: `${dir} is not a folder.`, hint: 'Give the folder that holds docs.json.' };
    return { docsDir: dir, routes: [], defaultVersion: null, defaultLanguage: null, diagnostics: [diagnostic], ok: false, specs: new Map(), configFiles: [], snippets: [], redirects: [] };
  }
  const [loaded, scanned] = await Promise.all([loadConfig(dir), scanPageFiles(dir, options)]);
  const diagnostics: Diagnostic[] = [...loaded.diagnostics, ...scanned.diagnostics, ...contentDiagnostics(dir, [...scanned.pages, ...scanned.snippets], loaded.config?.icons?.library)];

  const navigation = loaded.config ? resolveNavigation(loaded.config) : undefined;
  const apiOpenApi = normalizeOpenApi(loaded.config?.api?.openapi) ?? [];
  const { specs, diagnostics: specProblems } = await loadSpecs(dir, specSources(navigation, apiOpenApi, scanned.pages));
  const failedSpecs = new Set(specProblems.map((problem) => problem.file));
  const openapi = expandOpenApi(navigation, apiOpenApi, specs, failedSpecs, scanned.pages);
  diagnostics.push(...specProblems, ...openapi.diagnostics);

  const table = buildRouteTable(navigation, [...scanned.pages, ...openapi.pageFiles]);
  const redirects = resolveRedirects(loaded.config?.redirects, table.routes.map((route) => route.url));
  for (const issue of [...(navigation?.issues ?? []), ...openapi.issues, ...table.issues, ...redirects.issues]) diagnostics.push(locateIssue(issue, loaded.locate));
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
    specs,
    configFiles: loaded.files,
    snippets: scanned.snippets,
    redirects: redirects.redirects,
  };
}
