/**
 * Hands the loaded site to the injected route through virtual modules, so the site
 * is loaded once per build rather than once per page.
 */
import type { Plugin } from 'vite';
import type { Site } from '../core/site.ts';

const SITE = 'virtual:astro-docs-json/site';
const PAGES = 'virtual:astro-docs-json/pages';

export function vitePluginDocsJson(site: Site): Plugin {
  const modules: Record<string, () => string> = {
    [SITE]: () => {
      const data = {
        name: site.config?.name ?? '',
        description: site.config?.description ?? '',
        routes: site.routes.map(({ url, file, title, description, version, language, hidden }) => ({
          url,
          file,
          title,
          description,
          version,
          language,
          hidden,
        })),
      };
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});`;
    },
    [PAGES]: () => {
      const entries = site.routes.map(
        (route) => `  ${JSON.stringify(route.file)}: () => import(${JSON.stringify(`${site.docsDir}/${route.file}`)}),`,
      );
      return `export const pages = {\n${entries.join('\n')}\n};`;
    },
  };
  return {
    name: 'astro-docs-json:virtual-modules',
    resolveId(id) {
      if (id in modules) return `\0${id}`;
    },
    load(id) {
      if (id.startsWith('\0')) return modules[id.slice(1)]?.();
    },
  };
}
