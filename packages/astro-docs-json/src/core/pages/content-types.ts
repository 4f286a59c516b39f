/**
 * A file's media type by its extension: what `astro dev` serves the docs folder's files
 * with, what the score takes a built file to be served as, and which images a social image
 * can draw. One table, so that they agree.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'text/yaml; charset=utf-8',
  yml: 'text/yaml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** The type of a file by its name (a query or fragment after it ignored); `undefined` for an extension not listed. */
export function knownContentType(file: string): string | undefined {
  const name = file.split(/[?#]/)[0]!;
  const dot = name.lastIndexOf('.');
  return dot < 0 || dot < name.lastIndexOf('/') ? undefined : CONTENT_TYPES[name.slice(dot + 1).toLowerCase()];
}

export const contentTypeOf = (file: string): string => knownContentType(file) ?? 'application/octet-stream';
