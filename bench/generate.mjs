// Synthetic documentation for the benchmark: N pages in 20 groups, each about 600 words
// with three `##` sections, a code block, a table and a few links. The same pages are
// written as an astro-docs-json site and as a Starlight site.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const GROUPS = 20;
const SITE = 'https://bench.example.com';

const WORDS = (
  'documentation page build site route navigation sidebar group version language search index crawler ' +
  'markdown component schema request response header parameter token client server cache deploy static ' +
  'preview release change guide reference example configure install update migrate option value field ' +
  'error warning check result output input folder file path link anchor section table code block label'
).split(' ');

/** A small deterministic generator, so that every run writes the same pages. */
function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

function sentence(next) {
  const length = 8 + Math.floor(next() * 10);
  const words = Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)]);
  return `${words[0][0].toUpperCase()}${words[0].slice(1)} ${words.slice(1).join(' ')}.`;
}

function paragraph(next, sentences) {
  return Array.from({ length: sentences }, () => sentence(next)).join(' ');
}

/** The page set: `{ group, slug }` for N pages spread over the groups. */
export function pageSet(pages) {
  return Array.from({ length: pages }, (_, index) => ({
    group: index % GROUPS,
    slug: `g${String(index % GROUPS).padStart(2, '0')}/page-${String(Math.floor(index / GROUPS)).padStart(4, '0')}`,
    index,
  }));
}

function body(page, all, prefix, next) {
  const link = () => {
    const target = all[Math.floor(next() * all.length)];
    return `[${target.slug}](${prefix}/${target.slug})`;
  };
  return `${paragraph(next, 5)}

## Overview

${paragraph(next, 6)} See ${link()} and ${link()}.

${paragraph(next, 5)}

## Configuration

${paragraph(next, 6)}

\`\`\`js
import { build } from 'example';

const result = await build({ page: ${page.index}, group: ${page.group} });
console.log(result.pages, result.errors);
\`\`\`

| Option | Type | Default |
| --- | --- | --- |
| \`pages\` | number | \`${page.index}\` |
| \`group\` | string | \`g${page.group}\` |
| \`search\` | boolean | \`true\` |

## Details

${paragraph(next, 6)} Read more in ${link()}.

${paragraph(next, 5)}
`;
}

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

export function generateOurs(dir, { pages, versions = 1, languages = 1, search = true }) {
  rmSync(dir, { recursive: true, force: true });
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
      writeFile(
        path.join(dir, 'docs', folder, `${page.slug}.md`),
        `---\ntitle: Page ${page.index + 1} of group ${page.group + 1}\ndescription: ${sentence(next)}\n---\n\n${body(page, set, folder ? `/${folder}` : '', next)}`,
      );
    }
  }
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
    `import docsJson from 'astro-docs-json';\nexport default { site: '${SITE}', integrations: [docsJson({ dir: './docs', search: ${search} })] };\n`,
  );
  return pages * list.length;
}

export function generateStarlight(dir, { pages, search = true }) {
  rmSync(dir, { recursive: true, force: true });
  const set = pageSet(pages);
  const next = random(7);
  for (const page of set) {
    writeFile(
      path.join(dir, 'src/content/docs', `${page.slug}.md`),
      `---\ntitle: Page ${page.index + 1} of group ${page.group + 1}\ndescription: ${sentence(next)}\n---\n\n${body(page, set, '', next)}`,
    );
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
