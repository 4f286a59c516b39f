/**
 * Icon names as docs.json and frontmatter write them (`rocket`, `{ "name": "github",
 * "style": "brands" }`), resolved at build time against Iconify sets. Only the icons a site
 * uses go into its icon style sheet. Mintlify serves the whole of Font Awesome Pro, and real
 * sites name Pro icons (`sparkles`, `browser`, `waveform`) and write names in other casings
 * (`GitHub`); the free sets lack them, so a name is looked up in this fixed order, and the
 * first icon found is the one shown:
 *
 * 1. The site's library (docs.json `icons.library`, or a component's `iconLibrary`): for
 *    Font Awesome, the style asked for (`iconType`), then solid, brands and regular.
 * 2. The other sets, in this order: Font Awesome (solid, brands, regular), Lucide, Tabler,
 *    Material Design Icons (`mdi`), Simple Icons (brand logos, such as `anthropic`).
 * 3. A small table of Font Awesome Pro names that no set has under that name, each mapped to
 *    a free icon that draws the same idea (`equivalents.ts`).
 *
 * Names are compared without regard to case (`GitHub` is `github`). A name found nowhere is
 * an `unknown-icon` warning. A file, a URL or SVG code (`svg-icon.ts`) is shown as it is.
 */
import { createRequire } from 'node:module';
import { getIconData, iconToSVG } from '@iconify/utils';
import type { IconifyJSON } from '@iconify/types';
import type { Icon } from '../schema/docs-json.ts';
import { PRO_EQUIVALENTS } from './equivalents.ts';
import { looksLikeSvg, SVG_NAMESPACE, svgDataUrl, svgImage, type SvgImage } from './svg-icon.ts';

export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';

/** An icon a page shows: one of the site's icon style sheet (`.icon.i3`), or an image file, URL or SVG code. */
export type ResolvedIcon = { kind: 'symbol'; id: string } | { kind: 'image'; src: string } | SvgImage;

interface SymbolSource {
  viewBox: string;
  body: string;
}

const require = createRequire(import.meta.url);
const sets = new Map<string, IconifyJSON>();

/** An Iconify set, read the first time a name is looked up in it (the later sets rarely are). */
function iconSet(prefix: string): IconifyJSON {
  let set = sets.get(prefix);
  if (!set) {
    set = require(`@iconify-json/${prefix}/icons.json`) as IconifyJSON;
    sets.set(prefix, set);
  }
  return set;
}

const FONT_AWESOME = ['fa7-solid', 'fa7-brands', 'fa7-regular'];

/** Step 2 of the lookup: every set, in the order a name missing from the site's library is looked up in. */
const FALLBACK_SETS: readonly string[] = [...FONT_AWESOME, 'lucide', 'tabler', 'mdi', 'simple-icons'];

/** Step 1: the sets of the site's library. Pro-only Font Awesome styles fall back to solid. */
function librarySets(library: IconLibrary, style: string | undefined): string[] {
  if (library === 'lucide') return ['lucide'];
  if (library === 'tabler') return ['tabler'];
  const preferred = style === 'regular' ? 'fa7-regular' : style === 'brands' ? 'fa7-brands' : 'fa7-solid';
  return [preferred, ...FONT_AWESOME];
}

/** The Iconify sets a name is looked up in, in order: the site's library, then the others. */
export function lookupOrder(library: IconLibrary = 'fontawesome', style?: string): string[] {
  return [...new Set([...librarySets(library, style), ...FALLBACK_SETS])];
}

/**
 * An icon as a page's component names it: `<Card icon="rocket" iconType="regular">`. The
 * same value is its key in the build's icon table, so pages and components must agree.
 */
export function contentIcon(name: string, iconType?: string, library?: string): Icon {
  if (!iconType && !library) return name;
  return { name, ...(iconType ? { style: iconType as Extract<Icon, object>['style'] } : {}), ...(library ? { library: library as IconLibrary } : {}) };
}

/** Where an icon was found: the set, its name there, and its data. */
export interface FoundIcon {
  prefix: string;
  name: string;
  data: NonNullable<ReturnType<typeof getIconData>>;
}

