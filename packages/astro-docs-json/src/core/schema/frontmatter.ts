/**
 * Page frontmatter. Keys Mintlify documents are typed; any other key is kept, since
 * pages carry `og:*` and custom metadata.
 */
import * as z from 'zod';
import { iconSchema } from './docs-json.ts';

/** YAML reads `title: 404` as a number; a title is text all the same. */
const text = z.union([z.string(), z.number()]).transform(String);

export const frontmatterSchema = z.looseObject({
  title: text.optional(),
  description: text.optional(),
  sidebarTitle: text.optional(),
  icon: iconSchema.optional(),
  iconType: z.string().optional(),
  tag: text.optional(),
  hidden: z.boolean().optional(),
  noindex: z.boolean().optional(),
  openapi: z.string().optional(),
  api: z.string().optional(),
  mode: z.enum(['default', 'wide', 'custom', 'center', 'frame']).optional(),
  url: z.string().optional(),
  deprecated: z.boolean().optional(),
  keywords: z.array(z.string()).optional(),
  canonical: z.string().optional(),
  robots: z.string().optional(),
});

export type Frontmatter = z.infer<typeof frontmatterSchema>;
