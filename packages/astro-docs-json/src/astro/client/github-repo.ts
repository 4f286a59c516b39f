// <GitHub.Repo> cards: each repository's description, stars and forks from GitHub's public
// API, asked for when the page loads. The card is complete without them: an answer that
// does not come within a few seconds, or is not one, leaves it as it is. Answers are kept
// for the reader's session, since GitHub allows few requests without a token.

const TIMEOUT_MS = 5000;
const API = 'https://api.github.com/repos/';

interface RepoFacts {
  description: string | null;
  stars: number;
  forks: number;
}

function remembered(slug: string): RepoFacts | undefined {
  try {
    const kept = sessionStorage.getItem(`github-repo:${slug}`);
    return kept ? (JSON.parse(kept) as RepoFacts) : undefined;
  } catch {
    return undefined;
  }
}

function remember(slug: string, facts: RepoFacts) {
  try {
    sessionStorage.setItem(`github-repo:${slug}`, JSON.stringify(facts));
  } catch {
    // Storage refused (a private mode): the next page asks again.
  }
}

async function factsOf(slug: string): Promise<RepoFacts | undefined> {
  const kept = remembered(slug);
  if (kept) return kept;
  try {
    const response = await fetch(`${API}${slug}`, { headers: { Accept: 'application/vnd.github+json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { description?: unknown; stargazers_count?: unknown; forks_count?: unknown };
    if (typeof body.stargazers_count !== 'number' || typeof body.forks_count !== 'number') return undefined;
    const facts = { description: typeof body.description === 'string' ? body.description : null, stars: body.stargazers_count, forks: body.forks_count };
    remember(slug, facts);
    return facts;
  } catch {
    return undefined; // offline, blocked, too slow
  }
}

const counts = new Intl.NumberFormat(document.documentElement.lang || undefined, { notation: 'compact', maximumFractionDigits: 1 });

function show(card: HTMLElement, facts: RepoFacts) {
  const description = card.querySelector<HTMLElement>('[data-github-description]');
  if (description && facts.description) {
    description.textContent = facts.description;
    description.hidden = false;
  }
  const stars = card.querySelector<HTMLElement>('[data-github-stars]');
  const forks = card.querySelector<HTMLElement>('[data-github-forks]');
  if (stars) stars.textContent = counts.format(facts.stars);
  if (forks) forks.textContent = counts.format(facts.forks);
  const stats = card.querySelector<HTMLElement>('[data-github-stats]');
  if (stats) stats.hidden = false;
}

// One request per repository, however many cards name it.
const bySlug = new Map<string, HTMLElement[]>();
for (const card of document.querySelectorAll<HTMLElement>('[data-github-repo]')) {
  const slug = card.dataset.githubRepo!;
  bySlug.set(slug, [...(bySlug.get(slug) ?? []), card]);
}
for (const [slug, sameRepo] of bySlug) {
  void factsOf(slug).then((facts) => {
    if (facts) for (const card of sameRepo) show(card, facts);
  });
}
