/**
 * Ranked search over the MCP index (`docs-index.ts`): BM25 over the weighted words, pages
 * that hold every word of the query first. Pure and synchronous: the index is in memory.
 * A server answers many searches over one index, so what does not depend on the query (each
 * page's length norm and scope, each word's decoded postings) is worked out once per index.
 */
import { decodePostings, words, type McpIndex, type McpPage } from './docs-index.ts';

export interface Scope {
  version: string | null;
  language: string | null;
}

export interface SearchHit {
  page: McpPage;
  score: number;
}

const K1 = 1.2;
const B = 0.6;

interface Prepared {
  /** BM25's length norm of each page. */
  norms: Float64Array;
  /** Each page's version and language, as a key (`scopeKeyOf`). */
  scopes: string[];
  /** Decoded postings by word: page ids and weights, side by side. */
  postings: Map<string, Int32Array>;
  /** Per page, reused by each search: its score, and how many of the query's words it has. */
  scores: Float64Array;
  matched: Uint8Array;
}

const prepared = new WeakMap<McpIndex, Prepared>();
const scopeKeyOf = (scope: Scope) => `${scope.version ?? ''}\u0000${scope.language ?? ''}`;

function prepare(index: McpIndex): Prepared {
  let ready = prepared.get(index);
  if (ready) return ready;
  const count = index.pages.length;
  const averageWords = index.pages.reduce((sum, page) => sum + page.words, 0) / Math.max(1, count);
  ready = {
    norms: Float64Array.from(index.pages, (page) => 1 - B + B * (page.words / Math.max(1, averageWords))),
    scopes: index.pages.map(scopeKeyOf),
    postings: new Map(),
    scores: new Float64Array(count),
    matched: new Uint8Array(count),
  };
  prepared.set(index, ready);
  return ready;
}

function postingsOf(index: McpIndex, ready: Prepared, word: string): Int32Array | undefined {
  let list = ready.postings.get(word);
  if (!list) {
    const encoded = Object.hasOwn(index.terms, word) ? index.terms[word] : undefined;
    if (!encoded) return undefined;
    list = decodePostings(encoded);
    ready.postings.set(word, list);
  }
  return list;
}

/** The pages of `scope` that match `query`, best first. */
export function searchIndex(index: McpIndex, query: string, scope: Scope, limit: number): SearchHit[] {
  const wanted = [...new Set(words(query))];
  if (wanted.length === 0) return [];
  const ready = prepare(index);
  const { norms, scores, matched } = ready;
  const inScope = scopeKeyOf(scope);
  const touched: number[] = [];
  for (const word of wanted) {
    const postings = postingsOf(index, ready, word);
    if (!postings) continue;
    const found = postings.length / 2;
    const idf = Math.log(1 + (index.pages.length - found + 0.5) / (found + 0.5));
    for (let i = 0; i < postings.length; i += 2) {
      const id = postings[i]!;
      if (ready.scopes[id] !== inScope) continue;
      const weight = postings[i + 1]!;
      if (matched[id] === 0) touched.push(id);
      scores[id] = scores[id]! + (idf * weight * (K1 + 1)) / (weight + K1 * norms[id]!);
      matched[id] = matched[id]! + 1;
    }
  }
  const phrase = query.trim().toLowerCase();
  const best: SearchHit[] = [];
  for (const id of touched) {
    const page = index.pages[id]!;
    // Every word of the query counts more than many of one; the query as a title most.
    const coverage = (matched[id]! / wanted.length) ** 2;
    const titled = phrase.length > 2 && page.title.toLowerCase().includes(phrase) ? 2 : 1;
    keepBest(best, { page, score: scores[id]! * coverage * titled }, limit);
    scores[id] = 0;
    matched[id] = 0;
  }
  return best;
}

const ranksBefore = (a: SearchHit, b: SearchHit) => a.score > b.score || (a.score === b.score && a.page.url < b.page.url);

/** Puts `hit` in its place in `best`, which holds at most `limit` hits, best first. */
function keepBest(best: SearchHit[], hit: SearchHit, limit: number): void {
  if (best.length === limit && !ranksBefore(hit, best[limit - 1]!)) return;
  let at = best.length;
  while (at > 0 && ranksBefore(hit, best[at - 1]!)) at--;
  best.splice(at, 0, hit);
  if (best.length > limit) best.pop();
}

/**
 * A short passage of a page's body (`bodyOf`) around the first line that holds a word of
 * the query: a line's Markdown marks (a heading's, a quotation's, a list's) are left out,
 * and code fences and tables are passed over.
 */
export function excerptAround(body: string, query: string, length = 240): string {
  const wanted = new Set(words(query));
  return passageOf(firstLineWith(body, [...wanted]), wanted, length);
}

/** `line` with its spaces made one, cut to `length` around the first of `wanted` it holds. */
export function passageOf(line: string, wanted: ReadonlySet<string>, length: number): string {
  const flat = line.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const lower = flat.toLowerCase();
  const first = Math.min(...[...wanted].map((word) => lower.indexOf(word)).filter((index) => index >= 0), flat.length);
  const start = Math.max(0, Math.min(first - length / 3, flat.length - length));
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + length).trim()}…`;
}

/**
 * The first line of text that holds one of `wanted`, else the first line of text. Lines
 * are read one at a time and stop at the match: a search reads the excerpts of up to 20
 * pages, and most of a long page is after its first match.
 */
function firstLineWith(body: string, wanted: readonly string[]): string {
  let first: string | undefined;
  let from = 0;
  while (from <= body.length) {
    const end = body.indexOf('\n', from);
    const raw = body.slice(from, end < 0 ? body.length : end);
    from = end < 0 ? body.length + 1 : end + 1;
    if (!raw.trim() || /^\s*(```|~~~|\||---)/.test(raw)) continue;
    const line = raw.replace(/^\s*(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+\.\s+)+/, '');
    first ??= line;
    if (mayHold(line, wanted) && words(line).some((word) => wanted.includes(word))) return line;
  }
  return first ?? '';
}

/**
 * Whether `words(line)` may have one of `wanted`: each word of an ASCII line is a part of its
 * lower case, so a line without any of them as a part has none of them (and is not split).
 */
function mayHold(line: string, wanted: readonly string[]): boolean {
  const lower = line.toLowerCase();
  return /[^\x00-\x7f]/.test(lower) || wanted.some((word) => lower.includes(word));
}
