/**
 * Agent skills: the skill derived from the example site's docs at /skill.md, and a docs
 * folder's own skills (its skill.md and .mintlify/skills/) in the discovery index, each
 * file where the index says, with the digest it gives.
 */
import { createHash } from 'node:crypto';
import { expect, test as exampleTest, type APIRequestContext } from 'playwright/test';
import { test } from './fixture-site.ts';

async function indexedSkills(request: APIRequestContext) {
  const index = (await (await request.get('/.well-known/agent-skills/index.json')).json()) as { $schema: string; skills: Array<{ name: string; url: string; digest: string }> };
  expect(index.$schema).toMatch(/agentskills\.io\/discovery\//);
  for (const skill of index.skills) {
    const file = await (await request.get(skill.url)).text();
    expect(skill.digest).toBe(`sha256:${createHash('sha256').update(file).digest('hex')}`);
  }
  return index.skills.map((skill) => skill.name);
}

exampleTest('the example site derives its skill from its docs', async ({ request }) => {
  const skill = await (await request.get('/skill.md')).text();
  expect(skill).toMatch(/^---\nname: astro-docs-json\ndescription: /);
  expect(skill).toContain('## API operations');
  expect(skill).toContain('without a language model');
  expect(await indexedSkills(request)).toEqual(['astro-docs-json']);
});

test("a docs folder's own skills are published as they are", async ({ request }) => {
  const skill = await (await request.get('/skill.md')).text();
  expect(skill).toContain("Use Acme's documentation site to answer questions about its components.");
  expect(await indexedSkills(request)).toEqual(['acme-docs', 'widgets']);
  const legacy = (await (await request.get('/.well-known/skills/index.json')).json()) as { skills: Array<{ name: string; files: string[] }> };
  expect(legacy.skills.map((entry) => entry.name)).toEqual(['acme-docs', 'widgets']);
  expect(await (await request.get('/.well-known/skills/widgets/SKILL.md')).text()).toContain('Call `GET /widgets` to list them.');
  // Not a page of the site.
  expect((await request.get('/skill')).status()).toBe(404);
});
