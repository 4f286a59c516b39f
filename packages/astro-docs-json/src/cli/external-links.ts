/**
 * `broken-links --check-external`: the links to other sites, each address asked once, a few
 * at a time, each within a time limit. Only the addresses the docs name are asked: a
 * redirect is an answer (the link works), not followed, so nothing is fetched that the docs
 * do not name. An address that answers 404 or 410, or does not answer, is broken; other
 * errors (a site that refuses robots, one that rate-limits) are not the docs' fault.
 */
import type { BrokenLink, FoundLink } from '../core/links/broken-links.ts';
import { mapBounded } from '../core/map-bounded.ts';

export interface ExternalCheck {
  /** Addresses asked at once. */
  concurrency: number;
  /** How long one address may take. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

const GONE = new Set([404, 410]);

export async function brokenExternalLinks(links: ReadonlyArray<FoundLink & { file: string }>, check: ExternalCheck): Promise<BrokenLink[]> {
  const addresses = [...new Set(links.map((link) => withoutHash(link.href)))];
  const answers = new Map(await mapBounded(addresses, check.concurrency, async (address) => [address, await problemOf(address, check)] as const));
  return links.flatMap((link) => {
    const message = answers.get(withoutHash(link.href));
    return message ? [{ ...link, message }] : [];
  });
}

const withoutHash = (href: string) => href.replace(/#.*$/, '');

async function problemOf(address: string, check: ExternalCheck): Promise<string | undefined> {
  const ask = check.fetch ?? fetch;
  try {
    let response = await ask(address, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(check.timeoutMs) });
    // Some servers answer HEAD with 405 or 404 where GET works.
    if (response.status === 405 || GONE.has(response.status)) {
      response = await ask(address, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(check.timeoutMs) });
      await response.body?.cancel();
    }
    return GONE.has(response.status) ? `answers ${response.status}: the page is gone` : undefined;
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `did not answer within ${check.timeoutMs / 1000} s` : 'could not be reached';
    return reason;
  }
}
