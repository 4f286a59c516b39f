/**
 * Draws each page's social image (`core/seo/social-image.ts`) during the build: the images
 * need only the pages' titles and descriptions, known before any page is rendered, so
 * drawing starts at `astro:build:start`, in worker threads beside the rendering, and the
 * end of the build waits only for what is left. An image is kept in the integration's
 * cache under its key (what it is drawn from), so that a rebuild draws only the pages
 * whose title or description changed, and each page's is linked into the output from there.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../../core/diagnostics.ts';
import { mapBounded } from '../../core/map-bounded.ts';
import { isExternal } from '../../core/paths/href.ts';
import type { DocsJson, Font } from '../../core/schema/docs-json.ts';
import { knownContentType } from '../../core/pages/content-types.ts';
import { getsSocialImage, siteImageDigest, SOCIAL_IMAGE_FOLDER, socialImageKey, socialImagePath, socialImageTheme, type SocialImageSite } from '../../core/seo/social-image.ts';
import type { PageView } from '../../core/site/site-model.ts';
import { MODULE_EXTENSION } from './code-digest.ts';
import type { DrawingJob, FontData } from './social-image-drawing.ts';
import type { WorkerInput } from './social-image-worker.ts';
import type { OutputRecord } from './kept-output.ts';

export interface SocialImageRun {
  /** Images drawn in this build, and images linked from the cache. */
  drawn: number;
  reused: number;
  /** Milliseconds from the start of the drawing to its end, beside the rendering. */
  drawingMs: number;
  /** Milliseconds the end of the build spent on the images: what was left to draw, and linking them into the output. */
  waitedMs: number;
  warnings: Diagnostic[];
}

export interface SocialImageInput {
  config: DocsJson;
  docsDir: string;
  pages: readonly PageView[];
  /** The integration's cache folder; the images are kept under `social-images/`. */
  cacheDir: string;
}

/** The drawing under way, from `startSocialImages`. */
export interface SocialImageJob {
  /**
   * Waits for the drawing, then links each page's image into `outDir` at `socialImagePath`.
   * `found`: the output as the build found it, when it is as the last complete build left it.
   */
  finish(outDir: string, found?: OutputRecord): Promise<SocialImageRun>;
  /** Stops the workers: the build failed. */
  abort(): Promise<void>;
}

/**
 * Workers: one fewer than the cores, which the rendering and the search indexing share, and
 * at most four. Each draws one image at a time (a page's SVG and PNG, a few hundred kB).
 */
const WORKERS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

