/**
 * docs.json settings Mintlify applies that this site does not: each one a docs.json sets is
 * a warning at its place, which the build's summary counts, so that no setting is accepted
 * and dropped without a word. A setting that comes to work leaves this list.
 */
import { formatJsonPath, type ConfigIssue, type Diagnostic, type JsonPath } from '../diagnostics.ts';
import type { Route } from '../navigation/routes.ts';
import { usedIn } from '../pages/content-diagnostics.ts';
import type { DocsJson } from '../schema/docs-json.ts';

interface Unsupported {
  /** The setting's path, below docs.json's root; `*` stands for any key or index. */
  at: string[];
  /** Only this value is not applied: the site does what the others ask. */
  value?: unknown;
  /** What the site does without it. */
  instead: string;
}

const UNSUPPORTED: readonly Unsupported[] = [
  { at: ['api', 'asyncapi'], instead: 'no pages are generated from AsyncAPI files' },
  { at: ['api', 'url'], instead: 'API pages show the base URL only when there are several' },
  { at: ['api', 'params', 'post'], instead: 'parameters show no pills of spec fields' },
  { at: ['api', 'examples', 'defaults'], instead: 'request examples hold the parameters their spec gives' },
  { at: ['api', 'examples', 'prefill'], value: false, instead: "the playground's fields start with the spec's examples" },
];

/** Keys of navigation elements from which Mintlify generates pages, and this site none. */
const NAVIGATION_KEYS: Record<string, string> = {
  asyncapi: 'no pages are generated from AsyncAPI files',
  graphql: 'no pages are generated from GraphQL schemas',
};

/** Frontmatter keys with which a page asks Mintlify for a generated reference below its own content. */
const FRONTMATTER_KEYS: Record<string, string> = {
  asyncapi: 'the AsyncAPI channel it names',
};

/** One warning for each such key the site's pages set, with where. */
export function unsupportedFrontmatter(routes: readonly Route[]): Diagnostic[] {
  return Object.entries(FRONTMATTER_KEYS).flatMap(([key, reference]): Diagnostic[] => {
    const files = routes.filter((route) => route.frontmatter[key] !== undefined).map((route) => route.file);
    if (files.length === 0) return [];
    return [
      {
        severity: 'warning',
        code: 'unsupported-setting',
        file: files[0]!,
        message: `Frontmatter \`${key}\` is a Mintlify setting this site does not apply: the page shows its own content, without ${reference}. ${usedIn(files)}`,
        hint: 'The rest of the page is built as written; remove the key to silence this.',
      },
    ];
  });
}

export function unsupportedSettings(config: DocsJson): ConfigIssue[] {
  const issues = UNSUPPORTED.flatMap(({ at, value, instead }) =>
    present(config, at, value).map((path) => issue(path, instead)),
  );
  for (const [key, instead] of Object.entries(NAVIGATION_KEYS)) {
    for (const path of keysBelow(config.navigation, key, ['navigation'])) issues.push(issue(path, instead));
  }
  return issues;
}

function issue(at: JsonPath, instead: string): ConfigIssue {
  return {
    severity: 'warning',
    code: 'unsupported-setting',
    at,
    message: `\`${formatJsonPath(at)}\` is a Mintlify setting this site does not apply: ${instead}.`,
    hint: 'The rest of the site is built as configured; remove the setting to silence this.',
  };
}

/** The places `path` names in `value` that hold something (`wanted`, when given). */
function present(value: unknown, path: readonly string[], wanted?: unknown, at: JsonPath = []): JsonPath[] {
  if (value === undefined || value === null) return [];
  if (path.length === 0) return wanted === undefined || value === wanted ? [at] : [];
  if (typeof value !== 'object') return [];
  const [head, ...rest] = path;
  const keys = head === '*' ? Object.keys(value) : [head!];
  return keys.flatMap((key) => present((value as Record<string, unknown>)[key], rest, wanted, [...at, Array.isArray(value) ? Number(key) : key]));
}

/** Every place below `value` where an object sets `key`. */
function keysBelow(value: unknown, key: string, at: JsonPath): JsonPath[] {
  if (typeof value !== 'object' || value === null) return [];
  const found: JsonPath[] = !Array.isArray(value) && (value as Record<string, unknown>)[key] !== undefined ? [[...at, key]] : [];
  for (const [child, inner] of Object.entries(value)) {
    if (child !== key) found.push(...keysBelow(inner, key, [...at, Array.isArray(value) ? Number(child) : child]));
  }
  return found;
}
