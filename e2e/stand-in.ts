/** The ports of the site and of the stand-in admin API, and the key they share in the tests. */
export const PORT = Number(process.env.E2E_PORT ?? 4329);
export const MOCK_PORT = PORT + 1;
/** A test checks that this never reaches a page, a response or a built file. */
export const E2E_ADMIN_KEY = 'mint_e2e_secret_4f9c2a';
/** The stand-in API the fixture's playground sends to (the fixture's docs.json names 127.0.0.1:4334). */
export const ECHO_PORT = PORT + 5;
/** The stand-in WebSocket server the example site's AsyncAPI document names (ws://127.0.0.1:4342), after redirects.spec's preview (PORT + 11). */
export const SOCKET_ECHO_PORT = PORT + 13;
