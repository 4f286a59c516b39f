/**
 * `astro:server:setup`: `astro dev` serves the docs folder's images and files at the same
 * paths as the build copies them to, and nothing outside the docs folder.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { HookParameters } from 'astro';
import { isAssetPath } from '../../core/pages/assets.ts';
import { fileStatus } from '../../core/pages/references.ts';
import type { IntegrationState } from './state.ts';

export function serveDocsFiles(state: IntegrationState, { server }: HookParameters<'astro:server:setup'>): void {
  server.middlewares.use(async (request, response, next) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname).replace(/^\/+/, '');
    } catch {
      return next(); // a malformed escape names no file
    }
    const file = path.join(state.docsDir, pathname);
    // By real path: a link in the docs folder that leads out is not served.
    if (!isAssetPath(state.docsDir, pathname, state.assetOptions) || fileStatus(state.docsDir, file) !== 'inside') return next();
    response.setHeader('Content-Type', contentType(pathname));
    response.end(readFileSync(file));
  });
}

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  json: 'application/json',
  yaml: 'text/yaml; charset=utf-8',
  yml: 'text/yaml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

function contentType(file: string): string {
  return CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
