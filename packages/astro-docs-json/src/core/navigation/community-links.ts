/**
 * The navbar's GitHub and Discord links (`type: "github" | "discord"`, on a link or the
 * primary button): the network's icon, a label of their own when docs.json gives none (the
 * repository's `owner/name`, or "Discord"), and what the browser asks the network for (the
 * repository's stars, the server's members online). A link of that type that is not to a
 * repository or an invite is a plain link.
 */
import { parseGitHubRepo } from '../markdown/github-repo.ts';

export type CommunityLink =
  | { network: 'github'; label: string; repository: string }
  | { network: 'discord'; label: string; invite: string };

/** Discord's invite codes: letters, digits and hyphens. */
const INVITE = /^(?:https?:\/\/)?(?:www\.)?(?:discord\.gg|discord(?:app)?\.com\/invite)\/([A-Za-z0-9-]{2,64})\/?(?:[?#].*)?$/i;

export function parseDiscordInvite(href: string): string | undefined {
  return INVITE.exec(href.trim())?.[1];
}

export function communityLink(link: { type?: string; label?: string; href: string }): CommunityLink | undefined {
  if (link.type === 'github') {
    const repository = parseGitHubRepo(link.href);
    return repository && { network: 'github', label: link.label ?? repository.slug, repository: repository.slug };
  }
  if (link.type === 'discord') {
    const invite = parseDiscordInvite(link.href);
    return invite ? { network: 'discord', label: link.label ?? 'Discord', invite } : undefined;
  }
  return undefined;
}
