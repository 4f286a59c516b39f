/**
 * The files docs.json names for every page to load from the docs folder: the logo, the
 * favicon, the background image and font files. One that is not there is a warning at its
 * place in docs.json, as a page's missing image is, since the site shows it broken: a
 * repository copied without its large images is the usual cause.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { closestMatch, type ConfigIssue, type JsonPath } from '../diagnostics.ts';
import { describeRule, docsIgnore, unignoreHint } from '../pages/mintignore.ts';
import { fileStatus } from '../pages/references.ts';
import { isExternal } from '../paths/href.ts';
import type { DocsJson } from '../schema/docs-json.ts';

interface NamedFile {
  at: JsonPath;
  file: string;
  /** What the site shows without it. */
  without: string;
}

/** A setting that is one path, or a path for each colour scheme. */
type PerScheme = string | { light: string; dark: string } | undefined;

function perScheme(value: PerScheme, at: JsonPath, without: string): NamedFile[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [{ at, file: value, without }];
  return (['light', 'dark'] as const).map((scheme) => ({ at: [...at, scheme], file: value[scheme], without: `${without} in ${scheme} mode` }));
}

function namedFiles(config: DocsJson): NamedFile[] {
  const { fonts } = config;
  const fontFiles = [
    { at: ['fonts'], font: fonts },
    { at: ['fonts', 'heading'], font: fonts?.heading },
    { at: ['fonts', 'body'], font: fonts?.body },
  ].flatMap(({ at, font }) => (font?.source ? [{ at: [...at, 'source'], file: font.source, without: `"${font.family ?? 'the font'}" falls back to the system's font` }] : []));
  return [
    ...perScheme(config.logo, ['logo'], 'the top bar shows a broken image for the logo'),
    ...perScheme(config.favicon, ['favicon'], 'browsers show no icon for the site'),
    ...perScheme(config.background?.image, ['background', 'image'], 'pages have no image behind them'),
    ...fontFiles,
  ];
}

/** The files docs.json names that are neither URLs nor files of the docs folder. */
export function missingConfigFiles(config: DocsJson, docsDir: string): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const { at, file, without } of namedFiles(config)) {
    if (isExternal(file)) continue;
    const relative = path.posix.normalize(file.replace(/^\/+/, '').split(/[?#]/)[0]!);
    // `/../x.png` names no file of the docs folder, and nothing beside it is looked at.
    const status = relative.startsWith('../') || relative === '..' ? 'outside' : fileStatus(docsDir, path.join(docsDir, relative));
    if (status === 'inside') continue;
    if (status === 'ignored') {
      const rule = docsIgnore(docsDir).ruleFor(relative)!;
      issues.push({ severity: 'warning', code: 'ignored-file', at, message: `\`${file}\` is ignored by ${describeRule(rule)}: it is not published, and ${without}.`, hint: unignoreHint(relative, rule) });
      continue;
    }
    const nearest = status === 'missing' ? siblingLike(docsDir, relative) : undefined;
    issues.push({
      severity: 'warning',
      code: status === 'outside' ? 'outside-docs' : 'missing-file',
      at,
      message:
        status === 'outside'
          ? `\`${file}\` leads out of the docs folder: it is not published, and ${without}.`
          : `\`${file}\` is not a file of the docs folder: ${without}.`,
      hint: nearest ? `Did you mean \`/${nearest}\`?` : 'Paths start at the docs folder (`/logo/light.svg`); a URL is used as it is.',
    });
  }
  return issues;
}

/** The file of the same folder whose name is closest to the missing one's, as a path of the docs folder. */
function siblingLike(docsDir: string, relative: string): string | undefined {
  const folder = path.posix.dirname(relative);
  let names: string[];
  try {
    names = readdirSync(path.join(docsDir, folder));
  } catch {
    return undefined;
  }
  const match = closestMatch(path.posix.basename(relative), names);
  return match === undefined ? undefined : path.posix.join(folder, match).replace(/^\.\//, '');
}
