/**
 * The `sdk` setting: on a tab or group of docs.json, the documentation artifact of an SDK
 * (TypeDoc JSON, DocFX YAML...) from which reference pages are generated; in a page's
 * frontmatter, the one symbol of it the page documents below its own content. A module of
 * its own so that docs.json and frontmatter share one definition.
 */
import * as z from 'zod';

/** The documentation tools whose artifacts Mintlify reads. */
export const SDK_FORMATS = ['typedoc', 'docfx', 'javadoc', 'sphinx', 'phpdoc'] as const;
export type SdkFormat = (typeof SDK_FORMATS)[number];

/** The URL folder of generated pages when `directory` is not set. */
export const DEFAULT_SDK_DIRECTORY = 'sdk-reference';

const sourceSchema = z
  .string()
  .min(1)
  .refine((source) => !/^http:\/\//i.test(source), 'An artifact named by URL is fetched over HTTPS only: write `https://`.');

export const sdkSettingSchema = z.strictObject(
  {
    format: z.enum(SDK_FORMATS, { error: `\`format\` is one of ${SDK_FORMATS.map((f) => `\`${f}\``).join(', ')}.` }),
    source: sourceSchema,
    directory: z.string().min(1).optional(),
  },
  { error: '`sdk` is an object with `format`, `source` and an optional `directory`.' },
);
export type SdkSetting = z.infer<typeof sdkSettingSchema>;

/** The kinds of symbol a page's `sdk` frontmatter may name. */
export const SDK_SYMBOL_KINDS = ['class', 'interface', 'enum', 'function', 'type', 'variable', 'method', 'property'] as const;
export type SdkSymbolKind = (typeof SDK_SYMBOL_KINDS)[number];

/** The object form of `sdk` frontmatter; the string form is `[source] kind name`. */
export const sdkSymbolSchema = z.strictObject({
  kind: z.enum(SDK_SYMBOL_KINDS),
  name: z.string().min(1),
  parent: z.string().min(1).optional(),
  format: z.enum(SDK_FORMATS).optional(),
  source: sourceSchema.optional(),
});
export type SdkSymbolSetting = z.infer<typeof sdkSymbolSchema>;

export const sdkFrontmatterSchema = z.union([z.string().min(1), sdkSymbolSchema], {
  error: '`sdk` is a symbol such as "class Client" or "method Client.getUser", or an object with `kind`, `name` and optionally `parent`, `format` and `source`.',
});
export type SdkFrontmatter = z.infer<typeof sdkFrontmatterSchema>;
