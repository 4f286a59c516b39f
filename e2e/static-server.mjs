#!/usr/bin/env node
// Serves a built static site's folder as a static host does: `/x` is `/x/index.html` or
// `/x.html`, and a missing file is the site's 404 page. `astro preview` serves one build
// of a project root at a time; the themes fixture is one root built into a folder per
// theme (e2e/fixtures/themes), served side by side with this.
//
//   node e2e/static-server.mjs --dir e2e/fixtures/themes/dist-linden --port 4336
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
};

/** Listens on `port` (0: any free one) on 127.0.0.1; resolves to the server once it listens. */
export function serveFolder(folder, port = 0) {
  const root = resolve(folder);
  const fileFor = (path) =>
    [path, join(path, 'index.html'), `${path}.html`]
      .map((candidate) => join(root, candidate))
      .find((candidate) => (candidate === root || candidate.startsWith(root + sep)) && existsSync(candidate) && statSync(candidate).isFile());
  const server = createServer((request, response) => {
    let path;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      return response.writeHead(400).end();
    }
    const file = fileFor(path);
    const notFound = file ? undefined : fileFor('/404.html');
    if (!file && !notFound) return response.writeHead(404).end();
    response.writeHead(file ? 200 : 404, { 'content-type': TYPES[extname(file ?? notFound)] ?? 'application/octet-stream' });
    createReadStream(file ?? notFound).pipe(response);
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, port: { type: 'string' } } });
  if (!values.dir || !values.port) throw new Error('Usage: static-server.mjs --dir <folder> --port <port>');
  const server = await serveFolder(values.dir, Number(values.port));
  console.log(`Serving ${values.dir} at http://127.0.0.1:${server.address().port}/`);
}
