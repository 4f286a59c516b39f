/**
 * docs.json settings Mintlify applies that this site does not: each one a docs.json sets is
 * a warning at its place, which the build's summary counts, so that no setting is accepted
 * and dropped without a word. A setting that comes to work leaves this list.
 */
import { formatJsonPath, type ConfigIssue, type JsonPath } from '../diagnostics.ts';
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
  { at: ['api', 'url'], instead: 'API pages show the base URL only when there are several' },
  { at: ['api', 'params', 'post'], instead: 'parameters show no pills of spec fields' },
  { at: ['api', 'examples', 'defaults'], instead: 'request examples hold the parameters their spec gives' },
  { at: ['api', 'examples', 'prefill'], value: false, instead: "the playground's fields start with the spec's examples" },
];

export function unsupportedSettings(config: DocsJson): ConfigIssue[] {
  return UNSUPPORTED.flatMap(({ at, value, instead }) => present(config, at, value).map((path) => issue(path, instead)));
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
