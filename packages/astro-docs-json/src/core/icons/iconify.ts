/**
 * `icons/`: the icons docs.json, frontmatter and components name, as the site draws them.
 *
 * Icon names as docs.json and frontmatter write them (`rocket`, `{ "name": "github",
 * "style": "brands" }`), resolved at build time against the Iconify sets of Font
 * Awesome, Lucide and Tabler. Only the icons a site uses go into its sprite.
 */
import { createRequire } from 'node:module';
import { getIconData, iconToSVG } from '@iconify/utils';
import type { IconifyJSON } from '@iconify/types';
import type { Icon } from '../schema/docs-json.ts';

export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';

/** An icon a page shows: a symbol of the sprite, or an image file or URL. */
export type ResolvedIcon = { kind: 'symbol'; id: string } | { kind: 'image'; src: string };

interface SymbolSource {
  viewBox: string;
  body: string;
}

const require = createRequire(import.meta.url);
const sets = new Map<string, IconifyJSON>();

function iconSet(prefix: string): IconifyJSON {
  let set = sets.get(prefix);
  if (!set) {
    set = require(`@iconify-json/${prefix}/icons.json`) as IconifyJSON;
    sets.set(prefix, set);
  }
  return set;
}

/** The Iconify sets to look a name up in, most likely first. Pro-only styles fall back to solid. */
function candidateSets(library: IconLibrary, style: string | undefined): string[] {
  if (library === 'lucide') return ['lucide'];
  if (library === 'tabler') return ['tabler'];
  const preferred = style === 'regular' ? 'fa7-regular' : style === 'brands' ? 'fa7-brands' : 'fa7-solid';
  return [...new Set([preferred, 'fa7-solid', 'fa7-brands', 'fa7-regular'])];
}

/**
 * An icon as a page's component names it: `<Card icon="rocket" iconType="regular">`. The
 * same value is its key in the build's icon table, so pages and components must agree.
 */
export function contentIcon(name: string, iconType?: string, library?: string): Icon {
  if (!iconType && !library) return name;
  return { name, ...(iconType ? { style: iconType as Extract<Icon, object>['style'] } : {}), ...(library ? { library: library as IconLibrary } : {}) };
}

/** The set an icon name is found in, and its data, looking in the likeliest set first. */
function findIcon(icon: Icon, library: IconLibrary, style?: string) {
  const name = typeof icon === 'string' ? icon : icon.name;
  const sets = typeof icon === 'string' ? candidateSets(library, style) : candidateSets(icon.library ?? library, icon.style ?? style);
  for (const prefix of sets) {
    const data = getIconData(iconSet(prefix), name);
    if (data) return { prefix, data };
  }
  return undefined;
}

/** Whether an icon as a page names it is one the build will find (or a file, which it shows as it is). */
export function isKnownIcon(icon: Icon, library: IconLibrary = 'fontawesome'): boolean {
  return looksLikeFile(typeof icon === 'string' ? icon : icon.name) || findIcon(icon, library) !== undefined;
}

/** The names of the icons of the sets an icon is looked up in, for a suggestion. */
export function iconNames(icon: Icon, library: IconLibrary = 'fontawesome'): string[] {
  const sets = typeof icon === 'string' ? candidateSets(library, undefined) : candidateSets(icon.library ?? library, icon.style);
  return sets.flatMap((prefix) => {
    const set = iconSet(prefix);
    return [...Object.keys(set.icons), ...Object.keys(set.aliases ?? {})];
  });
}

const looksLikeFile = (name: string) => /^(https?:)?\/\//.test(name) || name.startsWith('/') || /\.(svg|png|jpe?g|gif|webp|avif)$/i.test(name);

/**
 * Collects the icons of a build and hands out short symbol ids, so that each use in
 * the HTML is a `<use href="sprite#i3">` rather than a copy of the SVG.
 */
export class IconRegistry {
  private readonly symbols = new Map<string, { id: string; source: SymbolSource }>();
  /** Names that matched no icon, for a warning. */
  readonly unknown = new Set<string>();
  private readonly library: IconLibrary;

  constructor(library: IconLibrary = 'fontawesome') {
    this.library = library;
  }

  resolve(icon: Icon | undefined, style?: string): ResolvedIcon | undefined {
    if (icon === undefined) return undefined;
    const name = typeof icon === 'string' ? icon : icon.name;
    if (looksLikeFile(name)) return { kind: 'image', src: name };
    const found = findIcon(icon, this.library, style);
    if (!found) {
      this.unknown.add(name);
      return undefined;
    }
    const key = `${found.prefix}:${name}`;
    const known = this.symbols.get(key);
    if (known) return { kind: 'symbol', id: known.id };
    const svg = iconToSVG(found.data);
    const id = `i${this.symbols.size}`;
    this.symbols.set(key, { id, source: { viewBox: svg.attributes.viewBox, body: svg.body } });
    return { kind: 'symbol', id };
  }

  get size(): number {
    return this.symbols.size;
  }

  /** One SVG file holding every icon resolved so far, as `<symbol>`s. */
  sprite(): string {
    const symbols = [...this.symbols.values()].map(
      ({ id, source }) => `<symbol id="${id}" viewBox="${source.viewBox}">${source.body}</symbol>`,
    );
    return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
  }
}
