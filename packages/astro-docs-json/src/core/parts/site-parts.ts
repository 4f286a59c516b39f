/**
 * A part is the pages of one version, of one language, or of one language of one version.
 * A part build renders its pages (their HTML, Markdown copies, feeds and social images) and
 * their search indexes, each page with the whole site's navigation, so that every file it
 * writes is the one a build of the whole site writes. The files of the whole site
 * (llms.txt, robots.txt, the sitemap, skill files, the 404 page, the icon style sheet, styles
 * and scripts, the docs folder's own files) are written by every part, the same. What is
 * made of every page's text (llms-full.txt, the MCP index) is written by the merge, from
 * the pages' Markdown copies and what each part records of the site in its manifest.
 *
 * A page outside every version (or language) of a site that has them belongs to the part
 * of the default version (or language), so that every page is in some part.
 */
import { indexablePagesInOrder } from '../site/reading-order.ts';
import { DOCS_ROUTE } from '../paths/docs-routes.ts';
import * as z from 'zod';
import type { SearchShardPlan } from '../discovery/search-shards.ts';
import { mcpSourceOf, type McpSource } from '../mcp/docs-index.ts';
import { hrefFor } from '../paths/href.ts';
import type { Site } from '../site/load-site.ts';
import type { SiteModel } from '../site/site-model.ts';

export interface SitePart {
  version?: string;
  language?: string;
}

/** The environment variable that names the part to build, when the integration's `part` option does not. */
export const PART_ENV = 'DOCS_BUILD_PART';

/** Where a part build records what the merge needs; the merge does not copy it. */
export const PART_MANIFEST_PATH = `${DOCS_ROUTE.slice(1)}/part.json`;

const PART_MANIFEST_FORMAT = 1;

type Parsed = { part: SitePart; problem?: undefined } | { part?: undefined; problem: string };

/** `version=v2`, `language=fr`, `version=v2,language=fr`: how the command line and `DOCS_BUILD_PART` name a part. */
export function parseSitePart(text: string): Parsed {
  const part: SitePart = {};
  for (const pair of text.split(',').map((item) => item.trim())) {
    const match = /^(version|language)\s*=\s*(\S(?:.*\S)?)$/.exec(pair);
    if (!match) return { problem: `"${pair}" is not version=NAME or language=CODE.` };
    const key = match[1] as keyof SitePart;
    if (part[key] !== undefined) return { problem: `${key} is given twice.` };
    part[key] = match[2]!;
  }
  return { part };
}

/** The part as `parseSitePart` reads it: `version=v2,language=fr`. */
export function describePart(part: SitePart): string {
  return [part.version !== undefined ? `version=${part.version}` : '', part.language !== undefined ? `language=${part.language}` : ''].filter(Boolean).join(',');
}

/** What makes the part name none of the site's pages: a version or language the site does not have. */
export function partProblem(part: SitePart, site: Pick<Site, 'routes' | 'defaultVersion' | 'defaultLanguage'>): string | undefined {
  for (const key of ['version', 'language'] as const) {
    const wanted = part[key];
    if (wanted === undefined) continue;
    const names = [...new Set(site.routes.map((route) => route[key]).filter((name) => name !== null))];
    if (!names.length) return `The site has no ${key}s: build it whole${key === 'version' ? ', or by language' : ', or by version'}.`;
    if (!names.includes(wanted)) return `The site has no ${key} "${wanted}": its ${key}s are ${names.join(', ')}.`;
  }
  const selection = selectPart(part, site);
  if (!site.routes.some((route) => selection.has(route))) return `The version "${part.version}" has no pages in the language "${part.language}".`;
  return undefined;
}

/** A part of a site, and which of its pages (by their version and language) are in it. */
export interface PartSelection {
  part: SitePart;
  /** As `describePart` writes it. */
  name: string;
  has(page: { version: string | null; language: string | null }): boolean;
}

export function selectPart(part: SitePart, site: Pick<Site, 'routes' | 'defaultVersion' | 'defaultLanguage'>): PartSelection {
  // A page outside every version or language is in the default one's part (or the first's).
  const version = site.defaultVersion ?? site.routes.find((route) => route.version !== null)?.version ?? null;
  const language = site.defaultLanguage ?? site.routes.find((route) => route.language !== null)?.language ?? null;
  return {
    part,
    name: describePart(part),
    has: (page) =>
      (part.version === undefined || (page.version ?? version) === part.version) && (part.language === undefined || (page.language ?? language) === part.language),
  };
}

/** The search indexes of the part's pages, under the names they have in the whole site's plan (which every page's search box loads by). */
export function partOfSearchPlan(plan: SearchShardPlan, inPart: (url: string) => boolean): SearchShardPlan {
  // A shard holds the pages of one version and language: its first page tells its part.
  const shards = plan.shards.filter((shard) => shard.urls.length > 0 && inPart(shard.urls[0]!));
  const names = new Set(shards.map((shard) => shard.name));
  const byScope = Object.entries(plan.byScope).flatMap(([scope, list]) => (list.some((name) => names.has(name)) ? [[scope, list.filter((name) => names.has(name))] as const] : []));
  return { shards, byScope: Object.fromEntries(byScope) };
}

