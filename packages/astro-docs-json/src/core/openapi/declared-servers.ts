/**
 * The servers the docs declare: every server of the specs the site uses, docs.json
 * `api.baseUrl` and `api.mdx.server`, and the full URLs of `api:` frontmatter. The
 * playground's proxy forwards only to these.
 */
import type { Frontmatter } from '../schema/frontmatter.ts';
import type { ApiSettings } from './api-settings.ts';
import type { ServerTemplate } from './operations.ts';
import { fieldsForm } from './playground-form.ts';
import type { LoadedSpec } from './specs.ts';

/** `site`: the loaded site (`Site`), of which its specs, `api` settings and pages' frontmatter matter here. */
export function declaredServers(site: { specs: ReadonlyMap<string, LoadedSpec>; api: ApiSettings; routes: ReadonlyArray<{ frontmatter: Frontmatter }> }): ServerTemplate[] {
  const servers = new Map<string, ServerTemplate>();
  const add = (server: ServerTemplate) => {
    if (/^https?:\/\//i.test(server.url)) servers.set(JSON.stringify([server.url, server.variables]), server);
  };
  for (const spec of site.specs.values()) for (const operation of spec.operations) operation.serverTemplates.forEach(add);
  for (const url of [...(site.api.baseUrl ?? []), ...site.api.mdx.servers]) add({ url: url.replace(/\/$/, ''), variables: [] });
  for (const route of site.routes) {
    const endpoint = route.frontmatter.api;
    if (endpoint && /\bhttps?:\/\//i.test(endpoint)) fieldsForm(endpoint, [], { servers: [] })?.servers.forEach(add);
  }
  return [...servers.values()];
}
