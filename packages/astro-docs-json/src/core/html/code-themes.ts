/**
 * docs.json `styling.codeblocks` as Shiki settings: the theme of code blocks in light and
 * dark mode, and the site's own languages. Mintlify's forms:
 *
 * - `"system"` (the default): a light theme in light mode, a dark one in dark mode;
 * - `"dark"`: the dark theme in both;
 * - a Shiki theme name: that theme in both; `"css-variables"` colours code with the
 *   `--mint-*` variables the docs' own CSS sets (`--mint-token-keyword`...);
 * - `{ "theme": name | { "light", "dark" }, "languages": { "custom": [paths] } }`, each
 *   custom language a TextMate grammar in a JSON file of the docs folder.
 *
 * Two themes are written as CSS variables on each token (Shiki's `--shiki-light` and
 * `--shiki-dark`), which the site's stylesheet switches with its colour scheme. A theme
 * name Shiki does not know, or a grammar that cannot be read, is a warning, and the
 * default takes its place.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bundledThemes, createCssVariablesTheme, type LanguageRegistration, type ThemeRegistration } from 'shiki';
import { closestMatch, type ConfigIssue, type JsonPath } from '../diagnostics.ts';
import type { CodeBlocksSetting } from '../schema/docs-json.ts';
import { textDigest } from '../text-digest.ts';

export const DEFAULT_LIGHT_THEME = 'github-light';
export const DEFAULT_DARK_THEME = 'github-dark';
const CSS_VARIABLES = 'css-variables';

type Theme = string | ThemeRegistration;

export interface CodeTheme {
  /** One theme for both modes. */
  theme?: Theme;
  /** A theme per mode, switched by the site's colour scheme. */
  themes?: { light: Theme; dark: Theme };
  /** The docs folder's own languages. */
  langs: LanguageRegistration[];
  /** The names code blocks may give those languages (ids and aliases). */
  languageNames: string[];
  /** Changes whenever the highlighted output may: part of each page's cache key. */
  digest: string;
}

const AT: JsonPath = ['styling', 'codeblocks'];

/** Reads a grammar file; replaced in tests. */
export type ReadFile = (file: string) => string;

export function resolveCodeTheme(setting: CodeBlocksSetting | undefined, docsDir: string, readFile: ReadFile = (file) => readFileSync(file, 'utf8')): { theme: CodeTheme; issues: ConfigIssue[] } {
  const issues: ConfigIssue[] = [];
  const named = typeof setting === 'string' ? setting : setting?.theme;
  const at = typeof setting === 'string' ? AT : [...AT, 'theme'];
  let themes: Pick<CodeTheme, 'theme' | 'themes'>;
  if (named === undefined || named === 'system') themes = { themes: { light: DEFAULT_LIGHT_THEME, dark: DEFAULT_DARK_THEME } };
  else if (named === 'dark') themes = { theme: DEFAULT_DARK_THEME };
  else if (typeof named === 'string') {
    const theme = knownTheme(named, at, issues);
    themes = theme ? { theme } : { themes: { light: DEFAULT_LIGHT_THEME, dark: DEFAULT_DARK_THEME } };
  } else {
    const light = knownTheme(named.light, [...at, 'light'], issues) ?? DEFAULT_LIGHT_THEME;
    const dark = knownTheme(named.dark, [...at, 'dark'], issues) ?? DEFAULT_DARK_THEME;
    themes = { themes: { light, dark } };
  }
  const custom = typeof setting === 'object' ? (setting.languages?.custom ?? []) : [];
  const langs = custom.flatMap((file, index) => customLanguage(docsDir, file, [...AT, 'languages', 'custom', index], readFile, issues) ?? []);
  const languageNames = langs.flatMap((lang) => [lang.name, ...(lang.aliases ?? [])]);
  const digest = textDigest(JSON.stringify({ themes, langs }));
  return { theme: { ...themes, langs, languageNames, digest }, issues };
}

