// Agent skills: the one derived from the docs, the docs' own, and the discovery index.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { derivedSkill, skillIndex, skillName, writtenSkill } from '../src/core/discovery/skills.ts';
import { buildSiteModel } from '../src/core/site/site-model.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { makeDocs, pages } from './helpers.ts';

describe('agent skills', () => {
  it('derives one from the navigation and the API, with the frontmatter agentskills.io asks for', async () => {
    const site = await loadSite(
      makeDocs({
        'docs.json': {
          name: 'Acme Widgets!',
          description: 'Make and ship widgets.',
          navigation: { groups: [{ group: 'Start', pages: ['index', 'guides/make'] }, { group: 'API', openapi: 'openapi.json', pages: ['GET /widgets'] }] },
        },
        'index.mdx': '---\ntitle: Home\ndescription: Where to begin.\n---\n',
        'guides/make.mdx': '---\ntitle: Make a widget\n---\n',
        ...pages('unlisted'),
        'openapi.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'A', version: '1' }, paths: { '/widgets': { get: { summary: 'List widgets', responses: { 200: { description: 'ok' } } } } } }),
      }),
    );
    const skill = derivedSkill(buildSiteModel(site), { siteUrl: 'https://docs.acme.example', base: '' });
    const frontmatter = parseYaml(/^---\n([\s\S]*?)\n---/.exec(skill.text)![1]!) as Record<string, unknown>;
    assert.deepEqual(frontmatter, { name: 'acme-widgets', description: 'Make and ship widgets.' });
    assert.match(skill.text, /without a language model/);
    assert.match(skill.text, /### Start\n\n- \[Home\]\(https:\/\/docs\.acme\.example\/index\.md\): Where to begin\.\n- \[Make a widget\]\(https:\/\/docs\.acme\.example\/guides\/make\.md\)/);
    assert.match(skill.text, /## API operations\n\n- `GET \/widgets`: \[List widgets\]\(https:\/\/docs\.acme\.example\/api-reference\/list-widgets\.md\)/);
    // No page outside the navigation.
    assert.doesNotMatch(skill.text, /unlisted/);
  });

  it("reads the docs' own skill files by their frontmatter, and names them as agentskills.io allows", () => {
    assert.deepEqual(writtenSkill('---\nname: Payments API\ndescription: Take payments.\n---\n\nBody', 'x'), { name: 'payments-api', description: 'Take payments.', text: '---\nname: Payments API\ndescription: Take payments.\n---\n\nBody' });
    assert.equal(writtenSkill('---\nname: x\n---\nNo description', 'x'), undefined);
    assert.equal(writtenSkill('No frontmatter', 'x'), undefined);
    assert.equal(skillName('--Weird__Name--'), 'weird-name');
    assert.equal(skillName('a'.repeat(80)).length, 64);
  });

  it('lists the skills in the discovery index, each with the digest of its file', () => {
    const skill = { name: 'acme', description: 'Acme.', text: '---\nname: acme\ndescription: Acme.\n---\n' };
    const { current, legacy } = skillIndex([skill], '/docs/.well-known/agent-skills') as { current: { skills: Array<Record<string, string>> }; legacy: unknown };
    assert.deepEqual(current.skills[0], { name: 'acme', type: 'skill-md', description: 'Acme.', url: '/docs/.well-known/agent-skills/acme/SKILL.md', digest: `sha256:${createHash('sha256').update(skill.text).digest('hex')}` });
    assert.deepEqual(legacy, { skills: [{ name: 'acme', description: 'Acme.', files: ['SKILL.md'] }] });
  });
});
