// The navbar's GitHub and Discord links: the repository's stars and the Discord server's
// members online, asked of GitHub's and Discord's public APIs when the page loads, as
// Mintlify shows them. The link is whole without them: no answer, no count.
import { repositoryFacts } from './github-facts.ts';
import { askPublicApi } from './public-api.ts';

const counts = new Intl.NumberFormat(document.documentElement.lang || undefined, { notation: 'compact', maximumFractionDigits: 1 });

function show(link: HTMLElement, count: number, what: string) {
  const place = link.querySelector<HTMLElement>('[data-community-count]');
  if (!place) return;
  place.textContent = counts.format(count);
  place.title = `${count.toLocaleString(document.documentElement.lang || undefined)} ${what}`;
  place.hidden = false;
}

/** Members online, from the invite's public description. */
function membersOnline(invite: string): Promise<number | undefined> {
  return askPublicApi(`discord-invite:${invite}`, `https://discord.com/api/v10/invites/${encodeURIComponent(invite)}?with_counts=true`, (body) =>
    typeof body.approximate_presence_count === 'number' ? body.approximate_presence_count : undefined,
  );
}

/** The links that name each repository or invite: the top bar's and the mobile menu's ask once. */
function byTarget(selector: string, key: 'repoStars' | 'discordInvite'): Map<string, HTMLElement[]> {
  const links = new Map<string, HTMLElement[]>();
  for (const link of document.querySelectorAll<HTMLElement>(selector)) links.set(link.dataset[key]!, [...(links.get(link.dataset[key]!) ?? []), link]);
  return links;
}

for (const [repository, links] of byTarget('[data-repo-stars]', 'repoStars')) {
  void repositoryFacts(repository).then((facts) => facts && links.forEach((link) => show(link, facts.stars, 'stars on GitHub')));
}
for (const [invite, links] of byTarget('[data-discord-invite]', 'discordInvite')) {
  void membersOnline(invite).then((online) => online !== undefined && links.forEach((link) => show(link, online, 'members online')));
}
