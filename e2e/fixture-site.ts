/**
 * The fixture Mintlify repositories, each built by `npm run build:fixture` and served by
 * `astro preview`: `mintlify-repo` (built-in components, snippets, assets) and
 * `real-world` (versions with languages inside, React components, and the slips real
 * repositories carry that Mintlify builds through), `integrations` (every provider of
 * docs.json `integrations`, behind consent). `themes` is one small site built in three of
 * Mintlify's themes (`npm run build:themes`), each served on a port of its own.
 */
import { test as base } from 'playwright/test';
import { PORT } from './stand-in.ts';

export const FIXTURES = { 'mintlify-repo': PORT + 3, 'real-world': PORT + 4, integrations: PORT + 9 } as const;
export const THEME_FIXTURES = { mint: PORT + 6, linden: PORT + 7, sequoia: PORT + 8 } as const;

export const FIXTURE_URL = `http://127.0.0.1:${FIXTURES['mintlify-repo']}`;
export const REAL_WORLD_URL = `http://127.0.0.1:${FIXTURES['real-world']}`;
export const INTEGRATIONS_URL = `http://127.0.0.1:${FIXTURES.integrations}`;

/** Tests against the fixture repository's site instead of the example site. */
export const test = base.extend({ baseURL: FIXTURE_URL });
/** Tests against the `real-world` fixture's site. */
export const realWorldTest = base.extend({ baseURL: REAL_WORLD_URL });
/** Tests against the `integrations` fixture's site. */
export const integrationsTest = base.extend({ baseURL: INTEGRATIONS_URL });
export { expect } from 'playwright/test';
