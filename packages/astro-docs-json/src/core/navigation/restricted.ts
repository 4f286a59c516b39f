/**
 * Pages for signed-in readers only. On Mintlify, a page whose frontmatter lists `groups`
 * (and does not say `public: true`) is shown only to readers of those groups, once they
 * have signed in. A static build has no sign-in: unless the site's owner chooses to
 * publish such pages (the `restrictedPages: 'publish'` option), they are left out of the
 * site as if their file were not there: no page, no sidebar entry, nothing in search,
 * llms.txt, the MCP index or the sitemap, no previous or next link to them. Every output
 * is made from the route table and the navigation tree, so taking the pages out of both,
 * once, as the site is loaded, leaves them out everywhere. A link to one from another
 * page leads where a link to a missing page does: the site's 404.
 *
 * docs.json's navigation elements have no `groups` of their own that restrict them
 * (`groups` on a tab or an anchor is the list of its sidebar groups): only pages do.
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { NavNode, ResolvedNavigation } from './tree.ts';
import type { Route } from './routes.ts';
import type { Frontmatter } from '../schema/frontmatter.ts';

/** What a build does with pages for signed-in readers: leave them out, or publish them to everyone. */
export type RestrictedPages = 'omit' | 'publish';

/** A page for the readers of some groups only: frontmatter `groups`, without `public: true`. */
export function isRestricted(frontmatter: Pick<Frontmatter, 'groups' | 'public'>): boolean {
  return Array.isArray(frontmatter.groups) && frontmatter.groups.length > 0 && frontmatter.public !== true;
}

export interface WithoutRestricted {
  routes: Route[];
  /** One warning per page left out, naming it and its groups. */
  diagnostics: Diagnostic[];
}

/**
 * The routes without the restricted pages, and the navigation without their entries (in
 * place: routes hold its nodes). Groups and divisions left with nothing are taken out too,
 * so that no empty heading is all that remains of them.
 */
export function withoutRestricted(routes: readonly Route[], navigation: ResolvedNavigation | undefined, mode: RestrictedPages = 'omit'): WithoutRestricted {
  if (mode === 'publish') return { routes: [...routes], diagnostics: [] };
  const restricted = routes.filter((route) => isRestricted(route.frontmatter));
  if (restricted.length === 0) return { routes: [...routes], diagnostics: [] };
  const urls = new Set(restricted.map((route) => route.url));
  if (navigation) navigation.children = pruneNodes(navigation.children, urls);
  return {
    routes: routes.filter((route) => !urls.has(route.url)),
    diagnostics: restricted.map((route) => restrictedPageWarning(route)),
  };
}

function restrictedPageWarning(route: Route): Diagnostic {
  const groups = (route.frontmatter.groups ?? []).map((group) => `"${group}"`).join(', ');
  return {
    severity: 'warning',
    code: 'restricted-page',
    file: route.file,
    message: `${route.file} is for signed-in readers of the groups ${groups} only (frontmatter \`groups\`), and this build has no sign-in: it is left out of the site, its navigation, search, llms.txt and sitemap.`,
    hint: "Add `public: true` to its frontmatter to publish it to everyone, or set the integration's option `restrictedPages: 'publish'` to publish every such page.",
  };
}

/** The nodes without pages of `urls`; a group or division that held something and now holds nothing goes too. */
function pruneNodes(nodes: readonly NavNode[], urls: ReadonlySet<string>): NavNode[] {
  const kept: NavNode[] = [];
  for (const node of nodes) {
    if (node.type === 'page') {
      if (!urls.has(node.url)) kept.push(node);
    } else if (node.type === 'group') {
      const hadContent = node.children.length > 0 || node.root !== undefined;
      if (node.root && urls.has(node.root.url)) delete node.root;
      node.children = pruneNodes(node.children, urls);
      if (!hadContent || node.children.length > 0 || node.root) kept.push(node);
    } else if (node.type === 'division') {
      const hadContent = node.children.length > 0 || node.menu.length > 0;
      node.children = pruneNodes(node.children, urls);
      node.menu = node.menu.filter((item) => {
        const itemHadContent = item.children.length > 0;
        item.children = pruneNodes(item.children, urls);
        return !itemHadContent || item.children.length > 0;
      });
      if (!hadContent || node.href !== undefined || node.children.length > 0 || node.menu.length > 0) kept.push(node);
    } else kept.push(node);
  }
  return kept;
}
