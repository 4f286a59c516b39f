/**
 * Which part of the site a build renders (`core/parts/`): the `part` option's, else the
 * one `DOCS_BUILD_PART` names (`astro-docs-json build --part` sets it); the whole site
 * when neither does. A part that is not the site's stops the build before anything is
 * written, as a site of a server (an adapter) does: its server code is one for the whole
 * site.
 */
import type { AstroConfig, AstroIntegrationLogger } from 'astro';
import { AstroError } from 'astro/errors';
import { describePart, parseSitePart, partProblem, PART_ENV, selectPart, type PartSelection, type SitePart } from '../../core/parts/site-parts.ts';
import type { Site } from '../../core/site/load-site.ts';
import type { DocsJsonOptions } from '../../options.ts';

export function partToBuild(options: DocsJsonOptions, site: Site, config: AstroConfig, logger: AstroIntegrationLogger): PartSelection | undefined {
  const part = givenPart(options);
  if (!part) return undefined;
  const problem = partProblem(part, site);
  if (problem) throw partError(`The part ${describePart(part)} cannot be built. ${problem}`, 'Name a version or language that docs.json `navigation` has (`astro-docs-json routes` lists each page\'s).');
  if (config.adapter) {
    throw partError(`A site with an adapter is built whole: its server code serves every page, and cannot be merged from parts (${describePart(part)} was asked for).`, `Remove the \`part\` option and ${PART_ENV}, or build the site without an adapter.`);
  }
  // The integration's own sitemap lists every page in every part; another sitemap lists its part's only.
  if (config.integrations.some((integration) => integration.name === '@astrojs/sitemap')) {
    logger.warn('The site adds @astrojs/sitemap itself, which lists only the pages of the part it builds: the parts\' sitemaps differ, and `astro-docs-json merge` refuses them. Leave the sitemap to astro-docs-json, or give yours `customPages` with every page.');
  }
  logger.info(`Building the part ${describePart(part)} of the site: its pages and search indexes, and the files of the whole site; \`astro-docs-json merge\` makes the parts into the site.`);
  return selectPart(part, site);
}

function givenPart(options: DocsJsonOptions): SitePart | undefined {
  const option = options.part && { ...(options.part.version !== undefined ? { version: options.part.version } : {}), ...(options.part.language !== undefined ? { language: options.part.language } : {}) };
  const environment = process.env[PART_ENV]?.trim();
  if (!environment) return option;
  const parsed = parseSitePart(environment);
  if (parsed.problem !== undefined) throw partError(`${PART_ENV}=${environment}: ${parsed.problem}`, `${PART_ENV} names a part as version=NAME, language=CODE, or version=NAME,language=CODE.`);
  if (option && describePart(option) !== describePart(parsed.part)) {
    throw partError(`The \`part\` option builds ${describePart(option)}, and ${PART_ENV} asks for ${describePart(parsed.part)}.`, 'Name the part in one place.');
  }
  return parsed.part;
}

function partError(message: string, hint: string): AstroError {
  const error = new AstroError(message, hint);
  error.stack = ''; // a problem of the build's settings, not of our code
  return error;
}
