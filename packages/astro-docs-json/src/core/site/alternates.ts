/**
 * The version and language selectors of a page: for each version (and language), the
 * same page in that scope when one exists, else the scope's first page.
 */
import type { LanguageCode } from '../schema/languages.ts';
import type { PageView, SiteModel } from './site-model.ts';

export interface Choice {
  label: string;
  url: string;
  current: boolean;
  isDefault: boolean;
  tag?: string;
  /** Languages: the code and BCP 47 tag, for `hreflang`. */
  code?: LanguageCode;
  hreflang?: string;
}

export interface Alternates {
  versions: Choice[];
  languages: Choice[];
}

const scopeKey = (version: string | null, language: string | null) => `${version}\u0000${language}`;

/** Builds the lookups once; the function it returns is called per page. */
export function createAlternates(model: SiteModel): (page: PageView) => Alternates {
  const byKey = new Map<string, string>();
  // Route order puts listed pages before hidden ones, so a listed page wins a shared key.
  for (const page of model.pages) {
    const key = `${scopeKey(page.version, page.language)}\u0000${page.key}`;
    // A link to elsewhere (frontmatter `url`) is no version of another page.
    if (!byKey.has(key) && !page.link) byKey.set(key, page.url);
  }
  const firstUrl = new Map(model.scopes.map((scope) => [scopeKey(scope.version, scope.language), scope.firstUrl]));
  const target = (version: string | null, language: string | null, key: string) =>
    byKey.get(`${scopeKey(version, language)}\u0000${key}`) ?? firstUrl.get(scopeKey(version, language));

  return (page) => {
    const versions: Choice[] = [];
    for (const version of model.versions) {
      const url = target(version.name, page.language, page.key);
      if (!url) continue;
      versions.push({
        label: version.name,
        url,
        current: version.name === page.version,
        isDefault: version.isDefault,
        ...(version.tag ? { tag: version.tag } : {}),
      });
    }
    const languages: Choice[] = [];
    for (const language of model.languages) {
      // Keep the reader's version where the other language has it, else that language's default.
      const version = firstUrl.has(scopeKey(page.version, language.code))
        ? page.version
        : (model.scopes.find((scope) => scope.language === language.code && scope.version === model.defaultVersion) ??
            model.scopes.find((scope) => scope.language === language.code))?.version ?? null;
      const url = target(version, language.code, page.key);
      if (!url) continue;
      languages.push({
        label: language.name,
        url,
        current: language.code === page.language,
        isDefault: language.isDefault,
        code: language.code,
        hreflang: language.tag,
      });
    }
    return { versions, languages };
  };
}
