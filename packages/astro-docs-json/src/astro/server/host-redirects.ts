/**
 * The redirects of a built static site, answered as the hosts that read its `_redirects`
 * (Netlify, Cloudflare Pages) answer them (`core/navigation/redirects-file.ts`): for
 * `astro-docs-json preview`, whose server would otherwise answer a redirect's page that
 * refreshes, with 200.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { matchRedirect, parseRedirectsFile } from '../../core/navigation/redirects-file.ts';
import type { AnswerFirst } from './page-negotiation.ts';

/** Reads the site's `_redirects` once: a built site does not change under its preview. */
export function hostRedirects(client: string): AnswerFirst {
  let text = '';
  try {
    text = readFileSync(path.join(client, '_redirects'), 'utf8');
  } catch {
    // no redirects
  }
  const rules = parseRedirectsFile(text);
  return async (request, response) => {
    if (rules.length === 0) return false;
    const url = new URL(request.url ?? '/', 'http://localhost');
    const redirect = matchRedirect(rules, url.pathname, url.search);
    if (!redirect) return false;
    response.writeHead(redirect.status, { Location: redirect.location }).end();
    return true;
  };
}
