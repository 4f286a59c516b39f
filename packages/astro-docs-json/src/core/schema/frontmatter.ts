/**
 * Page frontmatter. Keys Mintlify documents are typed; any other key is kept, since
 * pages carry `og:*` and custom metadata.
 */
import * as z from 'zod';
import { iconSchema, PLAYGROUND_DISPLAYS } from './docs-json.ts';
import { sdkFrontmatterSchema } from './sdk.ts';

/** YAML reads `title: 404` as a number; a title is text all the same. */
const text = z.union([z.string(), z.number()]).transform(String);

export const frontmatterSchema = z.looseObject({
  title: text.optional(),
  description: text.optional(),
  sidebarTitle: text.optional(),
  icon: iconSchema.optional(),
  iconType: z.string().optional(),
  tag: text.optional(),
  hidden: z.boolean().optional(),
  noindex: z.boolean().optional(),
  openapi: z.string().optional(),
  api: z.string().optional(),
  /** The page's playground, over docs.json `api.playground.display`. */
  playground: z.enum(PLAYGROUND_DISPLAYS).optional(),
  mode: z.enum(['default', 'wide', 'custom', 'center', 'frame']).optional(),
  url: z.string().optional(),
  /** An AsyncAPI channel shown below the page's content: `"asyncapi.yaml ticker"`, or a channel of docs.json's `api.asyncapi`. */
  asyncapi: z.string().optional(),
  /** The SDK symbol whose generated reference follows the page's content (`core/sdk/`). */
  sdk: sdkFrontmatterSchema.optional(),
  deprecated: z.boolean().optional(),
  /** The page's "Related topics": paths, addresses or `Title: link` pairs (each checked by `related-pages.ts`), or `false` for none. */
  related: z.union([z.literal(false), z.array(z.unknown())]).optional(),
  /** YAML reads `[rate limits, 429]` as a string and a number: both are words to search by. */
  keywords: z.array(text).optional(),
  /** Out of the site's search (and the MCP server's), still in the sitemap and llms.txt. */
  searchable: z.boolean().optional(),
  /** Multiplies the page's search ranking. */
  boost: z.number().positive().optional(),
  canonical: z.string().optional(),
  robots: z.string().optional(),
  public: z.boolean().optional(),
  groups: z.array(z.string()).optional(),
  rss: z.boolean().optional(),
  /** Show the page's last-modified date, over docs.json `metadata.timestamp`. */
  timestamp: z.boolean().optional(),
  /** The page's last-modified date, in place of its last commit's: a date (`2026-08-13`) or an ISO 8601 timestamp. */
  lastUpdatedDate: z
    .string()
    .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(new Date(value).getTime()), 'It takes a date such as "2026-08-13", or an ISO 8601 timestamp.')
    .optional(),
});

/** Keys that are meta tags of the page, as Mintlify writes them: `og:image`, `twitter:card`, `keywords`. */
export const META_KEY = /^(og|twitter|article|fb):|^(keywords|robots|author|googlebot)$/;

/** Whether Mintlify documents `key` (a frontmatter key that this site knows what to do with). */
export function isKnownFrontmatterKey(key: string): boolean {
  return Object.hasOwn(frontmatterSchema.shape, key) || META_KEY.test(key);
}

export type Frontmatter = z.infer<typeof frontmatterSchema>;

/** Whether the page shows its frontmatter's title as its h1: `title: " "` leaves the heading to the page's content. */
export const showsTitle = (frontmatter: Frontmatter): boolean => Boolean(frontmatter.title?.trim());
