// Each agent skill's SKILL.md, where the discovery index (`skills.ts`) says it is.
import type { APIContext } from 'astro';
import type { Skill } from '../../core/discovery/skills.ts';
import { siteSkills } from '../render/site-skills.ts';

export function getStaticPaths() {
  return siteSkills(import.meta.env.SITE ? new URL(import.meta.env.SITE) : undefined).all.map((skill) => ({ params: { name: skill.name }, props: { skill } }));
}

export function GET(context: APIContext<{ skill: Skill }>) {
  return new Response(context.props.skill.text, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
}
