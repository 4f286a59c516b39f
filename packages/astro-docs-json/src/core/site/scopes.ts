/**
 * A site's versions and languages, and the pairs of them that have pages (its scopes): what
 * the switchers offer and where each leads, and a page's key the same in every scope.
 */
import { LANGUAGES, type LanguageCode } from '../schema/languages.ts';
import type { DivisionNode, NavNode } from '../navigation/tree.ts';
import type { Section } from './site-model.ts';

export interface LanguageInfo {
  code: LanguageCode;
  /** BCP 47, for `<html lang>`. */
  tag: string;
  name: string;
  isDefault: boolean;
}

export interface VersionInfo {
  name: string;
  tag?: string;
  isDefault: boolean;
}

/** The key of a version and language pair, for maps by scope. */
export function scopeKey(version: string | null, language: string | null): string {
  return `${version ?? ''}\u0000${language ?? ''}`;
}

/** A version and language pair that has pages. */
export interface Scope {
  version: string | null;
  language: LanguageCode | null;
  firstUrl: string;
}

export function collectScopes(sections: readonly Section[]): Scope[] {
  const scopes = new Map<string, Scope>();
  for (const section of sections) {
    const key = `${section.version}\u0000${section.language}`;
    if (!scopes.has(key) && section.firstUrl) {
      scopes.set(key, { version: section.version, language: section.language, firstUrl: section.firstUrl });
    }
  }
  return [...scopes.values()];
}

function walkDivisions(nodes: readonly NavNode[], fn: (division: DivisionNode) => void) {
  for (const node of nodes) {
    if (node.type !== 'division') continue;
    fn(node);
    walkDivisions(node.children, fn);
    walkDivisions(node.menu, fn);
  }
}

export function collectLanguages(nodes: readonly NavNode[]): LanguageInfo[] {
  const languages = new Map<LanguageCode, LanguageInfo>();
  walkDivisions(nodes, (division) => {
    if (division.kind !== 'language' || !division.language || languages.has(division.language)) return;
    const { tag, name } = LANGUAGES[division.language];
    languages.set(division.language, {
      code: division.language,
      tag,
      name,
      isDefault: division.isDefault,
    });
  });
  return [...languages.values()];
}

/** Every version once, the default first (spec 9.2 and 9.3: the selector shows labels and tags). */
export function collectVersions(nodes: readonly NavNode[]): VersionInfo[] {
  const versions = new Map<string, VersionInfo>();
  walkDivisions(nodes, (division) => {
    if (division.kind !== 'version' || versions.has(division.name)) return;
    versions.set(division.name, { name: division.name, isDefault: division.isDefault, ...(division.tag ? { tag: division.tag } : {}) });
  });
  return [...versions.values()].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/**
 * Pages carry their version and language as folders (`fr/v1/intro`); without them,
 * the same page in two scopes has the same key (`intro`).
 */
export function scopeFolderStripper(versions: readonly VersionInfo[], languages: readonly LanguageInfo[]) {
  const folders = new Set([...versions.map((v) => v.name), ...languages.map((l) => l.code)].map((f) => f.toLowerCase()));
  return (page: string): string => {
    const segments = page.split('/');
    while (segments.length > 1 && folders.has(segments[0]!.toLowerCase())) segments.shift();
    if (segments.length === 1 && folders.has(segments[0]!.toLowerCase())) return 'index';
    return segments.join('/');
  };
}
