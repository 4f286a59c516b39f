/**
 * `astro:build:done`: every page has been tried. Pages that could not be compiled fail the
 * build, all named at once, and nothing is left written; so do pages and components that
 * failed while they rendered under `strict`. Otherwise each page or component that failed is
 * one line of the log (the page shows a notice in its place) and counts in the summary, and
 * the cache of compiled MDX forgets what no file of the docs folder holds any more.
 */
import type { AstroIntegrationLogger } from 'astro';
import { AstroError } from 'astro/errors';
import { asStrict, type Diagnostic } from '../../core/diagnostics.ts';
import { formatDiagnostic, positionOf } from '../../core/report/format.ts';
import { recordPagesThatFailed } from '../build/failing-pages.ts';
import { takeRenderWarnings, takeRenderFailures } from '../build/render-failures.ts';
import { mdxCompiler } from '../mdx/build-context.ts';
import { contentFiles, type IntegrationState } from './state.ts';

export async function endBuild(state: IntegrationState, logger: AstroIntegrationLogger): Promise<void> {
  const warnings = takeRenderWarnings();
  if (state.failedPagesRecord) await recordPagesThatFailed(state.failedPagesRecord, warnings);
  const failures = [...takeRenderFailures(), ...(state.options.strict ? asStrict(warnings) : [])];
  if (failures.length > 0) {
    await state.searchIndexer?.abort();
    fail(state, failures);
  }
  state.renderWarnings = warnings;
  for (const failure of warnings) logger.warn(`${failure.file}${positionOf(failure)}: ${failure.message}`);
  // The cache of compiled MDX keeps the entries of the site's MDX files as they are now.
  if (state.mdxFromSource) await mdxCompiler().prune(contentFiles(state).flatMap(({ file, content }) => (/\.mdx$/i.test(file) && content.digest ? [{ file, digest: content.digest }] : [])));
}

function fail(state: IntegrationState, failures: readonly Diagnostic[]): never {
  state.output.removeOutput();
  const pages = new Set(failures.map((failure) => failure.file)).size;
  const error = new AstroError(
    `${pages} ${pages === 1 ? 'page' : 'pages'} could not be rendered, and nothing is written:\n\n${failures.map((d) => formatDiagnostic(d, state.docsDir, undefined, state.root)).join('\n\n')}`,
    'Fix the pages above; `astro dev` shows each one with its error in place.',
  );
  error.stack = '';
  throw error;
}
