/**
 * robots.txt as RFC 9309 defines it: the generated file, and a matcher that answers
 * "may this crawler fetch this URL?". The matcher is ours because the common library
 * ends a group at lines it does not know (`Sitemap`, `Content-Signal`), which the RFC
 * does not, and gets other cases of the conformance suite wrong.
 */

interface Rule {
  allow: boolean;
  /** Percent-encoded, as URLs are compared. */
  pattern: string;
  matcher: RegExp;
}

interface Group {
  agents: string[];
  rules: Rule[];
}

/** Non-ASCII characters percent-encoded as UTF-8; existing escapes are left as written. */
function encodePattern(pattern: string): string {
  let out = '';
  for (const char of pattern) {
    out += char.charCodeAt(0) < 0x80 ? char : [...new TextEncoder().encode(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

export function parseRobotsTxt(text: string): Group[] {
  const groups: Group[] = [];
  let current: Group | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    // `key: value`, and leniently `key value`, as crawlers read it.
    const match = /^([A-Za-z-]+)\s*(?::|\s)\s*(.*)$/.exec(line);
    if (!match) continue;
    const key = match[1]!.toLowerCase();
    const value = match[2]!.trim();
    if (key === 'user-agent') {
      // Consecutive user-agent lines open one group; one after rules opens the next.
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      // The product token: up to the first character that cannot be in one.
      const token = /^[A-Za-z_*-]+/.exec(value)?.[0];
      if (token) current.agents.push(token.toLowerCase());
      lastWasAgent = true;
    } else if (key === 'allow' || key === 'disallow') {
      lastWasAgent = false;
      if (current && value !== '') {
        const pattern = encodePattern(value);
        current.rules.push({ allow: key === 'allow', pattern, matcher: patternRegExp(pattern) });
      }
    }
    // Other records (Sitemap, Content-Signal, Crawl-delay...) neither open nor close a group.
  }
  return groups;
}

/** `pattern` as a regular expression: `*` is any sequence, a final `$` ends the path. */
function patternRegExp(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/** The path and query of a URL as written, without normalising its encoding. */
function pathOf(url: string): string {
  const rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/#.*$/, '');
  return rest === '' ? '/' : rest.startsWith('/') ? rest : `/${rest}`;
}

/** RFC 9309: may `userAgent` (a product token like `GPTBot`) fetch `url`? */
export function isAllowed(robotsTxt: string, userAgent: string, url: string): boolean {
  const path = pathOf(url);
  if (path === '/robots.txt') return true;
  const groups = parseRobotsTxt(robotsTxt);
  const agent = userAgent.toLowerCase();
  let matching = groups.filter((group) => group.agents.includes(agent));
  if (matching.length === 0) matching = groups.filter((group) => group.agents.includes('*'));
  let best: Rule | undefined;
  for (const rule of matching.flatMap((group) => group.rules)) {
    if (!rule.matcher.test(path)) continue;
    // The longest pattern wins; on a tie, allow.
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
  }
  return best?.allow ?? true;
}

/** The crawlers of AI systems (spec 3.2 rule 8). */
export const AI_CRAWLERS = ['GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-User', 'PerplexityBot', 'Google-Extended'] as const;

/**
 * The robots.txt the site gets when it has none: every crawler allowed, and content
 * signals that opt the documentation in to search, AI answers and AI training.
 */
export function buildRobotsTxt(sitemapUrl: string | undefined): string {
  return [
    'User-agent: *',
    '# Content signals (https://contentsignals.org) say how the content may be used once fetched:',
    '#   search:   building a search index and showing links and excerpts in results.',
    '#   ai-input: giving the content to AI models as input to answer a question (retrieval, grounding).',
    '#   ai-train: training or fine-tuning AI models.',
    '# "yes" allows the use, "no" refuses it; a signal left out expresses no preference.',
    'Content-Signal: search=yes, ai-train=yes, ai-input=yes',
    'Allow: /',
    ...(sitemapUrl ? ['', `Sitemap: ${sitemapUrl}`] : []),
    '',
  ].join('\n');
}
