/**
 * The integration's options, validated once with zod.
 */
import { AstroError } from 'astro/errors';
import * as z from 'zod';
import { PATH_PARAMETER } from './agent/schema.ts';
import { isAddressOrRange } from './core/traffic/client-address.ts';
import { DEFAULT_CONNECTION_LIMITS } from './astro/server/connection-limits.ts';
import { PLAYGROUND_PROXY_LIMITS } from './playground/proxy.ts';
import { DEFAULT_MCP_LIMITS } from './mcp/limits.ts';
import { DEFAULT_RELATED_LIMIT, MAX_RELATED_LIMIT, RELATED_MODES } from './core/site/related-pages.ts';

/** About a second of Pagefind's work on 2 cores, and a few requests per search on large sites. */
export const DEFAULT_PAGES_PER_INDEX = 500;

export const DEFAULT_MCP_ROUTE = '/mcp';

/** The MCP endpoint's options in their object form (`mcp: true` is all their defaults). */
const mcpOptionsSchema = z.strictObject({
  route: z.string().regex(/^\/[^[\]]*$/, 'The route starts with "/" and has no parameters.').default(DEFAULT_MCP_ROUTE),
  /**
   * Requests one client (an address, see `trustedProxies`) may send at once (`burst`) and
   * each minute (`perMinute`); past them it is answered 429 with Retry-After. `false`: no
   * per-client limit (a proxy in front limits clients instead).
   */
  perClient: z
    .union([z.literal(false), z.strictObject({ burst: z.number().int().min(1), perMinute: z.number().positive() })])
    .default({ ...DEFAULT_MCP_LIMITS.perClient }),
  /** Requests handled at once, from all clients; more are answered 503 with Retry-After. */
  maxInFlight: z.number().int().min(1).default(DEFAULT_MCP_LIMITS.maxInFlight),
});

export const DEFAULT_AGENT_JOBS_ROUTE = '/api/agent/[projectId]/job/[id]';

