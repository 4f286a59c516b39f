/**
 * What of a Mintlify repository this site does not know, for `astro-docs-json check`:
 * the components no one provides (shown as their content alone) and the frontmatter keys
 * nothing reads. A user sees what will not render before building.
 */
import { isBuiltInComponent } from '../markdown/built-in-components.ts';
import { isKnownFrontmatterKey } from '../schema/frontmatter.ts';
import type { Site } from '../site/load-site.ts';

export interface Compatibility {
  /** Unknown components, each with where it is used (`file:line`). */
  components: Array<{ name: string; uses: string[] }>;
  /** Unknown frontmatter keys, each with the files that set it. */
  frontmatterKeys: Array<{ key: string; files: string[] }>;
}

export function compatibility(site: Site): Compatibility {
  const components = new Map<string, string[]>();
  for (const { file, content } of [...site.routes, ...site.snippets]) {
    for (const { name, line } of content.components) {
      if (!isBuiltInComponent(name)) components.set(name, [...(components.get(name) ?? []), `${file}:${line}`]);
    }
  }
  const keys = new Map<string, string[]>();
  for (const route of site.routes) {
    for (const key of Object.keys(route.frontmatter)) {
      if (!isKnownFrontmatterKey(key)) keys.set(key, [...(keys.get(key) ?? []), route.file]);
    }
  }
  const byName = <T extends { name?: string; key?: string }>(a: T, b: T) => (a.name ?? a.key)!.localeCompare((b.name ?? b.key)!);
  return {
    components: [...components].map(([name, uses]) => ({ name, uses })).sort(byName),
    frontmatterKeys: [...keys].map(([key, files]) => ({ key, files })).sort(byName),
  };
}
