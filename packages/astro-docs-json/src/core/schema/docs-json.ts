/**
 * The `docs.json` schema: the single source of truth for what a config may hold.
 *
 * Objects are strict so that unknown keys surface; `validateConfig` reports those as
 * warnings, not errors, since real Mintlify repositories carry keys no schema knows.
 * The navigation tree is recursive across kinds (a tab holds anchors that hold tabs...),
 * which TypeScript cannot infer, so its element types are declared once below and each
 * schema is checked against them.
 */
import * as z from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { integrationsKeysSchema } from './integrations.ts';
import { sdkSettingSchema, type SdkSetting } from './sdk.ts';
import { listOf, quote } from '../diagnostics.ts';

// ---------------------------------------------------------------------------
// Leaf values

export const DIRECTORY_LAYOUTS = ['none', 'accordion', 'card'] as const;
export const directorySchema = z.enum(DIRECTORY_LAYOUTS);
export type Directory = z.infer<typeof directorySchema>;

const ALLOWED_LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * A link target: a path of the site (`/guides/intro`, `guides/intro`), a `#fragment`,
 * or an absolute URL. Schemes that run code (`javascript:`) are refused.
 */
export const hrefSchema = z.string().min(1).check(
  z.refine(
    (value) => {
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
      return scheme === undefined || ALLOWED_LINK_SCHEMES.has(`${scheme.toLowerCase()}:`);
    },
    { message: 'This link uses a scheme a docs site cannot link to.', params: { code: 'invalid-value', hint: 'Use a path like `/guides/intro`, a `#fragment`, or an http(s), mailto: or tel: URL.' } },
  ),
);

const hexColorSchema = z
  .string()
  .regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, { message: 'Colors are hex values like `#0D9373`.' });

const iconNameSchema = z.string().min(1).check(
  z.refine((name) => !name.startsWith('fa-'), {
    message: 'Icon names do not start with `fa-`.',
    params: { code: 'invalid-value', hint: 'Write `rocket`, not `fa-rocket`.' },
  }),
);

export const ICON_LIBRARIES = ['fontawesome', 'lucide', 'tabler'] as const;
export const ICON_STYLES = [
  'brands',
  'duotone',
  'light',
  'regular',
  'sharp-duotone-solid',
  'sharp-light',
  'sharp-regular',
  'sharp-solid',
  'sharp-thin',
  'solid',
  'thin',
] as const;

const iconObjectSchema = z.strictObject({
  name: iconNameSchema,
  style: z.enum(ICON_STYLES).optional(),
  library: z.enum(ICON_LIBRARIES).optional(),
});
export type Icon = z.infer<typeof iconNameSchema> | z.infer<typeof iconObjectSchema>;

/**
 * An icon, wherever one is taken (navigation elements, navbar links, page-menu entries, a
 * page's frontmatter). An empty name (`"icon": ""`), which Mintlify's schema takes, is no
 * icon, as there: it is read as if the key were absent, without a warning, since nothing
 * the author wrote is lost. That branch comes last, so that a name that is wrong gets the
 * name's own message (`flattenUnions` keeps the first of the closest branches).
 */
export const iconSchema = z.union([iconNameSchema, iconObjectSchema, z.literal('').transform(() => undefined)], {
  error: 'An icon is a name like `rocket`, or `{ "name", "style", "library" }`.',
});

const openApiSourceSchema = z.strictObject({
  source: z.string().min(1),
  directory: z.string().optional(),
  overlays: z.array(z.string()).optional(),
});

/** `openapi` on a navigation element: a spec path, several, or `{ source, directory }`. */
export const openApiSchema = z.union(
  [z.string().min(1), z.array(z.union([z.string().min(1), openApiSourceSchema])), openApiSourceSchema],
  { error: '`openapi` is a spec path, an array of them, or `{ "source", "directory" }`.' },
);
export type OpenApi = z.infer<typeof openApiSchema>;

