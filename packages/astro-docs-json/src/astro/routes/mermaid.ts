// Mermaid's browser build, for the diagram script (build/mermaid-files.ts): a route of
// sites with diagrams only.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIContext } from 'astro';
import { mermaidBuild } from '../build/mermaid-files.ts';

const build = mermaidBuild();
const served = new Set(build.files.map((file) => `${build.version}/${file}`));

// Each file's path holds Mermaid's version, which fixes its text: its key for Astro's
// incremental build, which a rebuild then leaves in place rather than writing 5 MB again.
export function getStaticPaths() {
  return [...served].map((file) => ({ params: { file }, cacheKey: file }));
}

export async function GET({ params }: APIContext) {
  const file = params.file ?? '';
  if (!served.has(file)) return new Response('Not found', { status: 404 });
  const code = await readFile(path.join(build.dir, file.slice(build.version.length + 1)));
  return new Response(code, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
}