export const agentJobsOptionsSchema = z.strictObject({
  /** When given, the only projects whose jobs the endpoint serves. */
  projectIds: z.array(z.string().regex(PATH_PARAMETER, 'Project ids are 1 to 128 letters, digits, "_" or "-".')).min(1).optional(),
  /** The endpoint's route; it holds `[projectId]` and `[id]`. */
  route: z
    .string()
    .regex(/^\//, 'The route starts with "/".')
    .refine((route) => route.includes('[projectId]') && route.includes('[id]'), 'The route holds [projectId] and [id].')
    .default(DEFAULT_AGENT_JOBS_ROUTE),
  /** How long to wait for the admin API. */
  timeoutMs: z.number().int().positive().max(120_000).default(10_000),
  /** Requests one client (an address, see `trustedProxies`) may send: a burst, then so many a minute; `false` for no limit. */
  perClient: z
    .union([z.literal(false), z.strictObject({ burst: z.number().int().min(1).default(60), perMinute: z.number().positive().default(300) })])
    .default({ burst: 60, perMinute: 300 }),
  /**
   * Admin API calls the endpoint makes per project an hour (the admin API allows about 100),
   * and how many of them only jobs already seen may use, so made-up ids cannot spend them all.
   */
  upstreamBudget: z
    .strictObject({ callsPerHour: z.number().int().min(1).default(80), reservedForKnown: z.number().int().min(0).default(20) })
    .refine((budget) => budget.reservedForKnown < budget.callsPerHour, 'reservedForKnown is less than callsPerHour.')
    .default({ callsPerHour: 80, reservedForKnown: 20 }),
  /** The form job ids take (a regular expression); others are answered 404 with no upstream call. */
  idPattern: z
    .string()
    .refine((pattern) => {
      try {
        new RegExp(pattern);
        return true;
      } catch {
        return false;
      }
    }, 'idPattern is a regular expression.')
    .default(PATH_PARAMETER.source),
  /** When given, the only job ids the endpoint serves: others are answered 404 with no upstream call. */
  allowedJobs: z.array(z.string().regex(PATH_PARAMETER, 'Job ids are 1 to 128 letters, digits, "_" or "-".')).min(1).optional(),
});

export const optionsSchema = z.strictObject({
  /** The folder holding docs.json, relative to the Astro project root. */
  dir: z.string().min(1).default('.'),
  /**
   * Build a search index (Pagefind) and show the search box. `pagesPerIndex` bounds the
   * pages of one index: a version and language with more pages gets several, which the
   * browser merges when it searches. Smaller indexes rebuild faster after an edit; larger
   * ones take fewer requests per search.
   */
  search: z
    .union([z.boolean(), z.strictObject({ pagesPerIndex: z.number().int().min(1).default(DEFAULT_PAGES_PER_INDEX) })])
    .default(true)
    .transform((search) => (search === true ? { pagesPerIndex: DEFAULT_PAGES_PER_INDEX } : search)),
  /** Every warning is an error: the build stops on anything Mintlify would only tolerate. */
  strict: z.boolean().default(false),
  /**
   * Pages may import code that is not a file of the docs folder (`node:fs`, an npm package),
   * which runs when the site is built: a warning. `false` makes it an error, for sites that
   * build pull requests from strangers.
   */
  allowPageImports: z.boolean().default(true),
  /**
   * Pages whose file, and the files it imports, are those of the previous build, and whose
   * site data is the same, are not rendered again: their output is reused (Astro's
   * incremental build, which this turns on). `false` renders every page in every build.
   */
  incremental: z.boolean().default(true),
  /**
   * Load the docs folder's own `.css` files on every page, after the site's styles, and run
   * its `.js` files on every page, as Mintlify does. `false` leaves them out.
   */
  customCode: z.boolean().default(true),
  /**
   * Load docs.json `integrations` (analytics, consent managers, support widgets) in
   * `astro dev` too. Off by default, so that the team's own visits are not counted.
   */
  analyticsInDev: z.boolean().default(false),
  /**
   * Serve the docs as an MCP server (Streamable HTTP, stateless) at `/mcp`, or at `route`;
   * needs an adapter. A static site's readers use `npx astro-docs-json mcp` instead.
   */
  mcp: z
    .union([z.boolean(), mcpOptionsSchema])
    .default(false)
    .transform((mcp) => (mcp === true ? mcpOptionsSchema.parse({}) : mcp === false ? undefined : mcp)),
  /**
   * Pages whose frontmatter lists `groups` (without `public: true`) are for signed-in readers
   * of those groups on Mintlify. A static build has no sign-in: `'omit'` leaves them out of
   * the site (the page, its navigation, search, llms.txt, the sitemap), with a warning for
   * each; `'publish'` publishes them to everyone.
   */
  restrictedPages: z.enum(['omit', 'publish']).default('omit'),
  /**
   * "Related topics" at the foot of pages (Mintlify's add-on, switched on in its dashboard):
   * `'manual'` (the default) shows the pages a page's `related` frontmatter lists;
   * `'automatic'` also suggests, for every page without such a list, the pages the site's
   * search finds for its title in its version and language; `false` shows none. `limit`
   * (5 by default, at most 10) is how many a page shows.
   */
  relatedPages: z
    .union([
      z.boolean(),
      z.enum(RELATED_MODES),
      z.strictObject({ mode: z.enum(RELATED_MODES).default('automatic'), limit: z.number().int().min(1).max(MAX_RELATED_LIMIT).default(DEFAULT_RELATED_LIMIT) }),
    ])
    .default('manual')
    .transform((related) =>
      related === false ? undefined : typeof related === 'object' ? related : { mode: related === true ? ('automatic' as const) : related, limit: DEFAULT_RELATED_LIMIT },
    ),
  /**
   * Draw each page's social image (`og:image`, 1200×630 PNG) at the end of the build, as
   * Mintlify does; a page or docs.json that names an `og:image` of its own keeps it. `false`
   * draws none: pages have no `og:image` but their own.
   */
  socialImages: z.boolean().default(true),
  /**
   * Compile the MDX pages on a thread of their own, a few pages ahead of the rendering, in
   * a build. The output is the same either way. By default only on a machine of more than
   * two cores whose pages are not rendered on workers (`renderWorkers`): on two, the second
   * is the social images' and search's, and the thread costs more memory than it saves
   * time (example-site/reference/performance.mdx).
   */
  compileAhead: z.boolean().optional(),
  /**
   * Render the pages on worker threads beside the main thread, in a build: a number of
   * workers, `true` for at least one, `false` for none. Without it, the
   * `DOCS_RENDER_WORKERS` environment variable gives the number; without either, a site of
   * 500 pages or more has one fewer than the machine's cores. The output is the same
   * either way (example-site/reference/performance.mdx).
   */
  renderWorkers: z.union([z.boolean(), z.number().int().min(0).max(16)]).optional(),
  /**
   * Build one part of the site: the pages of one version, one language, or both (`{
   * version: 'v2', language: 'fr' }`), with the whole site's navigation, for one CI job
   * of several whose outputs `astro-docs-json merge` makes into the site a single build
   * writes. Without it, the `DOCS_BUILD_PART` environment variable (`version=v2,language=fr`)
   * names the part; without either, the whole site is built. Builds only: `astro dev`
   * serves every page.
   */
  part: z
    .strictObject({ version: z.string().min(1).optional(), language: z.string().min(1).optional() })
    .refine((part) => part.version !== undefined || part.language !== undefined, 'A part names a version, a language, or both.')
    .optional(),
  /** Serve agent job status through a server endpoint that holds the admin key (needs an adapter). */
  agentJobs: agentJobsOptionsSchema.optional(),
  /**
   * The proxies in front of the site's server (addresses or CIDR ranges, such as
   * `10.0.0.0/8`), whose `Forwarded` or `X-Forwarded-For` header names the client: per-client
   * limits then count the client, not the proxy. None by default: the headers are believed
   * from no one, since any client can write them.
   */
  trustedProxies: z.array(z.string().refine(isAddressOrRange, 'An IP address or a CIDR range, such as "10.0.0.0/8".')).default([]),
  /**
   * Bounds on the connections of the servers that serve the site (the node adapter's
   * standalone server, `astro dev`, `astro preview`): how long a request's head and the whole
   * request may take, how long an idle kept-alive connection stays open, how many connections
   * are accepted, and how many may be open without having sent a request (the oldest closed
   * first). Each field keeps its default when left out (`astro/server/connection-limits.ts`).
   */
  connectionLimits: connectionLimitsSchema(),
  /**
   * The API playground's proxy (on a site with an adapter): one deadline from the DNS lookup
   * to the end of the API's answer (504 past it), the reader's request (413 past it) and the
   * API's response body (502 past it). Each field keeps its default when left out.
   */
  playgroundProxy: z
    .strictObject({
      timeoutMs: z.number().int().positive().max(300_000).default(PLAYGROUND_PROXY_LIMITS.timeoutMs),
      maxRequestBytes: z.number().int().positive().max(100 * 1024 * 1024).default(PLAYGROUND_PROXY_LIMITS.maxRequestBytes),
      maxResponseBytes: z.number().int().positive().max(100 * 1024 * 1024).default(PLAYGROUND_PROXY_LIMITS.maxResponseBytes),
    })
    .default(PLAYGROUND_PROXY_LIMITS),
});

function connectionLimitsSchema() {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, maxConnections, maxPendingConnections } = DEFAULT_CONNECTION_LIMITS;
  const milliseconds = z.number().int().positive().max(3_600_000);
  const count = z.number().int().positive().max(1_000_000);
  return z
    .strictObject({
      headersTimeoutMs: milliseconds.default(headersTimeoutMs),
      requestTimeoutMs: milliseconds.default(requestTimeoutMs),
      keepAliveTimeoutMs: milliseconds.default(keepAliveTimeoutMs),
      maxConnections: count.default(maxConnections),
      maxPendingConnections: count.default(maxPendingConnections),
    })
    // Node refuses a server whose request may end before its head must.
    .refine((limits) => limits.headersTimeoutMs <= limits.requestTimeoutMs, 'headersTimeoutMs is at most requestTimeoutMs.')
    .default(DEFAULT_CONNECTION_LIMITS);
}

export type DocsJsonUserOptions = z.input<typeof optionsSchema>;
export type DocsJsonOptions = z.output<typeof optionsSchema>;
export type AgentJobsOptions = z.output<typeof agentJobsOptionsSchema>;

/** The options as given, validated, with their defaults; invalid ones stop Astro with what is wrong with each. */
export function parseOptions(userOptions: DocsJsonUserOptions): DocsJsonOptions {
  const parsed = optionsSchema.safeParse(userOptions);
  if (!parsed.success) {
    throw new AstroError(
      `Invalid options passed to astro-docs-json: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`).join('; ')}`,
      'Its documentation lists every option on its "Integration options" page (example-site/reference/options.mdx in its repository).',
    );
  }
  return parsed.data;
}