export function startSocialImages(input: SocialImageInput): SocialImageJob {
  const started = performance.now();
  const workers: Worker[] = [];
  const plan = planImages(input);
  const drawing = plan.then(async (planned) => {
    await Promise.all(split(planned.toDraw, WORKERS).map((jobs) => runWorker({ site: planned.site, fonts: planned.fonts, jobs }, workers)));
    return performance.now() - started;
  });
  // Failures are the finish's to report; until then, one is not left unhandled.
  drawing.catch(() => undefined);
  return {
    async finish(outDir, found) {
      const waiting = performance.now();
      const { pages, toDraw, folder, unused, warnings } = await plan;
      const drawingMs = await drawing;
      const placeInOutput = outputPlacer(existsSync(path.join(outDir, SOCIAL_IMAGE_FOLDER)));
      const inPlace = found ? await placedBefore(folder, outDir, found) : () => false;
      await mapBounded(pages, 32, async ({ url, name }) => {
        if (!inPlace(url, name)) await placeInOutput(path.join(folder, name), path.join(outDir, socialImagePath(url)));
      });
      await recordPlaced(folder, outDir, pages);
      // Images no page of this build uses are removed: the cache does not grow with edits.
      await mapBounded(unused, 32, (name) => rm(path.join(folder, name), { force: true }));
      return { drawn: toDraw.length, reused: pages.length - toDraw.length, drawingMs, waitedMs: performance.now() - waiting, warnings };
    },
    async abort() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/** Draws every page's image and links it into `outDir`: the drawing and its end in one. */
export async function writeSocialImages(input: SocialImageInput & { outDir: string; found?: OutputRecord }): Promise<SocialImageRun> {
  return startSocialImages(input).finish(input.outDir, input.found);
}

interface ImagePlan {
  site: SocialImageSite;
  fonts: FontData[];
  folder: string;
  /** Each page that gets an image, and its file in the cache. */
  pages: Array<{ url: string; name: string }>;
  /** The images the cache lacks, once each. */
  toDraw: DrawingJob[];
  /** The cache's images no page uses any more. */
  unused: string[];
  warnings: Diagnostic[];
}

/** Which pages get an image, under which key, and which of those the cache lacks. */
async function planImages({ config, docsDir, pages, cacheDir }: SocialImageInput): Promise<ImagePlan> {
  const warnings: Diagnostic[] = [];
  const wanted = pages.filter((page) => getsSocialImage(page, config.seo?.metatags));
  const { site, fonts } = wanted.length ? await imageSite(config, docsDir, warnings) : { site: undefined, fonts: [] };
  const folder = path.join(cacheDir, 'social-images');
  await mkdir(folder, { recursive: true });
  const kept = new Set((await readdir(folder)).filter((name) => name.endsWith('.png')));
  const siteDigest = site ? siteImageDigest(site) : '';
  const toDraw = new Map<string, DrawingJob>();
  const planned = wanted.map((page) => {
    const words = { title: page.title, ...(page.description ? { description: page.description } : {}) };
    const name = `${socialImageKey(siteDigest, words)}.png`;
    // Pages with the same words share an image, drawn once.
    if (!kept.has(name) && !toDraw.has(name)) toDraw.set(name, { ...words, file: path.join(folder, name) });
    return { url: page.url, name };
  });
  const used = new Set(planned.map((page) => page.name));
  return { site: site!, fonts, folder, pages: planned, toDraw: [...toDraw.values()], unused: [...kept].filter((name) => !used.has(name)), warnings };
}

/** The record of which image each page's file in the output is, beside the images. */
const PLACED = 'placed.json';

interface PlacedImages {
  outDir: string;
  /** Each page's image, by its name in the cache. */
  pages: Record<string, string>;
}

/**
 * Whether a page's image in the output is already the one named: the build before placed
 * it there (its record says so), and the output is as that build left it (`found`, which
 * holds the image's file). A rebuild then asks nothing of the disk for the pages whose
 * title and description did not change, where checking each image took 0.1 s at 10,000 pages.
 */
async function placedBefore(folder: string, outDir: string, found: OutputRecord): Promise<(url: string, name: string) => boolean> {
  const record = await readFile(path.join(folder, PLACED), 'utf8')
    .then((text) => JSON.parse(text) as PlacedImages)
    .catch(() => undefined);
  if (record?.outDir !== outDir) return () => false;
  const placed = new Map(Object.entries(record.pages));
  return (url, name) => placed.get(url) === name && Object.hasOwn(found, path.join('.', socialImagePath(url)));
}

/** Written once the images are placed: a build that fails before leaves the output other than its record says, and the next one does not trust either. */
async function recordPlaced(folder: string, outDir: string, pages: ReadonlyArray<{ url: string; name: string }>): Promise<void> {
  const record: PlacedImages = { outDir, pages: Object.fromEntries(pages.map(({ url, name }) => [url, name])) };
  await writeFile(path.join(folder, PLACED), JSON.stringify(record)).catch(() => undefined);
}

/** Every `count`th job to each worker: neighbouring pages, alike in length, are spread out. */
function split<T>(items: readonly T[], count: number): T[][] {
  const parts = Array.from({ length: Math.min(count, items.length) }, () => [] as T[]);
  items.forEach((item, index) => parts[index % parts.length]!.push(item));
  return parts;
}

function runWorker(input: WorkerInput, workers: Worker[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(`./social-image-worker${MODULE_EXTENSION}`, import.meta.url), { workerData: input });
    // A build that fails before its end does not wait for the drawing to exit.
    worker.unref();
    workers.push(worker);
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`A social image worker stopped with code ${code}.`))));
  });
}

/**
 * Each image into the output: a hard link where the cache and the output share a disk (no
 * copy of tens of thousands of files), else a copy; nothing when the output already holds
 * the cache's file (a rebuild that kept it). Into an output without images (a clean build),
 * one call per image; each folder made once: the calls, not the disk, are what tens of
 * thousands of images cost.
 */
function outputPlacer(outputHasImages: boolean): (cached: string, target: string) => Promise<void> {
  const folders = new Map<string, Promise<unknown>>();
  const folder = (dir: string) => {
    let made = folders.get(dir);
    if (!made) folders.set(dir, (made = mkdir(dir, { recursive: true })));
    return made;
  };
  return async (cached, target) => {
    if (outputHasImages) {
      // On this thread: a rebuild asks this of every page, and through the thread pool the two
      // calls cost ten times as much (0.4 s at 3,000 pages, against 0.05 s).
      const from = statSync(cached);
      const to = statSync(target, { throwIfNoEntry: false });
      if (to && to.ino === from.ino && to.dev === from.dev) return;
      if (to) await rm(target, { force: true });
    }
    await folder(path.dirname(target));
    await link(cached, target).catch(() => copyFile(cached, target));
  };
}