/** Shiki's theme of that name; `css-variables` is Shiki's theme of variables, named as Mintlify names them. */
function knownTheme(name: string, at: JsonPath, issues: ConfigIssue[]): Theme | undefined {
  if (name === CSS_VARIABLES) return cssVariablesTheme();
  if (Object.hasOwn(bundledThemes, name)) return name;
  const suggestion = closestMatch(name, Object.keys(bundledThemes));
  issues.push({
    severity: 'warning',
    code: 'unknown-code-theme',
    at,
    message: `\`${name}\` is not a code theme Shiki knows: code blocks use the default theme (${DEFAULT_LIGHT_THEME} in light mode, ${DEFAULT_DARK_THEME} in dark mode) instead.`,
    hint: `${suggestion ? `Did you mean \`${suggestion}\`? ` : ''}Name one of Shiki's themes (https://shiki.style/themes), or \`css-variables\`.`,
  });
  return undefined;
}

/**
 * Shiki's theme of CSS variables with Mintlify's names: `--mint-token-keyword` and the
 * like, `--mint-color-text` and `--mint-color-background`. The site's stylesheet gives
 * them values that read in both modes; the docs' own CSS sets its own.
 */
function cssVariablesTheme(): ThemeRegistration {
  const theme = createCssVariablesTheme({ name: CSS_VARIABLES, variablePrefix: '--mint-' });
  const renamed = JSON.stringify(theme).replaceAll('var(--mint-foreground)', 'var(--mint-color-text)').replaceAll('var(--mint-background)', 'var(--mint-color-background)');
  return JSON.parse(renamed) as ThemeRegistration;
}

/** A TextMate grammar of the docs folder as a Shiki language: its `name` (or its file's name) is what code blocks write. */
function customLanguage(docsDir: string, file: string, at: JsonPath, readFile: ReadFile, issues: ConfigIssue[]): LanguageRegistration | undefined {
  const problem = (message: string, hint: string) => {
    issues.push({ severity: 'warning', code: 'custom-language', at, message: `${message}: its code blocks are shown as plain text.`, hint });
    return undefined;
  };
  const relative = file.replace(/^\/+/, '');
  const absolute = path.resolve(docsDir, relative);
  if (absolute !== docsDir && !absolute.startsWith(docsDir + path.sep)) return problem(`\`${file}\` is outside the docs folder`, 'Give the path of a JSON file in the docs folder, like `/languages/my-language.json`.');
  let grammar: unknown;
  try {
    grammar = JSON.parse(readFile(absolute));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message;
    return problem(`The language grammar \`${file}\` could not be read (${reason})`, 'Give the path of a JSON file in the docs folder, from its top: `/languages/my-language.json`.');
  }
  if (typeof grammar !== 'object' || grammar === null || typeof (grammar as { scopeName?: unknown }).scopeName !== 'string') {
    return problem(`\`${file}\` is not a TextMate grammar (an object with a \`scopeName\`, its \`patterns\` and \`repository\`)`, 'Write the grammar as JSON; a `.tmLanguage.json` file is one.');
  }
  const own = grammar as LanguageRegistration & { fileTypes?: unknown };
  const base = path.basename(relative, '.json').replace(/\.tmLanguage$/i, '').toLowerCase();
  const declared = typeof own.name === 'string' && /^[\w+#.-]+$/.test(own.name) ? own.name.toLowerCase() : undefined;
  const name = declared ?? base;
  const fileTypes = Array.isArray(own.fileTypes) ? own.fileTypes.filter((type): type is string => typeof type === 'string') : [];
  const aliases = [...new Set([base, ...fileTypes, ...(own.aliases ?? [])].map((alias) => alias.toLowerCase()))].filter((alias) => alias !== name);
  return { ...own, name, ...(typeof own.name === 'string' ? { displayName: own.name } : {}), aliases };
}
