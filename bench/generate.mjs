// Synthetic documentation for the benchmark: N pages in 20 groups, each about 600 words
// with three `##` sections, a code block, a table and a few links (text.mjs), either plain
// Markdown or Mintlify-style MDX with components and snippets (mintlify.mjs). The same
// pages are written as an astro-docs-json site and as a Starlight site.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setAside } from './set-aside.mjs';
import { ASTRO_ALONE, MINTLIFY, STARLIGHT, astroAloneFiles, mintlifyPage, snippetFiles } from './mintlify.mjs';
import { pageTitle, random, sections, sentence } from './text.mjs';

export const GROUPS = 20;
const SITE = 'https://bench.example.com';

/** The page set: `{ group, slug }` for N pages spread over the groups. */
export function pageSet(pages) {
  return Array.from({ length: pages }, (_, index) => ({
    group: index % GROUPS,
    slug: `g${String(index % GROUPS).padStart(2, '0')}/page-${String(Math.floor(index / GROUPS)).padStart(4, '0')}`,
    index,
  }));
}

function plainPage(page, all, prefix, next) {
  return `---\ntitle: ${pageTitle(page)}\ndescription: ${sentence(next)}\n---\n\n${sections(page, all, prefix, next).join('\n\n')}\n`;
}

/** Each kind of content (`--content`): its pages' extension, how each site writes a page, and our extra files. */
export const CONTENT = {
  plain: { extension: 'md', ours: plainPage, starlight: plainPage, astroAlone: plainPage, files: () => ({}) },
  mintlify: {
    extension: 'mdx',
    ours: (...page) => mintlifyPage(...page, MINTLIFY),
    starlight: (...page) => mintlifyPage(...page, STARLIGHT),
    astroAlone: (...page) => mintlifyPage(...page, ASTRO_ALONE),
    files: snippetFiles,
  },
};

/** Version and language folders: `v1/en`, ... (none for a single copy). */
export function copies(versions, languages) {
  const codes = ['en', 'fr', 'de', 'es', 'ja', 'ko', 'it', 'pt', 'nl', 'sv'];
  const list = [];
  for (let v = 0; v < versions; v++) {
    for (let l = 0; l < languages; l++) {
      list.push({ version: versions > 1 ? `v${versions - v}` : undefined, language: languages > 1 ? codes[l] : undefined });
    }
  }
  return list;
}

const folderOf = (copy) => [copy.version, copy.language].filter(Boolean).join('/');

