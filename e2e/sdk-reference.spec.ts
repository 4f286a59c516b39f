/**
 * SDK reference pages (docs.json `sdk`, `core/sdk/`): the example site's SDK reference tab is
 * generated from a TypeDoc JSON export, and a page of its own shows one method below its text.
 */
import { expect, test } from 'playwright/test';

test.describe('SDK reference pages', () => {
  test('a generated class page shows its declaration, signatures, parameters and return types, linked to the other pages', async ({ page }) => {
    await page.goto('/sdk/notes/classes/notes-client');
    await expect(page).toHaveTitle('NotesClient - astro-docs-json');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('NotesClient');
    const reference = page.locator('[data-sdk-reference]');
    await expect(reference.locator('pre').first()).toHaveText('class NotesClient');
    await expect(reference.getByRole('heading', { name: 'getNote()' })).toBeVisible();
    await expect(reference.locator('pre', { hasText: 'getNote(id: string): Promise<Note>' })).toBeVisible();
    // The parameters and what the method returns, with the types that are pages of the SDK linked.
    await expect(reference.getByText(/listNotes\(limit\?: number, cursor\?: string\): Promise<Page<Note>>/)).toBeVisible();
    await expect(reference.locator('li', { hasText: 'How many notes per page' })).toContainText('limit (number, optional, default 20)');
    const returns = reference.locator('p', { hasText: 'Returns' }).filter({ hasText: 'The note as stored' });
    await returns.getByRole('link', { name: 'Promise<Note>' }).click();
    await expect(page).toHaveURL(/\/sdk\/notes\/interfaces\/note$/);
    await expect(page.locator('[data-sdk-reference]').locator('pre').first()).toHaveText('interface Note');
    await expect(page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'visibility' })).toBeVisible();
  });

  test('the tab lists the generated pages by kind, after its own group', async ({ page }) => {
    await page.goto('/sdk/overview');
    await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'SDK reference' })).toHaveAttribute('aria-current', 'true');
    const sidebar = page.locator('#sidebar');
    await expect(sidebar.locator('li.group > p')).toHaveText(['Notes SDK', 'Classes', 'Interfaces', 'Enumerations', 'Type aliases', 'Functions', 'Variables']);
    await expect(sidebar.getByRole('link', { name: 'createClient' })).toHaveAttribute('href', '/sdk/notes/functions/create-client');
    await sidebar.getByRole('link', { name: 'createClient' }).click();
    await expect(page.locator('[data-sdk-reference]')).toContainText('createClient(apiKey: string, options?: Omit<ClientOptions, "apiKey">): NotesClient');
    await expect(page.locator('[data-sdk-reference] li', { hasText: 'The API key.' })).toContainText('apiKey (string, required)');
  });

  test('a page of its own shows its text, then the method its frontmatter names', async ({ page }) => {
    await page.goto('/writing/advanced/sdk-symbol-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Creating a note');
    await expect(page.locator('.prose, main').getByText('This page is written by hand').first()).toBeVisible();
    const reference = page.locator('[data-sdk-reference]');
    await expect(reference.getByRole('heading', { name: 'createNote()' })).toBeVisible();
    await expect(reference.locator('pre', { hasText: 'createNote(input: NoteInput): Promise<Note>' })).toBeVisible();
  });

  test('a generated page has its Markdown copy, which the page menu copies, and its llms.txt entry', async ({ page, context, baseURL, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await page.goto('/sdk/notes/classes/notes-client');
    const menu = page.locator('.page-title details.contextual-menu');
    await menu.locator('summary').click();
    await menu.getByRole('button', { name: /Copy page/ }).click();
    await expect(menu.getByRole('status')).toHaveText('Page copied as Markdown');
    const markdown = await (await request.get('/sdk/notes/classes/notes-client.md')).text();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(markdown);
    expect(markdown).toMatch(/^# NotesClient\n/);
    expect(markdown).toContain('```ts\ngetNote(id: string): Promise<Note>\n```');
    expect(markdown).toContain('- `id` (`string`, required): The note\'s identifier.');
    expect(markdown).toContain('[`NoteInput`](https://docs.example.com/sdk/notes/interfaces/note-input');
    const llms = await (await request.get('/llms.txt')).text();
    expect(llms).toContain('[NotesClient](https://docs.example.com/sdk/notes/classes/notes-client.md): Calls the Notes API.');
    const own = await (await request.get('/writing/advanced/sdk-symbol-page.md')).text();
    expect(own).toMatch(/This page is written by hand[\s\S]*## createNote\(\)/);
  });
});