/** The icon a name stands for, looked up in the order of this module's comment. */
export function findIcon(icon: Icon, library: IconLibrary = 'fontawesome', style?: string): FoundIcon | undefined {
  const name = iconName(icon).trim().toLowerCase();
  const order = typeof icon === 'string' ? lookupOrder(library, style) : lookupOrder(icon.library ?? library, icon.style ?? style);
  for (const prefix of order) {
    const data = iconData(prefix, name);
    if (data) return { prefix, name, data };
  }
  const equivalent = Object.hasOwn(PRO_EQUIVALENTS, name) ? PRO_EQUIVALENTS[name] : undefined;
  const data = equivalent && iconData(equivalent.prefix, equivalent.name);
  return data ? { ...equivalent, data } : undefined;
}

/** An icon of a set or one of its aliases; never a property every object has (`constructor`). */
function iconData(prefix: string, name: string) {
  const set = iconSet(prefix);
  if (!Object.hasOwn(set.icons, name) && !Object.hasOwn(set.aliases ?? {}, name)) return undefined;
  return getIconData(set, name) ?? undefined;
}

const iconName = (icon: Icon) => (typeof icon === 'string' ? icon : icon.name);

/** Whether an icon as a page names it is one the build will find (or a file or SVG, which it shows as it is). */
export function isKnownIcon(icon: Icon, library: IconLibrary = 'fontawesome'): boolean {
  return shownAsIs(iconName(icon)) || findIcon(icon, library) !== undefined;
}

const suggestions = new Map<string, string[]>();

/** The names of every icon an icon could have been, for a suggestion. */
export function iconNames(icon: Icon, library: IconLibrary = 'fontawesome'): string[] {
  const order = typeof icon === 'string' ? lookupOrder(library) : lookupOrder(icon.library ?? library, icon.style);
  const key = order.join(' ');
  let names = suggestions.get(key);
  if (!names) {
    names = [
      ...new Set([
        ...order.flatMap((prefix) => {
          const set = iconSet(prefix);
          return [...Object.keys(set.icons), ...Object.keys(set.aliases ?? {})];
        }),
        ...Object.keys(PRO_EQUIVALENTS),
      ]),
    ];
    suggestions.set(key, names);
  }
  return names;
}

const looksLikeFile = (name: string) => /^(https?:)?\/\//.test(name) || name.startsWith('/') || /\.(svg|png|jpe?g|gif|webp|avif)$/i.test(name);

/** Whether an icon value is an image file, a URL or SVG code, which are shown as they are. */
const shownAsIs = (name: string) => looksLikeFile(name) || looksLikeSvg(name);

/** An icon that needs no lookup: a file or URL as an image, SVG code as its `data:` image. */
export function imageIcon(name: string): ResolvedIcon | undefined {
  if (looksLikeSvg(name)) return svgImage(name);
  if (looksLikeFile(name)) return { kind: 'image', src: name };
  return undefined;
}

/**
 * Collects the icons of a build and hands out short ids, so that each use in the HTML is
 * `<i class="icon i3"></i>`, drawn by one rule of the site's icon style sheet, rather than
 * a copy of the SVG: a sidebar of thousands of links with icons is in every page.
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
    const image = imageIcon(iconName(icon));
    if (image) return image;
    const found = findIcon(icon, this.library, style);
    if (!found) {
      this.unknown.add(iconName(icon));
      return undefined;
    }
    // Keyed by the icon found, so `GitHub` and `github` share one symbol.
    const key = `${found.prefix}:${found.name}`;
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

  /**
   * One style sheet drawing every icon resolved so far: a rule each, whose SVG is a mask over
   * the text's colour (`icons.css`). The SVGs are `data:` URLs, so the sheet needs no other
   * file, and works from disk (`export`), where browsers fetch no mask from another file.
   */
  stylesheet(): string {
    const rules = [...this.symbols.values()].map(
      ({ id, source }) => `.icon.${id}{--icon-mask:url("${svgDataUrl(`<svg xmlns="${SVG_NAMESPACE}" viewBox="${source.viewBox}">${source.body}</svg>`)}")}\n`,
    );
    return rules.join('');
  }
}
