/**
 * Agent skills (agentskills.io): what an agent can do with the product the docs describe,
 * at `/skill.md` and in the discovery index of `/.well-known/agent-skills/` (and the older
 * `/.well-known/skills/`). The docs folder's own `skill.md` and `.mintlify/skills/<name>/SKILL.md`
 * are published as they are; without a `skill.md`, one is derived from the docs at build
 * time (the site's description, its sections and pages, its API operations), with no
 * language model involved, and it says so.
 */
import { createHash } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { slugify } from '../openapi/slug.ts';
import type { PageView, SiteModel } from '../site/site-model.ts';
import { markdownUrl } from '../paths/page-path.ts';
import { sectionLists } from './llms.ts';
import { hrefFor } from '../paths/href.ts';

export interface Skill {
  name: string;
  description: string;
  /** The SKILL.md file, frontmatter included. */
  text: string;
}

/** The discovery index's version this site writes (Cloudflare's RFC, adopted by agentskills.io). */
const INDEX_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
/** A skill's body is read whole into an agent's context: a few thousand words at most. */
const MAX_PAGES_PER_LIST = 12;
const MAX_OPERATIONS = 60;
const MAX_DESCRIPTION = 1024;

/** The agentskills.io rules for a name: lowercase letters, digits and single hyphens, 64 at most. */
export function skillName(text: string): string {
  return slugify(text).replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 64).replace(/-$/, '') || 'docs';
}

/** A skill file of the docs folder, read for its name and description; none without them. */
export function writtenSkill(text: string, fallbackName: string): Skill | undefined {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  let fields: Record<string, unknown> = {};
  try {
    fields = (frontmatter ? parseYaml(frontmatter) : {}) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const description = typeof fields.description === 'string' ? fields.description : undefined;
  if (!description) return undefined;
  return { name: skillName(typeof fields.name === 'string' ? fields.name : fallbackName), description, text };
}

/** The skill derived from the docs: their default version and language, as llms.txt lists them. */
export function derivedSkill(model: SiteModel, address: { siteUrl?: string; base: string }): Skill {
  const absolute = (url: string) => `${address.siteUrl ?? ''}${hrefFor(url, address.base)}`;
  const pages = new Map(model.pages.map((page) => [page.url, page]));
  const name = skillName(model.name);
  const description = (model.description ?? `Use ${model.name}: what its documentation says it does, where to read how, and its API.`).replace(/\s+/g, ' ').trim().slice(0, MAX_DESCRIPTION);
  const item = (page: PageView) => `- [${page.title}](${absolute(markdownUrl(page.url))})${page.description ? `: ${page.description.replace(/\s+/g, ' ').trim()}` : ''}`;
  const lines = [
    '---',
    `name: ${name}`,
    `description: ${JSON.stringify(description)}`,
    '---',
    '',
    `# ${model.name}`,
    '',
    description,
    '',
    `This skill is derived from the documentation of ${model.name} when the site is built, without a language model: its sections and pages, and its API operations. Read the pages it links for how to do each thing.`,
  ];
  const inScope = (page: PageView) => page.version === model.defaultVersion && page.language === model.defaultLanguage;
  const topics = model.sections.filter((section) => section.version === model.defaultVersion && section.language === model.defaultLanguage).flatMap(sectionLists);
  const guides = topics.map(({ title, urls }) => ({ title, pages: urls.map((url) => pages.get(url)).filter((page): page is PageView => !!page && page.indexable && !page.operation && !page.graphql) })).filter((list) => list.pages.length);
  if (guides.length) {
    lines.push('', '## What you can do');
    for (const { title, pages: listed } of guides) lines.push('', `### ${title}`, '', ...listed.slice(0, MAX_PAGES_PER_LIST).map(item), ...(listed.length > MAX_PAGES_PER_LIST ? [`- and ${listed.length - MAX_PAGES_PER_LIST} more pages: see llms.txt`] : []));
  }
  const operations = model.pages.filter((page) => page.operation && page.indexable && inScope(page));
  if (operations.length) {
    lines.push('', '## API operations', '');
    for (const page of operations.slice(0, MAX_OPERATIONS)) lines.push(`- \`${page.operation!.method} ${page.operation!.path}\`: [${page.title}](${absolute(markdownUrl(page.url))})`);
    if (operations.length > MAX_OPERATIONS) lines.push(`- and ${operations.length - MAX_OPERATIONS} more operations: see llms.txt`);
  }
  lines.push(...graphqlOperationList(model.pages.filter((page) => page.graphql && page.graphql.kind !== 'type' && page.indexable && inScope(page)), absolute));
  lines.push('', '## Where to read more', '', `- Every page, listed: ${absolute('/llms.txt')}`, `- Every page, whole: ${absolute('/llms-full.txt')}`, '- Any page as Markdown: its address followed by `.md`');
  return { name, description, text: `${lines.join('\n')}\n` };
}

/** The operations of GraphQL pages (not their types), like the API operations above. */
function graphqlOperationList(pages: readonly PageView[], absolute: (url: string) => string): string[] {
  if (!pages.length) return [];
  const lines = ['', '## GraphQL operations', ''];
  for (const page of pages.slice(0, MAX_OPERATIONS)) lines.push(`- \`${page.graphql!.kind} ${page.graphql!.name}\`: [${page.title}](${absolute(markdownUrl(page.url))})`);
  if (pages.length > MAX_OPERATIONS) lines.push(`- and ${pages.length - MAX_OPERATIONS} more operations: see llms.txt`);
  return lines;
}

/** The discovery index of `skills`, whose files are at `<folder>/<name>/SKILL.md`. */
export function skillIndex(skills: readonly Skill[], folder: string): { current: object; legacy: object } {
  return {
    current: {
      $schema: INDEX_SCHEMA,
      skills: skills.map((skill) => ({ name: skill.name, type: 'skill-md', description: skill.description, url: `${folder}/${skill.name}/SKILL.md`, digest: `sha256:${createHash('sha256').update(skill.text).digest('hex')}` })),
    },
    // The index's first form, which clients still read at `/.well-known/skills/`.
    legacy: { skills: skills.map((skill) => ({ name: skill.name, description: skill.description, files: ['SKILL.md'] })) },
  };
}
