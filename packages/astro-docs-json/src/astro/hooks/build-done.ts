/**
 * `astro:build:done`: every page has been tried. Pages that failed to render fail the
 * build, all named at once, and nothing is left written; otherwise the cache of compiled
 * MDX forgets what no file of the docs folder holds any more.
 */
import { AstroError } from 'astro/errors';
import { formatDiagnostic } from '../../core/report/format.ts';
import { takeRenderFailures } from '../build/render-failures.ts';
import { mdxCompiler } from '../mdx/build-context.ts';
import { contentFiles, type IntegrationState } from './state.ts';

export async function endBuild(state: IntegrationState): Promise<void> {
  const failures = takeRenderFailures();
  // The cache of compiled MDX keeps the entries of the site's MDX files as they are now.
  if (failures.length === 0 && state.mdxFromSource) await mdxCompiler().prune(contentFiles(state).flatMap(({ file, content }) => (/\.mdx$/i.test(file) && content.digest ? [{ file, digest: content.digest }] : [])));
  if (failures.length === 0) return;
  state.output.removeOutput();
  const error = new AstroError(
    `${failures.length} ${failures.length === 1 ? 'page' : 'pages'} could not be rendered, and nothing is written:\n\n${failures.map((d) => formatDiagnostic(d, state.docsDir, undefined, state.root)).join('\n\n')}`,
    'Fix the pages above; `astro dev` shows each one with its error in place.',
  );
  error.stack = '';
  throw error;
}
