/**
 * OpenAPI specs that docs.json names by an http(s) URL, as Mintlify fetches them when it
 * builds. Each build fetches the spec again (an API's spec changes without the docs
 * repository changing) and keeps a copy, so that a build without the network, or with the
 * server down, still has the last spec it saw, and says so. `check` reads only the copies.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { declaresSpec, MAX_SPEC_BYTES } from './discover.ts';

export interface RemoteSpecOptions {
  /** Fetch specs over the network (the build); `false` reads the kept copies only (`check`). */
  fetch: boolean;
  /** The folder that keeps a copy of each fetched spec between builds. */
  cacheDir: string;
  /** How long one fetch, redirects and body included, may take; 15 s by default. */
  timeoutMs?: number;
  /** A copy younger than this is used without fetching (`astro dev` reloads, say); 0 by default. */
  maxAgeMs?: number;
  /** The largest spec accepted; 50 MB by default. */
  maxBytes?: number;
}

export type RemoteSpecText =
  | { text: string; from: 'network' }
  /** `fetchError` says why the network was not used, when it was tried. */
  | { text: string; from: 'copy'; copiedAt: Date; fetchError?: string }
  | { text?: undefined; problem: string; hint: string };

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 5;

/** Where a kept copy of a spec goes: named by a hash of its URL. */
export function remoteSpecCacheDir(astroCacheDir: string): string {
  return path.join(astroCacheDir, 'astro-docs-json', 'openapi');
}

export function copyFileFor(cacheDir: string, url: string): string {
  return path.join(cacheDir, `${createHash('sha256').update(url).digest('hex').slice(0, 32)}.spec`);
}

/** The text of the spec at `url`, from the network or the kept copy, or why there is none. */
/** `accepts`: whether a fetched text is the kind of document asked for (an OpenAPI spec unless told; GraphQL schemas come here too). */
export async function readRemoteSpec(url: string, options: RemoteSpecOptions | undefined, accepts: (text: string) => boolean = declaresSpec): Promise<RemoteSpecText> {
  if (!options) {
    return { problem: 'this build reads no specs by URL', hint: 'Download the spec into the docs folder and name its path, like "openapi.json".' };
  }
  const copyFile = copyFileFor(options.cacheDir, url);
  const copy = await readCopy(copyFile);
  if (!options.fetch) {
    return copy
      ? { text: copy.text, from: 'copy', copiedAt: copy.copiedAt }
      : { problem: '`check` does not fetch specs, and no build has kept a copy of it yet', hint: 'Build the site once (with the network) to fetch it; `check` then reads the copy.' };
  }
  if (copy && options.maxAgeMs && Date.now() - copy.copiedAt.getTime() < options.maxAgeMs) {
    return { text: copy.text, from: 'copy', copiedAt: copy.copiedAt };
  }
  try {
    const text = await download(url, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.maxBytes ?? MAX_SPEC_BYTES);
    // An error page served with 200 must not replace a good copy.
    if (!accepts(text)) throw new Error(accepts === declaresSpec ? 'the answer is not an OpenAPI document (no top-level `openapi` or `swagger` key)' : 'the answer is not the document expected');
    await writeCopy(copyFile, text);
    return { text, from: 'network' };
  } catch (error) {
    const reason = fetchErrorText(error, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    if (copy) return { text: copy.text, from: 'copy', copiedAt: copy.copiedAt, fetchError: reason };
    return { problem: `it could not be fetched (${reason}), and no earlier build kept a copy`, hint: 'Check the URL and the network, or download the spec into the docs folder and name its path.' };
  }
}

async function readCopy(file: string): Promise<{ text: string; copiedAt: Date } | undefined> {
  try {
    const [text, stats] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    return { text, copiedAt: stats.mtime };
  } catch {
    return undefined;
  }
}

/** Written to a temporary file and renamed, so that a build reading it never sees half a spec. */
async function writeCopy(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, text);
    await rename(temporary, file);
  } catch {
    // Without a copy the build goes on: only a later offline build misses it.
    await unlink(temporary).catch(() => undefined);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Follows redirects itself, to allow only http(s) at every hop and to bound their number. */
async function download(url: string, timeoutMs: number, maxBytes: number): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  let current = new URL(url);
  for (let hops = 0; ; hops++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new Error(`${current.protocol} URLs are not fetched, only http and https`);
    const response = await fetch(current, { redirect: 'manual', signal, headers: { accept: 'application/json, application/yaml, text/yaml, */*' } });
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (!location) throw new Error(`HTTP ${response.status} without a Location`);
      if (hops >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
      current = new URL(location, current);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    }
    return readBounded(response, maxBytes);
  }
}

/** The body as text, streamed and cut off past `maxBytes`: a huge answer is never held whole. */
async function readBounded(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () => new Error(`the spec is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Why a fetch failed, in words: the time-out, or the network's own reason (`ECONNREFUSED`). */
function fetchErrorText(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code) return cause.code;
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
