/**
 * Lookups over the render data, built once when the route module loads rather than on
 * every page render (an Astro component's frontmatter runs per page).
 */
import data from 'virtual:astro-docs-json/data';
import { createAlternates } from '../../core/site/alternates.ts';
import { scopeKey, type Section } from '../../core/site/site-model.ts';

export { data };

export const sectionsById = new Map<string, Section>(data.model.sections.map((section) => [section.id, section]));

export const alternatesOf = createAlternates(data.model);

const firstUrls = new Map(data.model.scopes.map((scope) => [scopeKey(scope.version, scope.language), scope.firstUrl]));

/** Where the logo leads: the first page of the reader's version and language. */
export function homeUrlOf(version: string | null, language: string | null): string {
  return firstUrls.get(scopeKey(version, language)) ?? '/';
}
