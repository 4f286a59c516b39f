/**
 * The words a text is searched by: one reading for every search the site does over its own
 * text (the MCP server's index, related pages), so that they agree on what a word is.
 */

/** Words too common to tell pages apart. */
const STOPWORDS = new Set(
  'a an and are as at be but by can do does for from has have how if in into is it its may more not of on or our so than that the their then there these they this to use used uses using was we what when where which will with you your'.split(' '),
);
const MAX_WORD = 40;

/** A text's words, as the index and searches read them: lower case, without accents or a plural `s`. */
export function words(text: string): string[] {
  let lower = text.toLowerCase();
  // Most text of most sites is ASCII, which neither has accents nor needs Unicode's classes.
  const ascii = !/[^\x00-\x7f]/.test(lower);
  if (!ascii) lower = lower.normalize('NFKD').replace(/\p{M}/gu, '');
  const result: string[] = [];
  for (const raw of lower.split(ascii ? /[^a-z0-9_]+/ : /[^\p{L}\p{N}_]+/u)) {
    if (raw.length < 2 || raw.length > MAX_WORD || STOPWORDS.has(raw)) continue;
    result.push(raw.length > 3 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw);
  }
  return result;
}