function writeFile(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

export function generateOurs(dir, { pages, versions = 1, languages = 1, search = true, content = 'plain', socialImages = true, renderWorkers }) {
  setAside(dir);
  const kind = CONTENT[content];
  const set = pageSet(pages);
  const groupsFor = (folder) =>
    Array.from({ length: GROUPS }, (_, group) => ({
      group: `Group ${group + 1}`,
      pages: set.filter((page) => page.group === group).map((page) => (folder ? `${folder}/${page.slug}` : page.slug)),
    }));
  const list = copies(versions, languages);
  for (const copy of list) {
    const folder = folderOf(copy);
    const next = random(7);
    for (const page of set) {
      writeFile(path.join(dir, 'docs', folder, `${page.slug}.${kind.extension}`), kind.ours(page, set, folder ? `/${folder}` : '', next));
    }
  }
  for (const [file, text] of Object.entries(kind.files())) writeFile(path.join(dir, 'docs', file), text);
  let navigation;
  if (versions === 1 && languages === 1) navigation = { groups: groupsFor('') };
  else {
    const versionList = (language) =>
      Array.from({ length: versions }, (_, v) => ({
        version: `v${versions - v}`,
        groups: groupsFor([`v${versions - v}`, language].filter(Boolean).join('/')),
      }));
    navigation =
      languages > 1
        ? { versions: Array.from({ length: versions }, (_, v) => ({ version: `v${versions - v}`, languages: copies(1, languages).map((copy) => ({ language: copy.language, groups: groupsFor([versions > 1 ? `v${versions - v}` : undefined, copy.language].filter(Boolean).join('/')) })) })) }
        : { versions: versionList(undefined) };
  }
  writeFile(path.join(dir, 'docs', 'docs.json'), JSON.stringify({ name: 'Benchmark', description: 'A synthetic site.', navigation }, null, 2));
  writeFile(
    path.join(dir, 'astro.config.mjs'),
    `import docsJson from 'astro-docs-json';\nexport default { site: '${SITE}', integrations: [docsJson({ dir: './docs', search: ${search}, socialImages: ${socialImages}${renderWorkers === undefined ? '' : `, renderWorkers: ${renderWorkers}`} })] };\n`,
  );
  return pages * list.length;
}

export function generateStarlight(dir, { pages, search = true, content = 'plain' }) {
  setAside(dir);
  const kind = CONTENT[content];
  const set = pageSet(pages);
  const next = random(7);
  for (const page of set) {
    writeFile(path.join(dir, 'src/content/docs', `${page.slug}.${kind.extension}`), kind.starlight(page, set, '', next));
  }
  writeFile(
    path.join(dir, 'src/content.config.ts'),
    `import { defineCollection } from 'astro:content';\nimport { docsLoader } from '@astrojs/starlight/loaders';\nimport { docsSchema } from '@astrojs/starlight/schema';\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n`,
  );
  const sidebar = Array.from({ length: GROUPS }, (_, group) => ({ label: `Group ${group + 1}`, items: [{ autogenerate: { directory: `g${String(group).padStart(2, '0')}` } }] }));
  writeFile(
    path.join(dir, 'astro.config.mjs'),
    `import starlight from '@astrojs/starlight';\nexport default { site: '${SITE}', integrations: [starlight({ title: 'Benchmark', pagefind: ${search}, sidebar: ${JSON.stringify(sidebar)} })] };\n`,
  );
  return pages;
}

/**
 * The same pages as an Astro site with `@astrojs/mdx` alone (`--astro-alone`): a blank
 * layout, Mintlify's components as stubs, code highlighted by Shiki in the two themes ours
 * uses by default. What any Astro site spends on these pages before it draws a docs site.
 */
export function generateAstroAlone(dir, { pages, content = 'plain' }) {
  setAside(dir);
  const kind = CONTENT[content];
  const set = pageSet(pages);
  const next = random(7);
  for (const page of set) {
    const text = kind.astroAlone(page, set, '', next).replace(/^---\n/, '---\nlayout: ../../layouts/Page.astro\n');
    writeFile(path.join(dir, 'src/pages', `${page.slug}.${kind.extension}`), text);
  }
  for (const [file, text] of Object.entries(astroAloneFiles())) writeFile(path.join(dir, file), text);
  writeFile(path.join(dir, 'astro.config.mjs'), astroAloneConfig());
  return pages;
}

/** Astro alone's configuration: `@astrojs/mdx`, Shiki's two themes, and Astro's incremental build if `incremental`. */
const astroAloneConfig = ({ incremental = false } = {}) =>
  `import mdx from '@astrojs/mdx';\nexport default { site: '${SITE}', integrations: [mdx()], markdown: { shikiConfig: { themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: false } }${incremental ? ', experimental: { incrementalBuild: true }' : ''} };\n`;

/**
 * The same Astro-alone site as a content collection (`--rebuild --astro-alone`), as an Astro
 * user writes it to get incremental builds: Astro skips only pages of a dynamic route whose
 * `getStaticPaths()` gives a `cacheKey` (static `src/pages/*.mdx` get none and are always
 * rendered). The MDX pages are a glob loader's collection, and `src/pages/[...slug].astro`
 * renders each entry, keyed by its digest, in the same blank layout with the same stubs, at
 * the same URL; `experimental.incrementalBuild` is on. `docs` is the collection's folder, for
 * editing a page.
 */
export function generateAstroAloneCollection(dir, { pages, content = 'plain' }) {
  setAside(dir);
  const kind = CONTENT[content];
  const set = pageSet(pages);
  const next = random(7);
  const docs = path.join(dir, 'src/content/docs');
  for (const page of set) writeFile(path.join(docs, `${page.slug}.${kind.extension}`), kind.astroAlone(page, set, '', next));
  for (const [file, text] of Object.entries(astroAloneFiles())) writeFile(path.join(dir, file), text);
  writeFile(
    path.join(dir, 'src/content.config.ts'),
    `import { defineCollection } from 'astro:content';\nimport { glob } from 'astro/loaders';\nexport const collections = { docs: defineCollection({ loader: glob({ pattern: '**/*.${kind.extension}', base: './src/content/docs' }) }) };\n`,
  );
  writeFile(
    path.join(dir, 'src/pages/[...slug].astro'),
    `---\nimport { getCollection, render } from 'astro:content';\nimport Page from '../layouts/Page.astro';\nexport async function getStaticPaths() {\n  const entries = await getCollection('docs');\n  return entries.map((entry) => ({ params: { slug: entry.id }, props: { entry }, cacheKey: entry.digest }));\n}\nconst { entry } = Astro.props;\nconst { Content } = await render(entry);\n---\n<Page frontmatter={entry.data}><Content /></Page>\n`,
  );
  writeFile(path.join(dir, 'astro.config.mjs'), astroAloneConfig({ incremental: true }));
  return { pages, docs };
}
