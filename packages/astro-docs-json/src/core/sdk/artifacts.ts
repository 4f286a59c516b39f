/**
 * SDK artifacts read from the docs folder, each at most once per load: the file `source`
 * names, checked to lie inside the docs folder (its real path, so a symbolic link cannot
 * lead out), bounded in size, and read by its format's reader. An artifact `.mintignore`
 * names is still read: Mintlify's docs ask for artifacts to be ignored, so that they are
 * build inputs rather than published files. Formats without a reader yet, and artifacts
 * named by URL (not fetched: see `artifactProblem`), are warnings; the pages that would
 * have been generated from them are left out.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileStatus } from '../pages/references.ts';
import type { SdkFormat, SdkSetting } from '../schema/sdk.ts';
import type { SdkLibrary } from './model.ts';
import { readTypeDoc } from './typedoc.ts';

/** Mintlify's own limit on a downloaded artifact; a local one larger than this is refused too. */
export const MAX_ARTIFACT_BYTES = 50 * 1024 * 1024;

/** What the formats are read from, for messages. */
const ARTIFACT_OF: Record<SdkFormat, string> = {
  typedoc: "TypeDoc's JSON export (`typedoc --json`)",
  docfx: "DocFX's ManagedReference YAML (`docfx metadata`)",
  javadoc: "the standard doclet's HTML folder",
  sphinx: "Sphinx's JSON builder output (`sphinx -b json`)",
  phpdoc: "phpDocumentor's `structure.xml`",
};

export interface ArtifactProblem {
  code: string;
  message: string;
  hint: string;
  /** Where in the artifact, for a problem in its content: the file and a JSON path in it. */
  inFile?: { file: string; path?: string };
}

export type ArtifactOutcome = { library: SdkLibrary } | { problem: ArtifactProblem };

/** The docs folder's artifacts, read on first use. */
export class ArtifactLibrary {
  private readonly outcomes = new Map<string, Promise<ArtifactOutcome>>();
  private readonly docsDir: string;

  constructor(docsDir: string) {
    this.docsDir = docsDir;
  }

  read(setting: Pick<SdkSetting, 'format' | 'source'>): Promise<ArtifactOutcome> {
    const key = `${setting.format} ${setting.source}`;
    let outcome = this.outcomes.get(key);
    if (!outcome) {
      outcome = readArtifact(this.docsDir, setting.format, setting.source);
      this.outcomes.set(key, outcome);
    }
    return outcome;
  }
}

/** The path of a local artifact, relative to the docs folder, as pages name it (`sdk-artifacts/typedoc.json`). */
export const artifactKey = (source: string) => (/^https:\/\//i.test(source) ? source : path.posix.normalize(source.replace(/\\/g, '/').replace(/^\/+/, '')));

async function readArtifact(docsDir: string, format: SdkFormat, source: string): Promise<ArtifactOutcome> {
  if (/^https:\/\//i.test(source)) {
    return {
      problem: {
        code: 'sdk-remote-artifact',
        message: `The SDK artifact ${source} is named by URL: this site reads artifacts from the docs folder only and does not download them, so its reference pages are not generated.`,
        hint: 'Download the artifact into the docs folder (in CI, before the build) and set `source` to its path there.',
      },
    };
  }
  if (format !== 'typedoc') {
    return {
      problem: {
        code: 'sdk-format-unsupported',
        message: `The SDK artifact ${quoted(source)} is in the \`${format}\` format (${ARTIFACT_OF[format]}), which this site cannot read yet: its reference pages are not generated.`,
        hint: 'Only `typedoc` artifacts (TypeDoc\'s JSON export) are read so far; document this library with pages you write, or leave the setting for Mintlify.',
      },
    };
  }
  const relative = artifactKey(source);
  const full = path.resolve(docsDir, relative);
  const status = relative.startsWith('../') || path.isAbsolute(relative) ? 'outside' : fileStatus(docsDir, full);
  if (status === 'outside') {
    return { problem: { code: 'sdk-outside-docs', message: `The SDK artifact ${quoted(source)} lies outside the docs folder, which is never read.`, hint: 'Put the artifact inside the docs folder (the folder of docs.json); a symbolic link that leads out does not count.' } };
  }
  if (status === 'missing') {
    return { problem: { code: 'missing-sdk-artifact', message: `The SDK artifact ${quoted(source)} does not exist (looked for ${relative} beside docs.json).`, hint: 'Artifact paths are relative to docs.json; generate it first (`npx typedoc --json <file> <entry point>`).' } };
  }
  return readTypeDocFile(full, relative);
}

async function readTypeDocFile(full: string, relative: string): Promise<ArtifactOutcome> {
  const problem = (code: string, message: string, hint: string, at?: string): ArtifactOutcome => ({ problem: { code, message, hint, inFile: { file: relative, ...(at ? { path: at } : {}) } } });
  const info = await stat(full).catch(() => undefined);
  if (!info?.isFile()) return problem('invalid-sdk-artifact', `The SDK artifact ${quoted(relative)} is not a file: the \`typedoc\` format reads one JSON file.`, 'Point `source` at the file `typedoc --json` writes.');
  if (info.size > MAX_ARTIFACT_BYTES) return problem('invalid-sdk-artifact', `The SDK artifact ${quoted(relative)} is ${Math.round(info.size / 1024 / 1024)} MB, over the ${MAX_ARTIFACT_BYTES / 1024 / 1024} MB an artifact may be.`, 'Document fewer entry points per artifact, and split the library across several `sdk` groups.');
  let json: unknown;
  try {
    json = JSON.parse(await readFile(full, 'utf8'));
  } catch (error) {
    return problem('invalid-sdk-artifact', `The SDK artifact ${quoted(relative)} is not valid JSON: ${error instanceof Error ? error.message : String(error)}.`, 'Write it again with `typedoc --json`.');
  }
  const read = readTypeDoc(json);
  if ('problem' in read) {
    return problem('invalid-sdk-artifact', `The SDK artifact ${quoted(relative)} is not a TypeDoc JSON export as expected: at \`${read.problem.path}\`, ${read.problem.message.replace(/\.$/, '')}.`, 'Write it with TypeDoc 0.23 or later: `npx typedoc --json typedoc.json src/index.ts`.', read.problem.path);
  }
  return read;
}

const quoted = (value: string) => `\`${value}\``;
