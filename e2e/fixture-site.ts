/** The fixture Mintlify repository (`fixtures/mintlify-repo`), built by `npm run build:fixture` and served by `astro preview`. */
import { test as base } from 'playwright/test';
import { PORT } from './stand-in.ts';

export const FIXTURE_PORT = PORT + 3;
export const FIXTURE_URL = `http://127.0.0.1:${FIXTURE_PORT}`;

/** Tests against the fixture repository's site instead of the example site. */
export const test = base.extend({ baseURL: FIXTURE_URL });
export { expect } from 'playwright/test';
