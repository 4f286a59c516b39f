/**
 * Reads `docs.json` from a docs folder: parsed, `$ref`s merged, validated.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sortDiagnostics, type Diagnostic, type Locate } from '../diagnostics.ts';
import type { DocsJson } from '../schema/docs-json.ts';
import { resolveConfigRefs } from './resolve-refs.ts';
import { validateConfig } from './validate-config.ts';

export const CONFIG_FILE = 'docs.json';

export interface LoadedConfig {
  /** Present when the config matches the schema; other errors (a broken `$ref`) may remain. */
  config?: DocsJson;
  /** The merged config as read, when it does not match the schema: its pages are still checked. */
  unchecked?: unknown;
  /** Every JSON file the config is made of, as absolute paths. */
  files: string[];
  locate: Locate;
  diagnostics: Diagnostic[];
}

export async function loadConfig(docsDir: string): Promise<LoadedConfig> {
  const rootFile = path.join(docsDir, CONFIG_FILE);
  if (!existsSync(rootFile) && existsSync(path.join(docsDir, 'mint.json'))) {
    return {
      files: [],
      locate: () => ({ file: 'mint.json' }),
      diagnostics: [
        {
          severity: 'error',
          code: 'legacy-config',
          file: 'mint.json',
          message: `${docsDir} has a mint.json, Mintlify's former config format, but no docs.json.`,
          hint: 'Convert it with `npx mintlify@latest upgrade`, which writes docs.json.',
        },
      ],
    };
  }
  const resolved = await resolveConfigRefs(rootFile, docsDir);
  if (resolved.value === undefined) {
    return { files: resolved.files, locate: resolved.locate, diagnostics: resolved.diagnostics };
  }
  const { config, diagnostics } = validateConfig(resolved);
  return {
    ...(config ? { config } : { unchecked: resolved.value }),
    files: resolved.files,
    locate: resolved.locate,
    diagnostics: sortDiagnostics([...resolved.diagnostics, ...diagnostics]),
  };
}
