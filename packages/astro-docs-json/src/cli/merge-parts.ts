/**
 * `astro-docs-json merge PART... --out DIST`: the outputs of a site's part builds
 * (`core/parts/`), one CI job each, made into the site a single build writes.
 *
 * Every file of every part is copied; a file that two parts both hold must be the same in
 * both (the files of the whole site are written by every part), and the merge stops, naming
 * each file the parts disagree on, when it is not: the parts were built from other sources
 * or settings. Then what needs every page is written from the merged pages' Markdown
 * copies and the parts' manifest: llms-full.txt and the MCP index; and each page whose URL
 * is also a folder gets its `index.html` (`mirrorFolderPages`), since that folder may hold
 * pages of other parts.
 *
 * Only the part folders' own files are read: a link in one stops the merge.
 * The site is written into a folder beside DIST and put in DIST's place once complete, so
 * that DIST is never half written.
 */
import { constants } from 'node:fs';
import { copyFile, lstat, mkdir, mkdtemp, open, readdir, readFile, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { mapBounded } from '../core/map-bounded.ts';
import { MCP_INDEX_PATH } from '../core/mcp/docs-index.ts';
import { llmsFullAddress, pagesLeftOut, PART_MANIFEST_PATH, readPartManifest, type PartManifest } from '../core/parts/site-parts.ts';
import { mirrorFolderPages, writeMcpIndex } from '../astro/build/output-files.ts';
import { llmsFullFromCopies } from '../astro/build/markdown-copies.ts';

/** A problem of the parts given, reported as it is: no stack trace. */
export class MergeError extends Error {}

interface Part {
  /** As the command line gave it, for messages. */
  given: string;
  /** Its real path: what is read is inside it. */
  root: string;
  manifest: PartManifest;
}

export interface MergeSummary {
  parts: string[];
  files: number;
  pages: number;
}

/** The command: 0 once DIST holds the merged site, 1 when the parts cannot be merged (nothing is written then). */
export async function mergeCommand(folders: readonly string[], out: string): Promise<number> {
  try {
    const merged = await mergeParts(folders, out);
    process.stdout.write(
      `Merged ${merged.parts.length} parts (${merged.parts.join('; ')}) into ${path.relative(process.cwd(), out) || '.'}: ` +
        `${merged.files} files from the parts, ${merged.pages} pages, and llms-full.txt and the MCP index of them all. \`astro-docs-json score\` scores it.\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof MergeError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
}

export async function mergeParts(folders: readonly string[], out: string): Promise<MergeSummary> {
  const parts = await Promise.all(folders.map(readPart));
  checkSameSite(parts);
  const left = pagesLeftOut(parts.map((part) => part.manifest));
  if (left.length) {
    throw new MergeError(`No part holds ${count(left.length, 'page')} of the site: ${listed(left)}.\nBuild a part for each version (or language) of the site, and merge them all.`);
  }
  const target = await outputFolder(path.resolve(out), parts);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = await mkdtemp(path.join(path.dirname(target), `.${path.basename(target)}.merging-`));
  try {
    const files = await copyParts(parts, temporary);
    await writeWholeSite(temporary, parts[0]!.manifest.site);
    await putInPlace(temporary, target);
    return { parts: parts.map((part) => part.manifest.part), files, pages: parts[0]!.manifest.site.pages.length };
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
}

/** A part's folder, by its real path, with its manifest. */
async function readPart(given: string): Promise<Part> {
  const root = await realpath(path.resolve(given)).catch(() => undefined);
  if (!root || !(await stat(root)).isDirectory()) throw new MergeError(`${given} is not a folder.`);
  const text = await readFile(path.join(root, PART_MANIFEST_PATH), 'utf8').catch(() => undefined);
  if (text === undefined) {
    throw new MergeError(`${given} is not the output of a part build: it has no ${PART_MANIFEST_PATH}. Build each part with \`astro-docs-json build --part version=NAME\` (or DOCS_BUILD_PART), and merge those.`);
  }
  const { manifest, problem } = readPartManifest(text);
  if (!manifest) throw new MergeError(`${given}/${PART_MANIFEST_PATH} cannot be read: ${problem}.`);
  return { given, root, manifest };
}

/** The parts are of one site, built from the same sources with the same settings. */
function checkSameSite(parts: readonly Part[]): void {
  if (!parts.length) throw new MergeError('Give the folders of the parts to merge.');
  const first = JSON.stringify(parts[0]!.manifest.site);
  const other = parts.find((part) => JSON.stringify(part.manifest.site) !== first);
  if (other) {
    throw new MergeError(
      `${parts[0]!.given} and ${other.given} are parts of different sites (their pages, navigation or settings differ).\n` +
        'Build every part from the same commit, with the same options and `site`.',
    );
  }
}

/** Where the merged site goes: not a part's folder nor a folder around one, and a folder it may replace. */
async function outputFolder(out: string, parts: readonly Part[]): Promise<string> {
  const parent = await realpath(path.dirname(out)).catch(() => path.dirname(out));
  const target = path.join(parent, path.basename(out));
  const inside = (folder: string, root: string) => !path.relative(root, folder).startsWith('..') && !path.isAbsolute(path.relative(root, folder));
  for (const part of parts) {
    if (inside(target, part.root) || inside(part.root, target)) throw new MergeError(`The merged site cannot be written to ${out}: the part ${part.given} is there. Give another --out.`);
  }
  const existing = await lstat(target).catch(() => undefined);
  if (!existing) return target;
  const entries = existing.isDirectory() ? await readdir(target) : undefined;
  const built = await stat(path.join(target, MCP_INDEX_PATH)).then(() => true, () => false);
  if (!entries || (entries.length > 0 && !built)) throw new MergeError(`${out} is there and is not a built site: give a new or empty folder as --out, or remove it.`);
  return target;
}

interface Conflict {
  file: string;
  parts: [string, string];
  folder?: true;
}

/** Copies each part's files into `into`; the number of files. Files two parts hold must be the same. */
async function copyParts(parts: readonly Part[], into: string): Promise<number> {
  const owner = new Map<string, string>();
  const conflicts: Conflict[] = [];
  for (const part of parts) {
    const files = await filesOf(part);
    await mapBounded(files, 32, async ({ name, source }) => {
      const target = path.join(into, name);
      const before = owner.get(name);
      if (before !== undefined) {
        if (!(await sameBytes(source, target))) conflicts.push({ file: name, parts: [before, part.given] });
        return;
      }
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(source, target, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL);
        owner.set(name, part.given);
      } catch (error) {
        // A file of this part where another part has a folder, or the other way round.
        if (!['EEXIST', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
        conflicts.push({ file: name, parts: [ownerAbove(owner, name) ?? 'another part', part.given], folder: true });
      }
    });
  }
  if (conflicts.length) throw new MergeError(conflictReport(conflicts));
  return owner.size;
}

const ownerAbove = (owner: ReadonlyMap<string, string>, name: string) =>
  [...owner].find(([file]) => file.startsWith(`${name}/`) || name.startsWith(`${file}/`))?.[1];

function conflictReport(conflicts: readonly Conflict[]): string {
  const lines = [...conflicts]
    .sort((a, b) => a.file.localeCompare(b.file))
    .slice(0, 20)
    .map(({ file, parts, folder }) => `  ${file}  (${folder ? 'a file in one part, a folder in the other: ' : ''}${parts[0]} and ${parts[1]})`);
  const more = conflicts.length > 20 ? `\n  and ${conflicts.length - 20} more` : '';
  return (
    `The parts disagree on ${count(conflicts.length, 'file')}, which a build of the whole site writes once:\n${lines.join('\n')}${more}\n` +
    'Build every part from the same commit, with the same options; a sitemap integration of the site\'s own lists only its part\'s pages. Nothing was written.'
  );
}

/**
 * Every file of a part but its manifest, by its path in the part: the files its build
 * wrote, as the manifest lists them. A build writes files and folders only: a link (which
 * could lead out of the part) stops the merge, so that nothing outside the parts is read.
 */
async function filesOf(part: Part): Promise<Array<{ name: string; source: string }>> {
  const entries = await readdir(part.root, { recursive: true, withFileTypes: true });
  const found = await mapBounded(
    entries.filter((entry) => !entry.isDirectory()),
    64,
    async (entry) => {
      const source = path.join(entry.parentPath, entry.name);
      const name = path.relative(part.root, source).split(path.sep).join('/');
      if (!entry.isFile()) {
        throw new MergeError(`${part.given}/${name} is ${entry.isSymbolicLink() ? 'a link' : 'not a file'}: a part's output holds its own files only. Nothing was written.`);
      }
      return { name, source, size: (await lstat(source)).size };
    },
  );
  const files = found.filter(({ name }) => name !== PART_MANIFEST_PATH);
  checkAsBuilt(part, files);
  return files;
}

/** The part's folder holds what its build wrote, no more, no less: a part that lost files on its way (or gained some) is not merged. */
function checkAsBuilt(part: Part, files: ReadonlyArray<{ name: string; size: number }>): void {
  const written = part.manifest.files;
  const present = new Set(files.map(({ name }) => name));
  const missing = Object.keys(written).filter((name) => !present.has(name)).sort();
  const changed = files.filter(({ name, size }) => Object.hasOwn(written, name) && written[name] !== size).map(({ name }) => name).sort();
  const added = files.filter(({ name }) => !Object.hasOwn(written, name)).map(({ name }) => name).sort();
  if (!missing.length && !changed.length && !added.length) return;
  const problems = [
    missing.length ? `${count(missing.length, 'file')} its build wrote ${missing.length === 1 ? 'is' : 'are'} missing (${listed(missing)})` : '',
    changed.length ? `${count(changed.length, 'file')} changed size (${listed(changed)})` : '',
    added.length ? `${count(added.length, 'file')} its build did not write ${added.length === 1 ? 'is' : 'are'} there (${listed(added)})` : '',
  ].filter(Boolean);
  const hidden = missing.some((name) => name.split('/').some((segment) => segment.startsWith('.')));
  throw new MergeError(
    `${part.given} is not as its build left it: ${problems.join('; ')}.` +
      (hidden ? '\nFiles in hidden folders (.well-known/) are missing: an artifact upload may have left them out (actions/upload-artifact: `include-hidden-files: true`).' : '') +
      '\nMerge the part folders as the builds wrote them. Nothing was written.',
  );
}

/** Whether two files hold the same bytes, read a block at a time. */
async function sameBytes(a: string, b: string): Promise<boolean> {
  const [statsA, statsB] = await Promise.all([stat(a), stat(b)]);
  if (!statsA.isFile() || !statsB.isFile() || statsA.size !== statsB.size) return false;
  const [fileA, fileB] = await Promise.all([open(a), open(b)]);
  try {
    const [blockA, blockB] = [Buffer.alloc(1 << 16), Buffer.alloc(1 << 16)];
    for (let at = 0; at < statsA.size; at += blockA.length) {
      const [{ bytesRead }] = await Promise.all([fileA.read(blockA, 0, blockA.length, at), fileB.read(blockB, 0, blockB.length, at)]);
      if (bytesRead === 0) break;
      if (!blockA.subarray(0, bytesRead).equals(blockB.subarray(0, bytesRead))) return false;
    }
    return true;
  } finally {
    await Promise.all([fileA.close(), fileB.close()]);
  }
}

/** What needs every page: llms-full.txt (unless the docs folder has its own, which every part copied), the MCP index, the folder pages' `index.html`. */
async function writeWholeSite(dir: string, site: PartManifest['site']): Promise<void> {
  if (site.llmsFull) await llmsFullFromCopies(dir, site.llmsFull.urls, llmsFullAddress(site.llmsFull), site.llmsFull.instructions);
  await writeMcpIndex(dir, site.mcp.source, { ...(site.mcp.site ? { site: site.mcp.site } : {}), base: site.mcp.base });
  await mirrorFolderPages(dir, site.pages, site.everyPageFolder);
}

/** The merged site in `target`'s place; what was there is removed once it is. */
async function putInPlace(merged: string, target: string): Promise<void> {
  const previous = `${merged}.previous`;
  const replaced = await rename(target, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
  );
  try {
    await rename(merged, target);
  } catch (error) {
    if (replaced) await rename(previous, target);
    throw error;
  }
  if (replaced) await rm(previous, { recursive: true, force: true });
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function listed(urls: readonly string[]): string {
  return urls.length > 10 ? `${urls.slice(0, 10).join(', ')} and ${urls.length - 10} more` : urls.join(', ');
}
