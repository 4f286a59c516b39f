// Mermaid's browser build, for the diagram script (build/mermaid-files.ts): a route of
// sites with diagrams, in `astro dev` only. A build copies the files into its output after
// the pages instead (`copyMermaid`, build/output-files.ts), in one pass: as a prerendered
// route, each of the hundred files was rendered on its own, a noticeable part of a small
// site's build.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIContext } from 'astro';
import { mermaidBuild } from '../build/mermaid-files.ts';

const build = mermaidBuild();
const served = new Set(build.files.map((file) => `${build.version}/${file}`));

// A prerendered route (a site may have no adapter): `astro dev` serves the paths listed here.
export function getStaticPaths() {
  return [...served].map((file) => ({ params: { file } }));
}

export async function GET({ params }: APIContext) {
  const file = params.file ?? '';
  if (!served.has(file)) return new Response('Not found', { status: 404 });
  const code = await readFile(path.join(build.dir, file.slice(build.version.length + 1)));
  return new Response(code, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
}
