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

for (const link of document.querySelectorAll<HTMLElement>('[data-repo-stars]')) {
  void repositoryFacts(link.dataset.repoStars!).then((facts) => facts && show(link, facts.stars, 'stars on GitHub'));
}
for (const link of document.querySelectorAll<HTMLElement>('[data-discord-invite]')) {
  void membersOnline(link.dataset.discordInvite!).then((online) => online !== undefined && show(link, online, 'members online'));
}
