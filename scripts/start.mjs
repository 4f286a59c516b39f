#!/usr/bin/env node
// `npm start`: serves the built example site with the stand-in admin API beside it, so
// that the agent job components of the example pages show jobs moving.
import { spawn } from 'node:child_process';

const MOCK_PORT = 4330;
const KEY = 'mint_local_demo_key';
const env = { ...process.env, DOCS_ADMIN_API_KEY: KEY, DOCS_ADMIN_API_URL: `http://127.0.0.1:${MOCK_PORT}` };

const mock = spawn(process.execPath, ['packages/astro-docs-json/bin/astro-docs-json.js', 'mock-admin-api', '--port', String(MOCK_PORT)], {
  env,
  stdio: 'inherit',
});
const preview = spawn('npx', ['astro', 'preview'], { env, stdio: 'inherit', shell: process.platform === 'win32' });

const stop = () => {
  mock.kill();
  preview.kill();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
preview.on('exit', (code) => {
  mock.kill();
  process.exit(code ?? 0);
});
