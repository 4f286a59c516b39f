// Deterministic text for the benchmark's pages: every run writes the same words, so the
// figures of two runs (and of two kinds of content) compare like with like.

const WORDS = (
  'documentation page build site route navigation sidebar group version language search index crawler ' +
  'markdown component schema request response header parameter token client server cache deploy static ' +
  'preview release change guide reference example configure install update migrate option value field ' +
  'error warning check result output input folder file path link anchor section table code block label'
).split(' ');

/** A small deterministic generator, so that every run writes the same pages. */
export function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** One of `list`, drawn with `next`. */
export const pick = (next, list) => list[Math.floor(next() * list.length)];

const capitalize = (word) => `${word[0].toUpperCase()}${word.slice(1)}`;

export function sentence(next) {
  const length = 8 + Math.floor(next() * 10);
  const words = Array.from({ length }, () => pick(next, WORDS));
  return `${capitalize(words[0])} ${words.slice(1).join(' ')}.`;
}

export function paragraph(next, sentences) {
  return Array.from({ length: sentences }, () => sentence(next)).join(' ');
}

/** A short title of 2 to 4 words ("Deploy cache token"), for components' titles. */
export function title(next) {
  const words = Array.from({ length: 2 + Math.floor(next() * 3) }, () => pick(next, WORDS));
  return [capitalize(words[0]), ...words.slice(1)].join(' ');
}

/** A word that names something in code (`token`), for fields and tabs. */
export const word = (next) => pick(next, WORDS);

export const pageTitle = (page) => `Page ${page.index + 1} of group ${page.group + 1}`;

/**
 * The Markdown of a plain page, about 600 words in four parts: an introduction, then
 * three `##` sections with a code block, a table and links to other pages (`prefix` is
 * the copy's folder, `/v2/fr`, or ''). Mintlify pages put their components between them.
 */
export function sections(page, all, prefix, next) {
  const link = () => {
    const target = pick(next, all);
    return `[${target.slug}](${prefix}/${target.slug})`;
  };
  return [
    paragraph(next, 5),
    `## Overview

${paragraph(next, 6)} See ${link()} and ${link()}.

${paragraph(next, 5)}`,
    `## Configuration

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
| \`search\` | boolean | \`true\` |`,
    `## Details

${paragraph(next, 6)} Read more in ${link()}.

${paragraph(next, 5)}`,
  ];
}
