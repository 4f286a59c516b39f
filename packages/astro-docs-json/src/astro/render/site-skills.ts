/**
 * The site's agent skills (`core/discovery/skills.ts`): the docs folder's own (`skill.md`,
 * `.mintlify/skills/<name>/SKILL.md`, inside the docs folder by real path), or the one
 * derived from the docs. Read once per build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { derivedSkill, writtenSkill, type Skill } from '../../core/discovery/skills.ts';
import { fileStatus } from '../../core/pages/references.ts';
import { data } from './site-data.ts';

let skills: { root: Skill; all: Skill[] } | undefined;

/** `root` is what `/skill.md` serves; `all`, the skills the discovery index lists, each name once. */
export function siteSkills(site: URL | undefined): { root: Skill; all: Skill[] } {
  if (skills) return skills;
  const own = readOwn('skill.md', 'skill');
  const root = own ?? derivedSkill(data.model, { ...(site ? { siteUrl: site.origin } : {}), base: data.base });
  const named = new Map([[root.name, root]]);
  for (const folder of listFolder('.mintlify/skills')) {
    const skill = readOwn(`.mintlify/skills/${folder}/SKILL.md`, folder);
    if (skill && !named.has(skill.name)) named.set(skill.name, skill);
  }
  skills = { root, all: [...named.values()] };
  return skills;
}

function readOwn(file: string, name: string): Skill | undefined {
  const full = path.join(data.docsDir, file);
  if (fileStatus(data.docsDir, full) !== 'inside') return undefined;
  try {
    return writtenSkill(readFileSync(full, 'utf8'), name);
  } catch {
    return undefined;
  }
}

function listFolder(folder: string): string[] {
  const full = path.join(data.docsDir, folder);
  if (fileStatus(data.docsDir, full) !== 'inside') return [];
  try {
    return readdirSync(full).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
}