/**
 * What a part build records for the merge. `site` is the same in every part of a site
 * built from the same sources with the same settings: the merge checks that it is.
 */
export interface PartManifest {
  format: typeof PART_MANIFEST_FORMAT;
  /** The part (`describePart`). */
  part: string;
  /** The URLs of the pages this part rendered. */
  pages: string[];
  /** Every file the part build wrote (but this manifest), by its path in the folder, with its size. */
  files: Record<string, number>;
  site: {
    /** Every page of the site (each route's URL): the merged folder has them all. */
    pages: string[];
    /** docs.json `seo.trailingSlash`: every page is written as `<page>/index.html` too. */
    everyPageFolder: boolean;
    /** llms-full.txt's pages, in order, and how their addresses are written; none when the docs folder has its own, which every part copies. */
    llmsFull?: { urls: string[]; origin: string; base: string; instructions?: string };
    /** What the MCP index is made of besides the pages' text, and the site's address. */
    mcp: { source: McpSource; site?: string; base: string };
  };
}

export interface ManifestInput {
  site: Pick<Site, 'routes' | 'config'>;
  model: SiteModel;
  /** Astro's `site` and `base`. */
  siteUrl: string | undefined;
  base: string;
  /** The docs folder has a llms-full.txt of its own, which each part copies as it is. */
  ownLlmsFull: boolean;
}

/** The manifest of the part `selection` of a site: the pages it renders, and what the merge needs of the whole site. */
export function partManifest(selection: PartSelection, { site, model, siteUrl, base, ownLlmsFull }: ManifestInput, files: Record<string, number>): PartManifest {
  const instructions = model.agentInstructions;
  const llmsFull = { urls: indexablePagesInOrder(model).map((page) => page.url), origin: siteUrl ? new URL(siteUrl).origin : '', base, ...(instructions ? { instructions } : {}) };
  return {
    format: PART_MANIFEST_FORMAT,
    part: selection.name,
    pages: model.pages.filter((page) => selection.has(page)).map((page) => page.url),
    files,
    site: {
      pages: site.routes.map((route) => route.url),
      everyPageFolder: site.config?.seo?.trailingSlash === true,
      ...(ownLlmsFull ? {} : { llmsFull }),
      mcp: { source: mcpSourceOf(model), ...(siteUrl ? { site: siteUrl } : {}), base },
    },
  };
}

/** Where llms-full.txt says each page is (`Source:`): the site's origin, its base, the page. */
export function llmsFullAddress({ origin, base }: { origin: string; base: string }): (url: string) => string {
  return (url) => `${origin}${hrefFor(url, base)}`;
}

/** A page's URL as a manifest may give it: a path of the site, with no `.` or `..` segment, that stays inside the folder it names files of. */
const pageUrl = z
  .string()
  .regex(/^\/[^\\\0]*$/, 'a page URL starts with "/"')
  .refine((url) => url === '/' || url.slice(1).split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..'), 'a page URL has no empty, "." or ".." segment');

const sourcePage = z.looseObject({ url: pageUrl, title: z.string(), section: z.string() });
const sourceItem: z.ZodType<unknown> = z.lazy(() => z.union([pageUrl, z.looseObject({ group: z.string(), url: pageUrl.optional(), items: z.array(sourceItem) })]));

const manifestSchema = z.looseObject({
  format: z.literal(PART_MANIFEST_FORMAT),
  part: z.string(),
  pages: z.array(pageUrl),
  files: z.record(z.string(), z.number().int().nonnegative()),
  site: z.looseObject({
    pages: z.array(pageUrl),
    everyPageFolder: z.boolean(),
    llmsFull: z.looseObject({ urls: z.array(pageUrl), origin: z.string(), base: z.string(), instructions: z.string().optional() }).optional(),
    mcp: z.looseObject({
      source: z.looseObject({ name: z.string(), pages: z.array(sourcePage), sections: z.array(z.looseObject({ name: z.string(), items: z.array(sourceItem) })) }),
      site: z.string().optional(),
      base: z.string(),
    }),
  }),
});

/** A manifest as a part's folder holds it, checked: the merge writes files at the paths it names. */
export function readPartManifest(text: string): { manifest: PartManifest; problem?: undefined } | { manifest?: undefined; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'it is not JSON' };
  }
  if (typeof json === 'object' && json !== null && 'format' in json && json.format !== PART_MANIFEST_FORMAT) {
    return { problem: `it is of format ${String(json.format)}, and this version of astro-docs-json merges parts of format ${PART_MANIFEST_FORMAT}: build the parts and merge them with the same version` };
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) return { problem: parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || 'the file'}: ${issue.message}`).join('; ') };
  return { manifest: parsed.data as unknown as PartManifest };
}

/**
 * The pages of the site that no part rendered, when the parts do not cover it (a version
 * or language left out of the CI matrix).
 */
export function pagesLeftOut(manifests: readonly PartManifest[]): string[] {
  const rendered = new Set(manifests.flatMap((manifest) => manifest.pages));
  return manifests[0]!.site.pages.filter((url) => !rendered.has(url));
}
