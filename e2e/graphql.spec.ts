/**
 * GraphQL pages on the example site: the "GraphQL API" tab generated from
 * `graphql/schema.graphql`, its operation and type pages, their Markdown copies, and the
 * playground, which sends an operation through the site's proxy to the stand-in echo API
 * the docs name as the endpoint; a host the docs do not declare is refused.
 */
import { expect, test } from 'playwright/test';
import { ECHO_PORT } from './stand-in.ts';

const ECHO = `http://127.0.0.1:${ECHO_PORT}`;

test.describe('GraphQL pages', () => {
  test('the tab lists queries, mutations and types; a query page shows its arguments, return type and example', async ({ page }) => {
    await page.goto('/graphql-api/queries/page');
    await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'GraphQL API' })).toHaveAttribute('href', '/graphql-api/queries/page');
    const sidebar = page.getByRole('navigation', { name: 'In this section' });
    for (const name of ['Queries', 'Mutations', 'Types']) await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'submitFeedback' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('page');
    const reference = page.getByRole('region', { name: 'Query page' });
    await expect(reference).toContainText('One page by its path; null when no page has it.');
    const argument = reference.locator('[data-field="path"]');
    await expect(argument).toContainText('String!');
    await expect(argument).toContainText('required');
    await expect(reference.getByRole('heading', { name: 'Returns' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Example operation' })).toContainText('query Page($path: String!)');

    await reference.locator('a.graphql-type', { hasText: 'Page' }).click();
    await expect(page).toHaveURL(/\/graphql-api\/types\/page$/);
    const type = page.getByRole('region', { name: 'Object type Page' });
    await expect(page.getByRole('region', { name: 'Definition' })).toContainText('type Page implements Node');
    await expect(type.locator('[data-field="headings"]')).toContainText('depth: Int = 3');
    await expect(type.locator('[data-field="body"]')).toContainText('Deprecated: Use `markdown`.');
  });

  test('mutations, enums and unions have their pages, and each page a Markdown copy', async ({ page, request }) => {
    await page.goto('/graphql-api/mutations/flagpage');
    await expect(page.getByRole('region', { name: 'Mutation flagPage' })).toContainText('Deprecated: Send feedback with `NOT_HELPFUL` instead.');
    await page.goto('/graphql-api/types/sentiment');
    await expect(page.getByRole('heading', { name: 'Values' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Enum Sentiment' })).toContainText('NOT_HELPFUL');
    await page.goto('/graphql-api/types/searchresult');
    await expect(page.getByRole('region', { name: 'Union SearchResult' }).getByRole('link', { name: 'SearchHit' })).toBeVisible();

    const markdown = await (await request.get('/graphql-api/mutations/submitfeedback.md')).text();
    expect(markdown).toContain('# submitFeedback');
    expect(markdown).toMatch(/## Arguments\n\n- `input`: \[`FeedbackInput!`\]\(\/graphql-api\/types\/feedbackinput\) \(required\)/);
    expect(markdown).toContain('mutation SubmitFeedback($input: FeedbackInput!)');
    const llms = await (await request.get('/llms.txt')).text();
    expect(llms).toContain('/graphql-api/queries/search');
  });

  test('the playground sends the operation through the proxy to the declared endpoint and shows the answer', async ({ page }) => {
    await page.goto('/graphql-api/queries/search');
    const playground = page.getByRole('region', { name: 'GraphQL playground' });
    await expect(playground.getByText('Sent through this site')).toBeVisible();
    await playground.getByLabel('Variables').fill('{ "text": "webhooks", "first": 3 }');
    await playground.getByLabel('Authorization').fill('Bearer tok_graphql');
    const viaProxy = page.waitForRequest((request) => request.url().endsWith('/_docs/playground-proxy'));
    await playground.getByRole('button', { name: 'Send' }).click();
    const sent = (await viaProxy).postDataJSON() as { method: string; url: string; body: string };
    expect(sent).toMatchObject({ method: 'POST', url: `${ECHO}/graphql` });
    expect(JSON.parse(sent.body)).toMatchObject({ variables: { text: 'webhooks', first: 3 } });
    expect(JSON.parse(sent.body).query).toMatch(/^query Search\(\$text: String!, \$first: Int\)/);
    await expect(playground.getByRole('status')).toHaveText(/^201 Created · \d+ ms$/);
    await expect(playground.getByLabel('Response body')).toContainText('"path": "/graphql"');

    let received: { path: string; body: string; headers: Record<string, string> } | undefined;
    await expect(async () => {
      const all = (await (await page.request.get(`${ECHO}/__received`)).json()) as Array<NonNullable<typeof received>>;
      received = all.findLast((entry) => entry.path === '/graphql' && entry.body.includes('webhooks'));
      expect(received).toBeDefined();
    }).toPass();
    expect(received!.headers.authorization).toBe('Bearer tok_graphql');
    expect(received!.headers['content-type']).toBe('application/json');

    await playground.getByLabel('Variables').fill('{ not json');
    await playground.getByRole('button', { name: 'Send' }).click();
    await expect(playground.getByRole('status')).toHaveText(/not valid JSON: nothing was sent/);
  });

  test('the proxy refuses a host or path the docs do not declare for GraphQL', async ({ request }) => {
    const forward = (url: string) => request.post('/_docs/playground-proxy', { data: { method: 'POST', url, headers: [['Content-Type', 'application/json']], body: '{"query":"{ __typename }"}' } });
    for (const url of ['https://graphql.evil.example.net/graphql', `${ECHO}/other-graphql`, `http://localhost:${ECHO_PORT}/graphql`]) {
      const response = await forward(url);
      expect(response.status(), url).toBe(400);
      expect((await response.json()).error).toMatch(/not a server these docs declare|address/);
    }
    expect((await forward(`${ECHO}/graphql`)).status()).toBe(200);
  });
});
