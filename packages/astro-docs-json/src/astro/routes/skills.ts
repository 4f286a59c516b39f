// Agent skills: `/skill.md`, and the discovery index at `/.well-known/agent-skills/index.json`
// (and the older `/.well-known/skills/index.json`) that lists them (`skill-file.ts` serves each).
import type { APIContext } from 'astro';
import { skillIndex } from '../../core/discovery/skills.ts';
import { hrefFor } from '../../core/paths/href.ts';
import { data } from '../render/site-data.ts';
import { siteSkills } from '../render/site-skills.ts';

export function GET(context: APIContext) {
  const { root, all } = siteSkills(context.site);
  const { pathname } = context.url;
  if (pathname.endsWith('/skill.md')) return new Response(root.text, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
  const current = pathname.includes('/agent-skills/');
  const index = skillIndex(all, hrefFor(current ? '/.well-known/agent-skills' : '/.well-known/skills', data.base));
  return Response.json(current ? index.current : index.legacy);
}
