/**
 * docs.json `api` settings that shape every API page, read once per site: what the
 * playground shows, whether it sends through the site's proxy, the sample languages, the
 * server and credential of APIs documented in MDX, and whether nested parameters start open.
 */
import type { ConfigIssue } from '../diagnostics.ts';
import type { DocsJson, PlaygroundDisplay } from '../schema/docs-json.ts';
import { DEFAULT_SAMPLE_LANGUAGES, sampleLanguage, SAMPLE_LANGUAGES, type SampleLanguage } from './samples.ts';

/** What a page shows: the playground and samples, samples only, or neither. */
export type PlaygroundMode = 'interactive' | 'simple' | 'none';

export interface ApiSettings {
  display: PlaygroundMode;
  /** Send through the site's proxy endpoint when the site has a server. */
  proxy: boolean;
  languages: SampleLanguage[];
  /** `api.examples.autogenerate`: request samples written from each operation, beside the spec's own. */
  autogenerate: boolean;
  /** Nested parameters start open. */
  expanded: boolean;
  /** `api.baseUrl`: the server of every operation, over the specs' own. */
  baseUrl?: string[];
  /** `api.mdx`: the server and credential of pages that document an API in MDX. */
  mdx: { servers: string[]; auth?: { method: 'bearer' | 'basic' | 'key'; name?: string } };
}

/** Mintlify's `auth` shows the playground to signed-in readers; a site without sign-in has none. */
export function playgroundMode(display: PlaygroundDisplay | undefined, fallback: PlaygroundMode = 'interactive'): PlaygroundMode {
  if (display === undefined) return fallback;
  return display === 'auth' ? 'simple' : display;
}

const list = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat().filter((url) => url.trim() !== ''));

export function apiSettings(config: DocsJson | undefined): { settings: ApiSettings; issues: ConfigIssue[] } {
  const api = config?.api;
  const issues: ConfigIssue[] = [];
  const languages: SampleLanguage[] = [];
  (api?.examples?.languages ?? []).forEach((name, index) => {
    const language = sampleLanguage(name);
    if (language && !languages.includes(language)) languages.push(language);
    else if (!language) {
      issues.push({
        severity: 'warning',
        code: 'unknown-sample-language',
        at: ['api', 'examples', 'languages', index],
        message: `No request samples are written in ${JSON.stringify(name)}: it is left out.`,
        hint: `Sample languages: ${SAMPLE_LANGUAGES.join(', ')}.`,
      });
    }
  });
  const auth = api?.mdx?.auth?.method;
  const baseUrl = list(api?.baseUrl);
  return {
    settings: {
      display: playgroundMode(api?.playground?.display),
      proxy: api?.playground?.proxy !== false,
      languages: languages.length ? languages : [...DEFAULT_SAMPLE_LANGUAGES],
      autogenerate: api?.examples?.autogenerate !== false,
      expanded: api?.params?.expanded === 'all' || api?.params?.expanded === true,
      ...(baseUrl.length ? { baseUrl } : {}),
      mdx: {
        servers: list(api?.mdx?.server),
        // `cobo` is one vendor's signed requests, which no form can make: a token stands in.
        ...(auth ? { auth: { method: auth === 'cobo' ? 'bearer' : auth, ...(api?.mdx?.auth?.name ? { name: api.mdx.auth.name } : {}) } } : {}),
      },
    },
    issues,
  };
}