/** `asyncapi` on a navigation element or in `api`: an AsyncAPI file path or URL, several, or `{ source, directory }`. */
export const asyncApiSchema = z.union(
  [z.string().min(1), z.array(z.union([z.string().min(1), openApiSourceSchema])), openApiSourceSchema],
  { error: '`asyncapi` is an AsyncAPI file path or URL, an array of them, or `{ "source", "directory" }`.' },
);
export type AsyncApi = z.infer<typeof asyncApiSchema>;
/**
 * `graphql` on a tab: a GraphQL schema (SDL, or an introspection result as JSON) in the docs
 * folder or at an https URL, the URL folder of its pages, and (this site's addition, as
 * Mintlify names none) the `endpoint` its playground sends queries to.
 */
const graphqlSourceSchema = z.string().min(1).check(
  z.refine((value) => !/^http:\/\//i.test(value), { error: 'A GraphQL schema named by URL must use https.' }),
);
export const graphqlSchema = z.union(
  [
    graphqlSourceSchema,
    z.strictObject({
      source: graphqlSourceSchema,
      directory: z.string().min(1).optional(),
      endpoint: z.url({ protocol: /^https?$/, error: '`endpoint` is the http(s) URL of the GraphQL API.' }).optional(),
    }),
  ],
  { error: '`graphql` is a schema path or https URL, or `{ "source", "directory", "endpoint" }`.' },
);
export type GraphqlSetting = z.infer<typeof graphqlSchema>;

const labelledLinkSchema = z.strictObject({ label: z.string(), href: hrefSchema });

// ---------------------------------------------------------------------------
// Banner, footer, navbar: at the top level and per language

export const bannerSchema = z.strictObject({
  content: z.string().min(1),
  dismissible: z.boolean().optional(),
  type: z.enum(['info', 'warning', 'critical']).optional(),
  color: z.union([hexColorSchema, z.strictObject({ light: hexColorSchema, dark: hexColorSchema })]).optional(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const footerSchema = z.strictObject({
  socials: z.record(z.string(), hrefSchema).optional(),
  links: z
    .array(
      z.strictObject({
        header: z.string().optional(),
        items: z.array(labelledLinkSchema).min(1),
      }),
    )
    .max(4, { message: 'A footer has at most 4 columns of links.' })
    .optional(),
});
export type Footer = z.infer<typeof footerSchema>;

const navbarLinkSchema = z.strictObject({
  label: z.string().optional(),
  href: hrefSchema,
  icon: iconSchema.optional(),
  type: z.string().optional(),
});

export const navbarSchema = z.strictObject({
  links: z.array(navbarLinkSchema).optional(),
  primary: z
    .discriminatedUnion('type', [
      z.strictObject({ type: z.literal('button'), label: z.string(), href: hrefSchema }),
      z.strictObject({ type: z.literal('github'), label: z.string().optional(), href: hrefSchema }),
      z.strictObject({ type: z.literal('discord'), label: z.string().optional(), href: hrefSchema }),
    ])
    .optional(),
});
export type Navbar = z.infer<typeof navbarSchema>;

/** What a language element sets for its own pages, as the top level does for all of them. */
const languageSettingsSchema = z.strictObject({ banner: bannerSchema.optional(), footer: footerSchema.optional(), navbar: navbarSchema.optional() });
export type LanguageSettings = z.infer<typeof languageSettingsSchema>;

const LANGUAGE_SETTING_KEYS = Object.keys(languageSettingsSchema.shape) as Array<keyof LanguageSettings>;

/** The settings a language element gives, none when it gives none. */
export function languageSettingsOf(element: LanguageSettings): LanguageSettings | undefined {
  const given = LANGUAGE_SETTING_KEYS.filter((key) => element[key]);
  return given.length ? Object.fromEntries(given.map((key) => [key, element[key]])) : undefined;
}

// ---------------------------------------------------------------------------
// Navigation

/** The kinds of navigation division, by the key that names each one. */
export const DIVISION_NAME_KEYS = {
  product: 'product',
  language: 'language',
  version: 'version',
  tab: 'tab',
  dropdown: 'dropdown',
  anchor: 'anchor',
  item: 'item',
} as const;
export type DivisionKind = keyof typeof DIVISION_NAME_KEYS;

/** The lists of child divisions, outermost first, as a division or `navigation` holds them. */
export const DIVISION_LISTS = {
  products: 'product',
  languages: 'language',
  versions: 'version',
  tabs: 'tab',
  dropdowns: 'dropdown',
  anchors: 'anchor',
} as const satisfies Record<string, DivisionKind>;
type DivisionList = keyof typeof DIVISION_LISTS;

/** Every key through which an element holds children; an element uses one of them. */
export const CHILD_KEYS = ['href', ...Object.keys(DIVISION_LISTS), 'menu', 'groups', 'pages'] as const;

export interface Group {
  group: string;
  pages?: PageEntry[];
  icon?: Icon;
  tag?: string;
  root?: string;
  expanded?: boolean;
  directory?: Directory;
  openapi?: OpenApi;
  asyncapi?: AsyncApi;
  /** Reference pages generated from an SDK's documentation artifact (TypeDoc, Javadoc...). */
  sdk?: SdkSetting;
  hidden?: boolean;
  public?: boolean;
  searchable?: boolean;
  boost?: number;
}

/**
 * A link object among `pages` (`{ "title": "Blog", "href": "https://..." }`, or with a `label`),
 * left over from `mint.json`: docs.json defines none, Mintlify's schema lets it through, and it
 * is built as a sidebar link, with a warning (`tree.ts`).
 */
export interface PageLink {
  href: string;
  title?: string;
  label?: string;
  icon?: Icon;
}

/** A `pages` entry: a page path, an OpenAPI operation (`GET /users`), a nested group, or a link object. */
export type PageEntry = string | Group | PageLink;

interface DivisionFields {
  icon?: Icon;
  hidden?: boolean;
  searchable?: boolean;
  boost?: number;
  directory?: Directory;
  openapi?: OpenApi;
  asyncapi?: AsyncApi;
  /** A GraphQL schema whose operations and types become pages (read on tabs). */
  graphql?: GraphqlSetting;
  sdk?: SdkSetting;
  href?: string;
  description?: string;
  global?: GlobalNavigation;
  products?: Product[];
  languages?: Language[];
  versions?: Version[];
  tabs?: Tab[];
  dropdowns?: Dropdown[];
  anchors?: Anchor[];
  groups?: Group[];
  pages?: PageEntry[];
}
export interface Product extends DivisionFields {
  product: string;
  menu?: MenuItem[];
}
export interface Language extends DivisionFields, LanguageSettings {
  language: LanguageCode;
  default?: boolean;
}
export interface Version extends DivisionFields {
  version: string;
  default?: boolean;
  tag?: string;
}
export interface Tab extends DivisionFields {
  tab: string;
  menu?: MenuItem[];
  align?: 'start' | 'end';
}
export interface Dropdown extends DivisionFields {
  dropdown: string;
  color?: unknown;
}
export interface Anchor extends DivisionFields {
  anchor: string;
  color?: unknown;
}
export interface MenuItem extends DivisionFields {
  item: string;
}
export type Division = Product | Language | Version | Tab | Dropdown | Anchor | MenuItem;

export interface GlobalLink {
  href: string;
  icon?: Icon;
  hidden?: boolean;
  description?: string;
  [nameKey: string]: unknown;
}
export interface GlobalNavigation {
  products?: GlobalLink[];
  languages?: GlobalLink[];
  versions?: GlobalLink[];
  tabs?: GlobalLink[];
  dropdowns?: GlobalLink[];
  anchors?: GlobalLink[];
}

export const isForbidden = (schema: unknown) => schema instanceof z.ZodOptional && schema.unwrap() instanceof z.ZodNever;

/** Keys that are known but not allowed where they stand: errors in our own words. */
function forbiddenKeys<const K extends string>(keys: readonly K[], message: (key: K) => string) {
  return Object.fromEntries(keys.map((key) => [key, z.never({ error: message(key) }).optional()])) as {
    [P in K]: z.ZodOptional<z.ZodNever>;
  };
}

const DIVISION_LIST_KEYS = Object.keys(DIVISION_LISTS) as DivisionList[];

const nameSchema = z.string().min(1);

const groupSchema: z.ZodType<Group> = z.strictObject({
  group: nameSchema,
  get pages() {
    return z.array(pageEntrySchema).optional();
  },
  icon: iconSchema.optional(),
  tag: z.string().optional(),
  root: z.string().min(1).optional(),
  expanded: z.boolean().optional(),
  directory: directorySchema.optional(),
  openapi: openApiSchema.optional(),
  asyncapi: asyncApiSchema.optional(),
  sdk: sdkSettingSchema.optional(),
  hidden: z.boolean().optional(),
  public: z.boolean().optional(),
  searchable: z.boolean().optional(),
  boost: z.number().positive().optional(),
  ...forbiddenKeys(
    [...DIVISION_LIST_KEYS, 'groups', 'menu', 'href'],
    (key) => `A group holds its pages and nested groups in \`pages\`, not in ${quote(key)}.`,
  ),
});

// A group's keys are refused outright rather than ignored as unknown, so that a group with a
// wrong `href` is not read as a link; the group comes first, so that an object meant for
// either is reported as a group (`flattenUnions`).
const pageLinkSchema: z.ZodType<PageLink> = z.strictObject({
  href: hrefSchema,
  title: nameSchema.optional(),
  label: nameSchema.optional(),
  icon: iconSchema.optional(),
  ...forbiddenKeys(['group', 'pages'], (key) => `An entry with an \`href\` is a link, which holds no ${quote(key)}.`),
});

const pageEntrySchema: z.ZodType<PageEntry> = z.union([z.string().min(1), groupSchema, pageLinkSchema], {
  error: 'A `pages` entry is a page path, an operation like `GET /users`, or a group object.',
});

const globalLinkSchema = (nameKey: string) =>
  z.strictObject({
    [nameKey]: nameSchema,
    href: hrefSchema,
    icon: iconSchema.optional(),
    hidden: z.boolean().optional(),
    description: z.string().optional(),
    ...forbiddenKeys(
      [...DIVISION_LIST_KEYS, 'groups', 'pages', 'menu'],
      (key) => `Global ${nameKey}s are links shown on every page: they take an \`href\`, not ${quote(key)}.`,
    ),
  }) as z.ZodType<GlobalLink>;

const globalSchema: z.ZodType<GlobalNavigation> = z.strictObject(
  Object.fromEntries(
    Object.entries(DIVISION_LISTS).map(([list, kind]) => [list, z.array(globalLinkSchema(kind)).optional()]),
  ),
);

const divisionFields = {
  icon: iconSchema.optional(),
  hidden: z.boolean().optional(),
  /** A hidden element's pages stay in search, the sitemap and llms.txt (Mintlify's `searchable: true`). */
  searchable: z.boolean().optional(),
  /** Multiplies the search ranking of the pages below, unless one nearer sets its own. */
  boost: z.number().positive().optional(),
  directory: directorySchema.optional(),
  openapi: openApiSchema.optional(),
  asyncapi: asyncApiSchema.optional(),
  graphql: graphqlSchema.optional(),
  sdk: sdkSettingSchema.optional(),
  href: hrefSchema.optional(),
  description: z.string().optional(),
  global: z.lazy(() => globalSchema).optional(),
  groups: z.lazy(() => z.array(groupSchema).min(1)).optional(),
  pages: z.lazy(() => z.array(pageEntrySchema)).optional(),
};

const divisionListSchemas = {
  products: () => productListSchema,
  languages: () => languageListSchema,
  versions: () => versionListSchema,
  tabs: () => tabListSchema,
  dropdowns: () => dropdownListSchema,
  anchors: () => anchorListSchema,
} satisfies Record<DivisionList, () => z.ZodType>;

/**
 * The child division lists a division of `kind` may hold: every other kind, since
 * Mintlify nests them interchangeably, but not its own (a tab holds no tabs).
 */
function childDivisionLists(kind?: DivisionKind) {
  return Object.fromEntries(
    DIVISION_LIST_KEYS.map((list) => [
      list,
      DIVISION_LISTS[list] === kind
        ? z.never({ error: `A ${kind} cannot hold ${quote(list)} directly; nest them through another kind of element.` }).optional()
        : z.lazy(divisionListSchemas[list] as () => z.ZodType).optional(),
    ]),
  ) as unknown as { [L in DivisionList]: z.ZodOptional<z.ZodType<NonNullable<DivisionFields[L]>>> };
}

/**
 * Spec 3.2 rule 6: each element holds one kind of child per level. Only the keys the
 * kind may use count: one it may not use is already an error of its own.
 */
function holdsOneKindOfChild(kind: DivisionKind, shape: z.ZodRawShape) {
  const nameKey = DIVISION_NAME_KEYS[kind];
  const childKeys = CHILD_KEYS.filter((key) => key in shape && !isForbidden(shape[key]));
  return (value: unknown, ctx: z.RefinementCtx) => {
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    const present = childKeys.filter((key) => record[key] !== undefined);
    if (present.length < 2) return;
    const name = typeof record[nameKey] === 'string' ? ` ${JSON.stringify(record[nameKey])}` : '';
    const [first, second] = present as [string, string];
    ctx.addIssue({
      code: 'custom',
      message:
        first === 'href'
          ? `The ${kind}${name} has an \`href\` and also ${listOf(present.slice(1), 'and')}.`
          : `The ${kind}${name} holds both ${listOf(present, 'and')}.`,
      params: {
        code: 'invalid-structure',
        hint:
          first === 'href'
            ? `A ${kind} with \`href\` is a link; remove \`href\`, or move ${quote(second)} elsewhere.`
            : `An element holds one kind of child per level: nest one inside the other, for example put the ${second} inside one of the ${first}.`,
      },
    });
  };
}

const always = { when: () => true };

/** At most one `default: true` in a list of versions or languages, and no name twice. */
function defaultsAndNamesUnique(nameKey: 'version' | 'language') {
  return (items: unknown, ctx: z.RefinementCtx) => {
    if (!Array.isArray(items)) return;
    let firstDefault: number | undefined;
    const seen = new Map<unknown, number>();
    items.forEach((item: unknown, index) => {
      if (typeof item !== 'object' || item === null) return;
      const { default: isDefault, [nameKey]: name } = item as Record<string, unknown>;
      if (isDefault === true) {
        if (firstDefault === undefined) firstDefault = index;
        else
          ctx.addIssue({
            code: 'custom',
            path: [index, 'default'],
            message: `More than one ${nameKey} has \`default: true\` (the first is [${firstDefault}]).`,
            params: { code: 'invalid-structure', hint: `Mark a single ${nameKey} as the default.` },
          });
      }
      if (typeof name !== 'string') return;
      const earlier = seen.get(name);
      if (earlier === undefined) seen.set(name, index);
      else
        ctx.addIssue({
          code: 'custom',
          path: [index, nameKey],
          message: `The ${nameKey} ${JSON.stringify(name)} is listed twice (also at [${earlier}]).`,
          params: { code: 'invalid-structure', hint: `Each ${nameKey} appears once; merge the two entries.` },
        });
    });
  };
}

function division<S extends z.ZodRawShape>(kind: DivisionKind, shape: S) {
  return z.strictObject(shape).superRefine(holdsOneKindOfChild(kind, shape), always);
}

const menuItemSchema: z.ZodType<MenuItem> = division('item', {
  item: nameSchema,
  ...divisionFields,
  ...forbiddenKeys(
    [...DIVISION_LIST_KEYS, 'menu', 'global'],
    (key) => `A menu item holds only \`groups\`, \`pages\` or an \`href\`, not ${quote(key)}.`,
  ),
});
const menuSchema = z.array(menuItemSchema).min(1);

const productSchema: z.ZodType<Product> = division('product', {
  product: nameSchema,
  ...divisionFields,
  ...childDivisionLists('product'),
  menu: menuSchema.optional(),
});
const languageSchema: z.ZodType<Language> = division('language', {
  language: z.enum(LANGUAGE_CODES),
  default: z.boolean().optional(),
  ...languageSettingsSchema.shape,
  ...divisionFields,
  ...childDivisionLists('language'),
});
const versionSchema: z.ZodType<Version> = division('version', {
  version: nameSchema,
  default: z.boolean().optional(),
  tag: z.string().optional(),
  ...divisionFields,
  ...childDivisionLists('version'),
});
const tabSchema: z.ZodType<Tab> = division('tab', {
  tab: nameSchema,
  align: z.enum(['start', 'end']).optional(),
  ...divisionFields,
  ...childDivisionLists('tab'),
  menu: menuSchema.optional(),
});
const dropdownSchema: z.ZodType<Dropdown> = division('dropdown', {
  dropdown: nameSchema,
  color: z.unknown().optional(),
  ...divisionFields,
  ...childDivisionLists('dropdown'),
});
const anchorSchema: z.ZodType<Anchor> = division('anchor', {
  anchor: nameSchema,
  color: z.unknown().optional(),
  ...divisionFields,
  ...childDivisionLists('anchor'),
});

const productListSchema = z.array(productSchema).min(1);
const languageListSchema = z.array(languageSchema).min(1).superRefine(defaultsAndNamesUnique('language'), always);
const versionListSchema = z.array(versionSchema).min(1).superRefine(defaultsAndNamesUnique('version'), always);
const tabListSchema = z.array(tabSchema).min(1);
const dropdownListSchema = z.array(dropdownSchema).min(1);
const anchorListSchema = z.array(anchorSchema).min(1);

/** The keys that may form the navigation's root, one of which it must use. */
export const ROOT_KEYS = [...Object.keys(DIVISION_LISTS), 'groups', 'pages'] as const;

export const navigationSchema = z
  .strictObject({
    global: globalSchema.optional(),
    directory: directorySchema.optional(),
    groups: divisionFields.groups,
    pages: divisionFields.pages,
    ...childDivisionLists(),
  })
  .superRefine((value, ctx) => {
    if (typeof value !== 'object' || value === null) return;
    const present = ROOT_KEYS.filter((key) => (value as Record<string, unknown>)[key] !== undefined);
    if (present.length === 1) return;
    ctx.addIssue({
      code: 'custom',
      message:
        present.length === 0
          ? '`navigation` holds no pages.'
          : `\`navigation\` has more than one root: ${listOf(present, 'and')}.`,
      params: {
        code: 'invalid-structure',
        hint:
          present.length === 0
            ? `Give it one of ${listOf([...ROOT_KEYS])}.`
            : `Choose one root-level kind and nest the others inside it, for example put the ${present[1]} inside one of the ${present[0]}.`,
      },
    });
  }, always);
export type Navigation = z.infer<typeof navigationSchema>;

// ---------------------------------------------------------------------------
// The whole file

export const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia'] as const;

const looseObject = z.record(z.string(), z.unknown());

/** The patterns Mintlify can draw behind a page (docs.json `background.decoration`). */
export const BACKGROUND_DECORATIONS = ['gradient', 'grid', 'windows'] as const;

/** docs.json `background`: the page's colour in each scheme, an image behind it, or a drawn pattern. */
export const backgroundSchema = z.strictObject({
  color: z.strictObject({ light: hexColorSchema.optional(), dark: hexColorSchema.optional() }).optional(),
  image: z.union([z.string().min(1), z.strictObject({ light: z.string().min(1), dark: z.string().min(1) })]).optional(),
  decoration: z.enum(BACKGROUND_DECORATIONS).optional(),
});
export type Background = z.infer<typeof backgroundSchema>;

/** A font: a Google Fonts family by name, or a font file (`source`, in the docs folder or at a URL). */
const fontSchema = z.strictObject({
  family: z.string().min(1),
  weight: z.number().int().min(1).max(1000).optional(),
  source: z.string().min(1).optional(),
  format: z.enum(['woff', 'woff2']).optional(),
});

export const fontsSchema = fontSchema
  .partial({ family: true })
  .extend({ heading: fontSchema.optional(), body: fontSchema.optional() })
  .refine((fonts) => fonts.family !== undefined || fonts.heading !== undefined || fonts.body !== undefined, {
    error: '`fonts` names a `family`, or fonts for `heading` and `body`.',
  });
export type Fonts = z.infer<typeof fontsSchema>;
export type Font = z.infer<typeof fontSchema>;

/**
 * The publisher of the site in its structured data (JSON-LD). Every field is optional: the
 * site's name, logo and address stand in for those left out.
 */
const organizationSchema = z.strictObject({
  /** A stable `@id` for the organization across pages, like `https://example.com/#organization`. */
  id: z.url({ protocol: /^https?$/ }).optional(),
  name: z.string().min(1).optional(),
  legalName: z.string().min(1).optional(),
  url: z.url({ protocol: /^https?$/ }).optional(),
  /** A URL, or a path of the site. */
  logo: z.string().min(1).optional(),
  /** The organization's official profiles elsewhere (X, LinkedIn, GitHub...). */
  sameAs: z.array(z.url({ protocol: /^https?$/ })).optional(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** Pages' social images: their colours, a background image under the text, and the font of the text. */
const thumbnailsSchema = z.strictObject({
  appearance: z.enum(['light', 'dark']).optional(),
  background: z.string().min(1).optional(),
  fonts: z.strictObject({ family: z.string().min(1) }).optional(),
});
export type Thumbnails = z.infer<typeof thumbnailsSchema>;

/** What an API page's playground shows: the form and samples, samples only, or neither. */
export const PLAYGROUND_DISPLAYS = ['interactive', 'simple', 'none', 'auth'] as const;
export type PlaygroundDisplay = (typeof PLAYGROUND_DISPLAYS)[number];
/** How the API documented in MDX pages (`api:` frontmatter) takes its credential. */
export const MDX_AUTH_METHODS = ['bearer', 'basic', 'key', 'cobo'] as const;

/**
 * `styling.codeblocks`: `"system"`, `"dark"`, a Shiki theme name, or the theme (one, or one
 * per mode) and the site's own languages. Whether Shiki knows a theme is checked when the
 * site loads (`core/html/code-themes.ts`): an unknown one is a warning.
 */
const codeBlocksSchema = z.union([
  z.string().min(1),
  z.strictObject({
    theme: z.union([z.string().min(1), z.strictObject({ light: z.string().min(1), dark: z.string().min(1) })]).optional(),
    languages: z.strictObject({ custom: z.array(z.string().min(1)).optional() }).optional(),
  }),
]);
export type CodeBlocksSetting = z.infer<typeof codeBlocksSchema>;

export const docsJsonSchema = z.strictObject({
  $schema: z.string().optional(),
  theme: z.enum(THEMES).optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  public: z.boolean().optional(),
  colors: z
    .strictObject({ primary: hexColorSchema, light: hexColorSchema.optional(), dark: hexColorSchema.optional() })
    .optional(),
  logo: z
    .union([
      z.string().min(1),
      z.strictObject({ light: z.string().min(1), dark: z.string().min(1), href: hrefSchema.optional() }),
    ])
    .optional(),
  favicon: z.union([z.string().min(1), z.strictObject({ light: z.string().min(1), dark: z.string().min(1) })]).optional(),
  api: z
    .strictObject({
      openapi: openApiSchema.optional(),
      asyncapi: asyncApiSchema.optional(),
      baseUrl: z.union([z.string(), z.array(z.string())]).optional(),
      params: z.looseObject({ expanded: z.union([z.enum(['all', 'closed']), z.boolean()]).optional() }).optional(),
      playground: z
        .looseObject({
          /** `auth` shows the playground to signed-in readers on Mintlify; a site without sign-in shows samples only. */
          display: z.enum(PLAYGROUND_DISPLAYS).optional(),
          proxy: z.boolean().optional(),
          credentials: z.boolean().optional(),
        })
        .optional(),
      examples: z
        .looseObject({
          languages: z.array(z.string()).optional(),
          defaults: z.enum(['required', 'all']).optional(),
          prefill: z.boolean().optional(),
          autogenerate: z.boolean().optional(),
        })
        .optional(),
      mdx: z
        .looseObject({
          auth: z.looseObject({ method: z.enum(MDX_AUTH_METHODS).optional(), name: z.string().optional() }).optional(),
          server: z.union([z.string(), z.array(z.string())]).optional(),
        })
        .optional(),
      url: z.string().optional(),
    })
    .optional(),
  appearance: z
    .strictObject({ default: z.enum(['system', 'light', 'dark']).optional(), strict: z.boolean().optional() })
    .optional(),
  background: backgroundSchema.optional(),
  navbar: navbarSchema.optional(),
  navigation: navigationSchema,
  footer: footerSchema.optional(),
  search: z.strictObject({ prompt: z.string().optional() }).optional(),
  seo: z
    .strictObject({
      indexing: z.enum(['navigable', 'all']).optional(),
      metatags: z.record(z.string(), z.string()).optional(),
      paths: z.array(looseObject).optional(),
      organization: organizationSchema.optional(),
      /** The host serves pages at `/page/`: the URLs the site gives search engines end with a slash. */
      trailingSlash: z.boolean().optional(),
    })
    .optional(),
  fonts: fontsSchema.optional(),
  icons: z.strictObject({ library: z.enum(ICON_LIBRARIES) }).optional(),
  styling: z
    .strictObject({
      eyebrows: z.enum(['section', 'breadcrumbs']).optional(),
      codeblocks: codeBlocksSchema.optional(),
      latex: z.boolean().optional(),
    })
    .optional(),
  redirects: z
    .array(z.strictObject({ source: z.string().min(1), destination: z.string().min(1), permanent: z.boolean().optional() }))
    .optional(),
  /** The providers' names; each one's value is checked by `core/integrations/`, a warning when wrong. */
  integrations: integrationsKeysSchema.optional(),
  banner: bannerSchema.optional(),
  errors: z
    .looseObject({
      404: z.looseObject({ redirect: z.boolean().optional(), title: z.string().optional(), description: z.string().optional() }).optional(),
    })
    .optional(),
  contextual: z
    .looseObject({
      options: z
        .array(
          z.union([
            z.string(),
            z.looseObject({
              title: z.string().min(1),
              description: z.string().optional(),
              icon: iconSchema.optional(),
              href: z.union([
                z.string().min(1),
                z.looseObject({ base: z.string().min(1), query: z.array(z.looseObject({ key: z.string(), value: z.string() })).optional() }),
              ]),
            }),
          ]),
        )
        .optional(),
      display: z.enum(['header', 'toc']).optional(),
    })
    .optional(),
  thumbnails: thumbnailsSchema.optional(),
  interaction: z.strictObject({ drilldown: z.boolean().optional() }).optional(),
  metadata: looseObject.optional(),
  variables: z.record(z.string(), z.string()).optional(),
  markdown: z
    .looseObject({
      /** Directions to AI agents, at the end of every page's Markdown and in the llms files. */
      instructions: z.union([z.string(), z.array(z.string())]).optional(),
      /** `false` leaves the request and response schemas out of API pages' Markdown. */
      schema: z.boolean().optional(),
    })
    .optional(),
});

export type DocsJson = z.infer<typeof docsJsonSchema>;
