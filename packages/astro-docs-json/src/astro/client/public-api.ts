// What other sites' public APIs say (GitHub's repositories, Discord's invites), asked from
// the reader's browser: an answer that does not come within a few seconds, or is not one,
// is none. Answers are kept for the reader's session, since these APIs allow few requests
// without a token.

const TIMEOUT_MS = 5000;

/** `read` turns the answer's JSON into what is kept, or undefined when it is not one. */
export async function askPublicApi<T>(key: string, url: string, read: (body: Record<string, unknown>) => T | undefined, headers: Record<string, string> = {}): Promise<T | undefined> {
  try {
    const kept = sessionStorage.getItem(key);
    if (kept) return JSON.parse(kept) as T;
  } catch {
    // No storage (a private mode): ask.
  }
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const answer = response.ok ? read((await response.json()) as Record<string, unknown>) : undefined;
    try {
      if (answer !== undefined) sessionStorage.setItem(key, JSON.stringify(answer));
    } catch {
      // Storage refused: the next page asks again.
    }
    return answer;
  } catch {
    return undefined; // offline, blocked, too slow
  }
}
