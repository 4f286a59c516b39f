/**
 * The repository a `<GitHub.Repo repo="...">` names: an `owner/name` slug or a GitHub URL
 * (`https://github.com/owner/name`, with or without `.git`, a trailing path or a query),
 * as Mintlify takes both. Undefined for anything else, which the card cannot link to.
 */
export interface GitHubRepository {
  owner: string;
  name: string;
  /** `owner/name`: what GitHub's API is asked about. */
  slug: string;
  url: string;
}

/** GitHub's rules: owners are letters, digits and single hyphens; names add `.` and `_`. */
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const NAME = /^[A-Za-z0-9._-]{1,100}$/;

export function parseGitHubRepo(written: string): GitHubRepository | undefined {
  let path = written.trim();
  const url = /^(?:https?:\/\/)?(?:www\.)?github\.com\/(.*)$/i.exec(path);
  if (url) path = url[1]!.replace(/[?#].*$/, '');
  else if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return undefined;
  const [owner, rawName] = path.split('/');
  const name = rawName?.replace(/\.git$/i, '');
  if (!owner || !name || !OWNER.test(owner) || !NAME.test(name) || name === '.' || name === '..') return undefined;
  if (!url && path.split('/').filter(Boolean).length !== 2) return undefined;
  return { owner, name, slug: `${owner}/${name}`, url: `https://github.com/${owner}/${name}` };
}
