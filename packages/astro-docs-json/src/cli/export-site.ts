/**
 * `export`: the site built and zipped so that a reader unzips it and opens `index.html`
 * from disk: links and assets relative (`core/export/relative-links.ts`; icons need nothing
 * more, as the icon style sheet holds their SVGs), and on every page a note, shown only
 * from disk, that search and the MCP connection need the folder served.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { filesOfPaths, relativeCss, relativeHtml } from '../core/export/relative-links.ts';
import { zipArchive, type ZipEntry } from '../core/export/zip.ts';
import { buildSite } from './site-commands.ts';

/** The zip format without its 64-bit extension: larger sites are served, not unzipped. */
const ZIP_LIMITS = { entries: 65_535, bytes: 0xffff_ffff };

export async function exportSite(docsDir: string, output: string): Promise<number> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'astro-docs-json-export-'));
  try {
    const site = path.join(work, 'site');
    const built = await buildSite({ docsDir, outDir: site });
    if (built !== 0) return built;
    const entries = fromDiskEntries(site);
    const size = entries.reduce((total, entry) => total + entry.data.length, 0);
    if (entries.length > ZIP_LIMITS.entries || size > ZIP_LIMITS.bytes) {
      process.stderr.write(`The site has ${entries.length} files (${Math.round(size / 2 ** 20)} MiB): more than a zip holds. Build it (astro-docs-json build) and serve the folder instead.\n`);
      return 1;
    }
    writeFileSync(output, zipArchive(entries));
    process.stdout.write(`\nExported ${entries.length} files to ${path.relative(process.cwd(), output) || output}: unzip it and open index.html, or serve the folder (npx astro-docs-json preview FOLDER) for search too.\n`);
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The built files, their pages and style sheets rewritten for reading from disk, in a stable order. */
function fromDiskEntries(site: string): ZipEntry[] {
  const files = readdirSync(site, { recursive: true })
    .map((name) => String(name).split(path.sep).join('/'))
    .filter((name) => statSync(path.join(site, name)).isFile())
    .sort();
  const fileOf = filesOfPaths(files);
  // Icons need nothing more: the icon style sheet holds their SVGs (`IconRegistry.stylesheet`).
  const forDisk = (html: string, name: string) => withDiskNote(relativeHtml(html, name, fileOf));
  return files.map((name) => {
    const bytes = readFileSync(path.join(site, name));
    if (name.endsWith('.html')) return { name, data: Buffer.from(forDisk(bytes.toString('utf8'), name)) };
    if (name.endsWith('.css')) return { name, data: Buffer.from(relativeCss(bytes.toString('utf8'), name, fileOf)) };
    return { name, data: bytes };
  });
}

/** A note at the top of the page, shown only when it is read from disk, where browsers run no module scripts. */
const DISK_NOTE =
  '<p id="from-disk" role="note" hidden style="margin:0;padding:.5rem 1rem;background:#fef3c7;color:#422006;font:14px/1.4 system-ui,sans-serif">' +
  'Read from disk, this copy shows its pages, styles, images and navigation. What needs scripts (search, the theme switch, copy buttons, the API playground, the AI assistant connection) works when the folder is served: <code>npx astro-docs-json preview</code> in it.</p>' +
  "<script>if(location.protocol==='file:')document.getElementById('from-disk').hidden=false</script>";

function withDiskNote(html: string): string {
  return html.replace(/<body\b[^>]*>/, (body) => `${body}${DISK_NOTE}`);
}
