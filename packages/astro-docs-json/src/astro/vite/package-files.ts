/**
 * This package's own files, when it is linked into a project from outside the project's
 * folder (`npm link`, a monorepo checkout elsewhere) rather than installed in it:
 * - Astro keys what it compiled from a component by the component's path, but looks a style
 *   or script of it up by that path joined to the project's root when the two share no
 *   folder but `/`, and fails with "No cached compile metadata found". Astro strips a `/@fs`
 *   prefix before joining: requests for our components' parts get one, so that both keys
 *   are the component's real path.
 * - Vite bundles a linked package with its dependencies into the server build, and a
 *   native one (satteri, our Markdown parser) then cannot find its binary from the
 *   project's output. It is left out of the bundle and imported from where it is installed.
 *
 * And wherever it is installed, the server code takes this package as source, never as a
 * package for Node to load: its modules import Astro's virtual modules (`astro:*`), which
 * only Vite knows, and the compiled pages name its entries (`astro-docs-json/jsx-runtime`,
 * the React renderer) from output that may have no `node_modules` near it. Astro does this
 * itself only for integrations the project's package.json lists, and a docs folder run by
 * the command line has none.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PACKAGE_DIR = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGE_NAME = 'astro-docs-json';
const FS_PREFIX = `/@fs${PACKAGE_DIR}`;
const ASTRO_PART = /\.astro\?astro&/;
/** Dependencies that load a platform's binary. */
const NATIVE = /^satteri(?:\/|$)/;

export function vitePluginPackageFiles(): Plugin {
  let linked = false;
  return {
    name: 'astro-docs-json:package-files',
    enforce: 'pre',
    configEnvironment: (name) => (name === 'client' ? undefined : { resolve: { noExternal: [PACKAGE_NAME] } }),
    configResolved(config) {
      linked = path.relative(config.root, PACKAGE_DIR).startsWith('..');
    },
    async resolveId(source, importer, options) {
      if (!linked) return undefined;
      if (ASTRO_PART.test(source) && source.startsWith(PACKAGE_DIR)) return `/@fs${source.split(path.sep).join('/')}`;
      // What such a part imports is found from the component's real path.
      if (importer?.startsWith(FS_PREFIX)) return this.resolve(source, importer.slice('/@fs'.length).replace(/\?.*$/, ''), { ...options, skipSelf: true });
      if (NATIVE.test(source) && importer?.startsWith(PACKAGE_DIR) && this.environment.name !== 'client') {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        return resolved && { id: resolved.id, external: 'absolute' };
      }
      return undefined;
    },
  };
}
