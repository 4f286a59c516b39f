// What a page requests once it has loaded, for tests of what a page does not load: each one
// also looks at a page that does load it, so that its pattern is known to match.
import type { Page, Request } from 'playwright/test';

/** The URLs matching `pattern` that `url` requests (only of `type`, as `script`, when given). */
export async function requestsMatching(page: Page, url: string, pattern: RegExp, type?: string): Promise<string[]> {
  const matched: string[] = [];
  const seen = (request: Request) => {
    if ((!type || request.resourceType() === type) && pattern.test(request.url())) matched.push(request.url());
  };
  page.on('request', seen);
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  page.off('request', seen);
  return matched;
}

/** React's renderer (`client.*.js`) and React itself. */
export const REACT_SCRIPT = /react|client\./i;