/** What every image of the site is drawn from: its name, colours, logo, background and font. */
async function imageSite(config: DocsJson, docsDir: string, warnings: Diagnostic[]): Promise<{ site: SocialImageSite; fonts: FontData[] }> {
  const appearance = socialImageTheme(config).appearance;
  const logoPath = typeof config.logo === 'string' ? config.logo : config.logo?.[appearance];
  const [logo, background, font] = await Promise.all([
    logoPath ? imageData(docsDir, logoPath, logoPath === config.logo ? 'logo' : `logo.${appearance}`, 'the site\'s name is drawn in its place', warnings) : undefined,
    config.thumbnails?.background ? imageData(docsDir, config.thumbnails.background, 'thumbnails.background', 'the images have a plain background', warnings) : undefined,
    imageFont(config, docsDir, warnings),
  ]);
  return {
    site: { siteName: config.name, theme: socialImageTheme(config), ...(logo ? { logo } : {}), ...(background ? { background } : {}), font: { family: font.family, digest: font.digest } },
    fonts: font.data,
  };
}

/** What satori draws. */
const DRAWN_IMAGES = new Set(['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp', 'image/gif']);

/**
 * A file of the docs folder as a `data:` URL for satori. An image at a URL is not fetched:
 * the build does not depend on the network; a warning says what is drawn instead.
 */
async function imageData(docsDir: string, file: string, key: string, instead: string, warnings: Diagnostic[]): Promise<string | undefined> {
  const known = knownContentType(file);
  const type = known && DRAWN_IMAGES.has(known) ? known : undefined;
  const problem = isExternal(file) ? 'is a URL, which the build does not fetch' : !type ? 'is not a PNG, JPEG, SVG, WebP or GIF image' : undefined;
  const absolute = path.resolve(docsDir, file.replace(/^\/+/, ''));
  const data = problem || !absolute.startsWith(docsDir + path.sep) ? undefined : await readFile(absolute).catch(() => undefined);
  if (!data) {
    warnings.push(imageWarning(key, `\`${key}\` (${file}) ${problem ?? 'is not a file of the docs folder'}: ${instead} in the pages' social images.`, 'Use a PNG, JPEG or SVG file of the docs folder.'));
    return undefined;
  }
  return `data:${type};base64,${data.toString('base64')}`;
}

const imageWarning = (key: string, message: string, hint: string): Diagnostic => ({ severity: 'warning', code: 'social-image', file: 'docs.json', path: key, message, hint });

const INTER_FILES = ['latin', 'latin-ext', 'cyrillic', 'greek'].flatMap((subset) => [400, 700].map((weight) => ({ subset, file: `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`, weight })));

/**
 * The font of the text: the family docs.json names for thumbnails (or the site's heading
 * font), when docs.json `fonts` gives it a file of the docs folder that satori reads (WOFF,
 * TTF or OTF); else Inter, which the package ships. A family named only (a Google Fonts
 * name) is not fetched: a warning says so when it was named for the thumbnails.
 */
async function imageFont(config: DocsJson, docsDir: string, warnings: Diagnostic[]): Promise<{ family: string; digest: string; data: FontData[] }> {
  const wantedFamily = config.thumbnails?.fonts?.family ?? config.fonts?.heading?.family ?? config.fonts?.family;
  const candidates = [config.fonts?.heading, config.fonts?.family ? (config.fonts as Font) : undefined, config.fonts?.body];
  const own = candidates.find((font) => font !== undefined && font.family === wantedFamily && font.source && !isExternal(font.source) && /\.(woff|ttf|otf)$/i.test(font.source));
  const ownData = own ? await readFile(path.resolve(docsDir, own.source!.replace(/^\/+/, ''))).catch(() => undefined) : undefined;
  if (own && ownData) {
    return { family: own.family, digest: digestOf([ownData]), data: [{ name: own.family, data: ownData, weight: 400, style: 'normal' }, { name: own.family, data: ownData, weight: 700, style: 'normal' }] };
  }
  if (config.thumbnails?.fonts) {
    warnings.push(imageWarning('thumbnails.fonts.family', `The thumbnails' font "${config.thumbnails.fonts.family}" has no WOFF, TTF or OTF file in the docs folder, and the build does not fetch fonts: the social images are drawn in Inter.`, 'Give the family a `source` file (.woff or .ttf) in docs.json `fonts`.'));
  }
  const resolve = createRequire(import.meta.url).resolve;
  const files = await Promise.all(INTER_FILES.map(async ({ subset, file, weight }) => ({ subset, weight, data: await readFile(resolve(file)) })));
  // Each subset under a name of its own: satori falls back from one font to another for the characters the first lacks, not between files of one name.
  return { family: 'Inter', digest: 'inter-5', data: files.map(({ subset, weight, data }) => ({ name: subset === 'latin' ? 'Inter' : `Inter ${subset}`, data, weight: weight as 400 | 700, style: 'normal' as const })) };
}

function digestOf(parts: readonly Buffer[]): string {
  const hash = createHash('sha256');
  parts.forEach((part) => hash.update(part));
  return hash.digest('hex').slice(0, 16);
}
