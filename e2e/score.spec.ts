/**
 * `astro-docs-json score` on the example site, a server build: its URL, as served, passes
 * all twenty of Mintlify's agent checks; its built folder marks the four that need a server.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'playwright/test';
import { PORT } from './stand-in.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = 'packages/astro-docs-json/bin/astro-docs-json.js';

interface Report {
  score: number;
  checks: Array<{ id: string; pass: boolean | null; detail: string; group: string }>;
}

async function score(target: string): Promise<Report> {
  const { stdout } = await promisify(execFile)(process.execPath, [bin, 'score', target, '--json'], { cwd: root, timeout: 120_000 });
  return JSON.parse(stdout) as Report;
}

const agentChecks = (report: Report) => report.checks.filter((check) => check.group === 'agent');

test('the served example site passes all twenty agent checks', async () => {
  const report = await score(`http://127.0.0.1:${PORT}`);
  const checks = agentChecks(report);
  expect(checks).toHaveLength(20);
  expect(checks.filter((check) => check.pass !== true).map((check) => `${check.id}: ${check.detail}`)).toEqual([]);
  expect(report.score).toBe(100);
  const detail = (id: string) => checks.find((check) => check.id === id)!.detail;
  expect(detail('contentNegotiationMarkdown')).toMatch(/answers its Markdown \(text\/markdown/);
  expect(detail('mcpToolCount')).toMatch(/offers 3 tools: search_docs, get_page, list_pages/);
});

test('the built folder marks the checks that need a server, and scores the rest', async () => {
  const report = await score('dist');
  const server = agentChecks(report).filter((check) => check.pass === null);
  expect(server.map((check) => check.id)).toEqual(['contentNegotiationMarkdown', 'contentNegotiationPlaintext', 'mcpToolCount', 'responseLatency']);
  expect(server.every((check) => check.detail.startsWith('Needs a server'))).toBe(true);
  expect(agentChecks(report).filter((check) => check.pass === false)).toEqual([]);
  expect(report.score).toBe(100);
});
