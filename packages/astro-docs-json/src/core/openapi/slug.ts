/**
 * The URLs Mintlify gives OpenAPI pages, which repositories moving from it already link
 * to: `<directory>/<slug of tag>/<slug of summary>`, or `<method>-<slug of path>` for an
 * operation without a summary.
 */
import type { Operation } from './operations.ts';

/**
 * Lowercase, spaces to `-`, `{param}` segments and punctuation dropped, `-` runs folded:
 * "Get a user" → `get-a-user`, `/plants/{plantId}` → `plants`.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/\{[^}]*\}/g, '-')
    .replace(/[^\p{L}\p{N}\s_-]+/gu, '')
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export const DEFAULT_API_DIRECTORY = 'api-reference';

/** The page URL of an operation, before collisions are numbered. */
export function operationUrl(operation: Operation, directory = DEFAULT_API_DIRECTORY): string {
  if (operation.href) return `/${operation.href.replace(/^\/+|\/+$/g, '')}`;
  const name = operation.summary
    ? slugify(operation.summary)
    : operation.kind === 'webhook'
      ? `webhook-${slugify(operation.path)}`
      : `${operation.method.toLowerCase()}-${slugify(operation.path)}`;
  const tag = operation.tags[0];
  const folder = directory.split('/').map(slugify).filter(Boolean);
  return ['', ...folder, ...(tag ? [slugify(tag)] : []), name || operation.method.toLowerCase()].join('/').replace(/\/+/g, '/');
}
