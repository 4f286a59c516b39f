/**
 * AsyncAPI channel pages of the example site (`example-site/api-reference/events.yaml`):
 * a page per channel in the Events tab, with its messages by direction, their payload
 * fields, the servers and parameters; a page of its own showing a channel below its
 * content; and the WebSocket playground, which connects through the site's socket proxy
 * to the stand-in echo server the document declares and refuses a host it does not.
 */
import { expect, test } from 'playwright/test';
import { SOCKET_ECHO_PORT } from './stand-in.ts';

test.describe('AsyncAPI channel pages', () => {
  test('a generated channel page shows its messages, payload fields and servers', async ({ page }) => {
    await page.goto('/api-reference/prices');
    await expect(page.getByRole('heading', { level: 1, name: 'Price updates' })).toBeVisible();
    const channel = page.getByRole('region', { name: 'Channel /prices' });
    await expect(channel.getByRole('heading', { level: 2, name: 'Send' })).toBeVisible();
    await expect(channel.getByRole('heading', { level: 2, name: 'Receive' })).toBeVisible();
    await expect(channel.getByRole('heading', { level: 3, name: /Subscribe/ })).toBeVisible();
    await expect(channel.getByRole('heading', { level: 3, name: /Price tick/ })).toBeVisible();
    // The payload's fields, from a schema the document names by `$ref`.
    const tick = channel.locator('.async-message', { has: page.getByRole('heading', { name: /Price tick/ }) });
    await expect(tick.locator('.field-name', { hasText: /^price$/ })).toBeVisible();
    await expect(tick.getByText('The new price, in the symbol\'s currency.')).toBeVisible();
    const subscribe = channel.locator('.async-message', { has: page.getByRole('heading', { name: /^Subscribe/ }) });
    await expect(subscribe.locator('.field-name', { hasText: /^symbols$/ })).toBeVisible();
    // Servers, with variables at their defaults; bindings.
    await expect(channel.getByRole('heading', { level: 2, name: 'Servers' })).toBeVisible();
    await expect(channel.locator('.async-servers')).toContainText(`ws://127.0.0.1:${SOCKET_ECHO_PORT}`);
    await expect(channel.locator('.async-servers')).toContainText('wss://eu.events.example.com/v1');
    await expect(channel.getByRole('heading', { level: 2, name: 'Bindings' })).toBeVisible();
    // The table of contents lists the sections.
    await expect(page.locator('.toc a[href="#receive"]')).toHaveCount(1);
    // The Events tab lists both channels.
    const sidebar = page.locator('#sidebar');
    await expect(sidebar.getByRole('link', { name: 'Price updates' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'Build notifications' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Build notifications' }).locator('.method')).toHaveText('WS');
  });

  test('frontmatter `asyncapi` shows a channel below a page of its own', async ({ page }) => {
    await page.goto('/writing/advanced/asyncapi');
    await expect(page.getByRole('heading', { level: 2, name: 'The WebSocket playground' })).toBeVisible();
    const channel = page.getByRole('region', { name: 'Channel /builds/{projectId}' });
    await expect(channel.getByRole('heading', { level: 2, name: 'Parameters' })).toBeVisible();
    await expect(channel.locator('.field-name', { hasText: /^projectId$/ })).toBeVisible();
    await expect(channel.getByRole('heading', { level: 3, name: /Build finished/ })).toBeVisible();
  });

  test('the channel page has a Markdown copy, and llms.txt lists the document', async ({ request }) => {
    const markdown = await (await request.get('/api-reference/prices.md')).text();
    expect(markdown).toContain('## Receive: Price tick');
    expect(markdown).toContain('- `price` (`number`, required)');
    const llms = await (await request.get('/llms.txt')).text();
    expect(llms).toMatch(/## AsyncAPI Specs\n\n- \[events\.yaml\]\(https:\/\/docs\.example\.com\/api-reference\/events\.yaml\)/);
  });
});

test.describe('the WebSocket playground', () => {
  test('connects through the site to the declared echo server and echoes a message', async ({ page }) => {
    await page.goto('/api-reference/prices');
    const playground = page.locator('[data-socket-playground]');
    await expect(playground.getByLabel('WebSocket URL')).toHaveValue(`ws://127.0.0.1:${SOCKET_ECHO_PORT}/prices`);
    // The message starts as the channel's first example to send.
    await expect(playground.getByLabel('Message', { exact: true })).toHaveValue(/"type": "subscribe"/);
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await playground.getByRole('button', { name: 'Connect' }).click();
    await expect(playground.getByRole('status')).toHaveText(`Connected to 127.0.0.1:${SOCKET_ECHO_PORT}`);
    // Through the site's proxy, not straight to the server.
    expect(sockets.some((url) => url.includes('/_docs/socket-proxy?url='))).toBe(true);
    await playground.getByLabel('Message', { exact: true }).fill('{"type":"subscribe","symbols":["ACME"]}');
    await playground.getByRole('button', { name: 'Send' }).click();
    const log = playground.getByRole('list', { name: 'Messages' });
    await expect(log.locator('li[data-kind="sent"]')).toHaveText('{"type":"subscribe","symbols":["ACME"]}');
    await expect(log.locator('li[data-kind="received"]')).toHaveText('echo: {"type":"subscribe","symbols":["ACME"]}');
    await playground.getByRole('button', { name: 'Disconnect' }).click();
    await expect(playground.getByRole('status')).toHaveText(/^Closed/);
  });

  test('refuses a host the AsyncAPI documents do not declare, a loopback one included', async ({ page }) => {
    await page.goto('/api-reference/prices');
    const playground = page.locator('[data-socket-playground]');
    for (const [url, reason] of [
      ['ws://undeclared.example.net/prices', 'undeclared.example.net is not a server these docs declare.'],
      [`ws://localhost:${SOCKET_ECHO_PORT}/prices`, `localhost:${SOCKET_ECHO_PORT} is not a server these docs declare.`],
    ]) {
      await playground.getByLabel('WebSocket URL').fill(url!);
      await playground.getByRole('button', { name: 'Connect' }).click();
      await expect(playground.getByRole('status')).toHaveText(`Closed: Refused: ${reason}`);
      await expect(playground.getByRole('button', { name: 'Send' })).toBeDisabled();
    }
  });
});
