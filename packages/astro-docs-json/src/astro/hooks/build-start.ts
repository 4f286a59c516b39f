/**
 * `astro:build:start`: the build starts writing its output folder, which a failure at any
 * phase removes, and the MDX pages it renders from their source start compiling ahead.
 */
import { lstatSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { mdxRenderedFromSource } from '../../core/pages/render-path.ts';
import { takeRenderWarnings, takeRenderFailures } from '../build/render-failures.ts';
import { mdxCompiler } from '../mdx/build-context.ts';
import { routesToBuild, type IntegrationState } from './state.ts';

export function startBuild(state: IntegrationState): void {
  // A build before this one, in the same process, is not this one's.
  takeRenderFailures();
  takeRenderWarnings();
  state.output.arm(state.outDir);
  removeOlderMcpDocument(state.outDir);
  // By default where the cores are not rendering pages already (`render-workers.ts`).
  const site = state.site;
  if (state.mdxFromSource && site && (state.options.compileAhead ?? (availableParallelism() > 2 && state.renderWorkers === 0))) compileAhead(state, site);
}

/** The MDX pages rendered from their source, in the order Astro renders them (the route's paths, as the site lists its pages). */
function compileAhead(state: IntegrationState, site: NonNullable<IntegrationState['site']>): void {
  const fromSource = mdxRenderedFromSource(site.docsDir, [...site.routes, ...site.snippets]);
  const files = routesToBuild(state, site).filter((route) => /\.mdx$/i.test(route.file) && !route.content.plain && fromSource.has(route.file)).map((route) => route.file);
  mdxCompiler().compileAhead?.(files);
}

/**
 * An output kept from a build of an older version may hold `/.well-known/mcp` as a file,
 * where the MCP server cards now make it a folder (`inject-routes.ts`): Astro could not
 * write there. The server answers that address itself now.
 */
function removeOlderMcpDocument(outDir: string): void {
  for (const file of [path.join(outDir, '.well-known', 'mcp'), path.join(outDir, 'client', '.well-known', 'mcp')]) {
    try {
      if (lstatSync(file).isFile()) rmSync(file);
    } catch {
      // not there
    }
  }
}
