/**
 * The site's Tailwind stylesheet: Mintlify styles pages' class names (`className="rounded-xl
 * dark:hidden"`) with Tailwind CSS v3, so we compile, once per site, the classes its pages
 * and snippets write, and nothing else. Its reset (preflight) is left out, which would
 * restyle the whole site; the utilities apply inside the article (`#content-area`), where
 * pages' markup is, and win over the site's typography there, as on Mintlify.
 */
import { createRequire } from 'node:module';
import type { Site } from '../site/load-site.ts';

/** More distinct class names than any real site writes: a page that is data, not markup. */
export const MAX_UTILITY_CLASSES = 20_000;

export interface UtilityInput {
  /** Distinct class names, sorted; at most `MAX_UTILITY_CLASSES`. */
  classes: string[];
  /** How many class names were left out over the bound. */
  dropped: number;
  /** Mintlify's theme colours, from docs.json: `text-primary`, `dark:bg-background-dark`. */
  colors: Record<string, string>;
}

export function utilityInput(site: Pick<Site, 'routes' | 'snippets' | 'config'>): UtilityInput {
  const classes = [...new Set([...site.routes, ...site.snippets].flatMap(({ content }) => content.classes ?? []))].sort();
  return { classes: classes.slice(0, MAX_UTILITY_CLASSES), dropped: Math.max(0, classes.length - MAX_UTILITY_CLASSES), colors: themeColors(site.config) };
}

/**
 * The one part of Tailwind's reset that its classes rely on: borders have a style, so that
 * `border` (a width) draws one. Only for elements with border classes, and with no
 * specificity, so that any other rule, the site's or the docs', wins.
 */
const BORDER_RESET = ":where(#content-area [class*='border'], #content-area [class*='divide-'] > *) {\n    border: 0 solid var(--border, #e5e7eb);\n}";

/** The rules of Tailwind's base layer without its reset. */
const VARIABLE_DEFAULTS = new Set(['*, ::before, ::after', '::backdrop']);

const HEX = /^#[0-9a-f]{3,8}$/i;

function themeColors(config: Site['config']): Record<string, string> {
  const colors: Record<string, string> = {};
  const primary = config?.colors?.primary;
  if (primary) Object.assign(colors, { primary, 'primary-light': config.colors?.light ?? primary, 'primary-dark': config.colors?.dark ?? primary });
  const background = config?.background?.color;
  for (const theme of ['light', 'dark'] as const) {
    const value = background?.[theme];
    if (typeof value === 'string' && HEX.test(value)) colors[`background-${theme}`] = value;
  }
  return colors;
}

/** The CSS of the classes: empty when none of them is Tailwind's. */
export async function compileUtilities(input: UtilityInput): Promise<string> {
  if (input.classes.length === 0) return '';
  // Loaded only for a site that writes class names: most of the cost of a small site's build.
  const [{ default: postcss }, { default: tailwind }] = await Promise.all([import('postcss'), import('tailwindcss')]);
  quietContentWarning();
  const plugin = tailwind({
    content: [{ raw: input.classes.join(' '), extension: 'html' }],
    corePlugins: { preflight: false },
    // The root has Mintlify's `dark` class in dark mode, from before the first paint.
    darkMode: 'class',
    important: '#content-area',
    theme: { extend: { colors: input.colors } },
  });
  // The base layer is only the defaults of Tailwind's variables (`--tw-shadow`), which some utilities need.
  const result = await postcss([plugin]).process('@tailwind base;\n@tailwind utilities;', { from: undefined });
  const utilities = result.root.nodes.some((node) => !(node.type === 'rule' && VARIABLE_DEFAULTS.has(node.selector)));
  return utilities ? `${BORDER_RESET}\n${result.css}` : '';
}

type TailwindLog = { warn: (key: string | string[], messages?: string[]) => void; quiet?: boolean };

/**
 * Tailwind warns that "no utility classes were detected" when none of the class names is
 * Tailwind's: true of many sites, whose own stylesheet defines them, and about a `content`
 * setting they do not have. Its other warnings are left as they are.
 */
function quietContentWarning() {
  const log = (createRequire(import.meta.url)('tailwindcss/lib/util/log.js') as { default: TailwindLog }).default;
  if (log.quiet) return;
  const warn = log.warn.bind(log);
  log.warn = (key, messages) => (key === 'content-problems' ? undefined : warn(key, messages));
  log.quiet = true;
}
