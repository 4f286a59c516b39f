/** The digest of a text (`PageContent.digest`, a rendered page's, a theme's), by which caches know it. */
import { createHash } from 'node:crypto';

export function textDigest(source: string): string {
  return createHash('sha256').update(source).digest('base64url').slice(0, 22);
}
