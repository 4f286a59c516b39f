// What GitHub's public API says of a repository (description, stars, forks), for the
// <GitHub.Repo> cards and the navbar's GitHub link.
import { askPublicApi } from './public-api.ts';

export interface RepoFacts {
  description: string | null;
  stars: number;
  forks: number;
}

export function repositoryFacts(slug: string): Promise<RepoFacts | undefined> {
  return askPublicApi(
    `github-repo:${slug}`,
    `https://api.github.com/repos/${slug}`,
    (body) =>
      typeof body.stargazers_count === 'number' && typeof body.forks_count === 'number'
        ? { description: typeof body.description === 'string' ? body.description : null, stars: body.stargazers_count, forks: body.forks_count }
        : undefined,
    { Accept: 'application/vnd.github+json' },
  );
}
