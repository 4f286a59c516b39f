/**
 * The integration's options, validated once with zod; later features add theirs here.
 */
import * as z from 'zod';

export const optionsSchema = z.strictObject({
  /** The folder holding docs.json, relative to the Astro project root. */
  dir: z.string().min(1).default('.'),
});

export type DocsJsonUserOptions = z.input<typeof optionsSchema>;
export type DocsJsonOptions = z.output<typeof optionsSchema>;
