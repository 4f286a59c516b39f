// <GitHub.Repo> cards: each repository's description, stars and forks from GitHub's public
// API (github-facts.ts), asked for when the page loads. The card is complete without them.

import { repositoryFacts as factsOf, type RepoFacts } from './github-facts.ts';

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
