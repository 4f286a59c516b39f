/**
 * Anchors as Mintlify makes them, so that every link into a page that worked on Mintlify
 * works here: the ids of headings (`## Q&A` is `#q&a`, `## A/B tests` is `#a/b-tests`), of
 * changelog entries and steps, and the custom ids authors give (`## Setup {#install}`).
 *
 * A heading's title is first read as Mintlify's parser reads it, with smart punctuation
 * (`headingTitle`): `What's new` is `what’s-new`. Then it becomes an anchor in three
 * steps, as on Mintlify:
 * 1. lowercased, runs of whitespace made `-`, and percent-encoded (`encodeURIComponent`);
 * 2. slugged by `@sindresorhus/slugify` 2.2.0, Mintlify's version. Text that step 1 had to
 *    escape keeps its escapes (and its capitals) through the slug, as in `a%2Fb-tests`;
 * 3. cleaned (`cleanAnchor`): the escapes decoded again, and punctuation browsers and
 *    Mintlify's pages drop (`?`, `:`, quotes, brackets) and emoji removed.
 * On a page, Markdown headings are counted (the second `## Setup` is `setup-2`), and every
 * anchor of the table of contents is kept unique (`PageAnchors`).
 *
 * Fields, accordions and views are slugged otherwise, by the slug library with
 * transliteration (`fieldAnchor`, `componentAnchor`); tabs as headings, without step 3
 * (`tabAnchor`). `component-anchors.ts` counts them on a page.
 */
import librarySlugify from '@sindresorhus/slugify';
import { retext } from 'retext';
import retextSmartypants from 'retext-smartypants';

/** What `encodeURIComponent` leaves as it is, plus its escapes: all that step 1 can give. */
const ENCODED_TEXT = /^[A-Za-z0-9\-_.!~*'()%]*$/;
const PERCENT_ESCAPE = /%[0-9A-F]{2}/;

/**
 * The library's slug of text that step 1 gave, without the library's cost. The library
 * transliterates first, building some 2,000 regular expressions on every call (0.6 ms: a
 * site of 10,000 headings would spend 6 s on it), and transliteration leaves such text as
 * it is; what follows is the library's own sequence of steps, for `preserveCharacters`
 * `_` (and `%`, with the case kept, for escaped text). A test compares the two on every
 * kind of input; anything else goes to the library itself.
 */
function librarySlug(text: string, escaped: boolean): string {
  if (!ENCODED_TEXT.test(text)) {
    return escaped
      ? librarySlugify(text, { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false })
      : librarySlugify(text, { decamelize: false, preserveCharacters: ['_'] });
  }
  return joinedSlug(escaped ? text.replace(/[^a-zA-Z\d%_]+/g, '-') : text.toLowerCase().replace(/[^a-z\d_]+/g, '-'));
}

/** The library's last steps, on text whose separators are `-`: contractions joined, runs of `-` made one, none at the ends. */
function joinedSlug(separated: string): string {
  // `what-s` and `don-t` are contractions, whose apostrophe became a separator.
  const contracted = separated.replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3');
  return contracted.replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
}

/** Part of a heading's text: text, or inline code, which smart punctuation leaves as it is. */
export interface TitlePart {
  text: string;
  code?: boolean;
}

// Mintlify's parser educates quotes over the whole page's text at once, then dashes,
// ellipses and backticks in each text node: the same two passes of the same library.
const educateQuotes = retext().use(retextSmartypants, { ellipses: false, dashes: false, backticks: false });
const educateSigns = retext().use(retextSmartypants, { quotes: false });
/** What smart punctuation changes: quotes, `--`, `...` and `. . .`, ` `` `. */
const PUNCTUATION = /['"`]|--|\.\s?\.\s?\./;

/**
 * A heading's title as Mintlify reads it: its text with smart punctuation (`What’s new`,
 * `Q — A`), its code as written. `before`: the text just before the heading, which decides
 * whether a quote that opens the title opens or closes (`."Quoted"` is `.”Quoted”`, as
 * Mintlify reads the page as one text).
 */
export function headingTitle(parts: readonly TitlePart[], before = ''): string {
  if (!parts.some((part) => !part.code && PUNCTUATION.test(part.text))) return parts.map((part) => part.text).join('');
  // Code stands in the text for quotes as letters do, and keeps its length.
  const quoted = String(educateQuotes.processSync(before + parts.map((part) => (part.code ? 'A'.repeat(part.text.length) : part.text)).join(''))).slice(before.length);
  let at = 0;
  return parts
    .map((part) => {
      const text = quoted.slice(at, (at += part.text.length));
      return part.code ? part.text : PUNCTUATION.test(text) ? String(educateSigns.processSync(text)) : text;
    })
    .join('');
}

/** Slugs of the titles seen, as the library's cost makes them worth keeping: a title's slug is the same on every page. */
const slugs = new Map<string, string>();
const MAX_KEPT_SLUGS = 20_000;

/** A title's slug before it is cleaned (steps 1 and 2): `a%2Fb-tests` for `A/B tests`. */
export function headingSlug(title: string): string {
  let slug = slugs.get(title);
  if (slug === undefined) {
    const encoded = encodeURIComponent(title.toLowerCase().trim().replace(/\s+/g, '-'));
    slug = librarySlug(encoded, PERCENT_ESCAPE.test(encoded));
    if (slugs.size >= MAX_KEPT_SLUGS) slugs.clear();
    slugs.set(title, slug);
  }
  return slug;
}

const EMOJI = /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu;

/** Step 3: escapes decoded (a `%` that escapes nothing is a `%`), then punctuation and emoji dropped. */
export function cleanAnchor(id: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(id.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return id; // escapes of no character (`%E6` alone): kept as written, as Mintlify keeps them
  }
  return decoded.replace(/[?,;:!'"()[\]{}]/g, '').replace(EMOJI, '');
}

/** A custom id as written (`{#Install now}`): what HTML and Mintlify's pages cannot keep dropped, spaces made `-`. */
export function customAnchor(written: string): string {
  return written.trim().replace(/[<>"&?,;:!'()[\]{}]/g, '').replace(EMOJI, '').replace(/\s+/g, '-');
}

/** The anchor of a label on its own (`v2.1 — June`), as a changelog entry's: for links from outside its page, such as feeds. */
export function labelAnchor(label: string): string {
  return cleanAnchor(headingSlug(label));
}

/** Slugs of the slug library as components' anchors call it, kept as `slugs` are: the library costs 0.6 ms a call. */
const librarySlugs = new Map<string, string>();

const ASCII = /^[\x00-\x7F]*$/;

/**
 * The library's slug (with transliteration) of ASCII text, without its cost: of ASCII,
 * transliteration only spells out `&` and drops the two accents `^` and `` ` ``; then come
 * the library's own steps for its default options. Field names and titles are mostly
 * ASCII, and most are met once (a page's own fields): the cache alone does not spare them.
 * A test compares the two on every kind of input.
 */
function asciiSlug(text: string, decamelize: boolean): string {
  let slug = text.replace(/&/g, ' and ').replace(/[\^`]/g, '');
  if (decamelize) {
    slug = slug
      .replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
      .replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
      .replace(/([a-z\d])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2');
  }
  return joinedSlug(slug.toLowerCase().replace(/[^a-z\d]+/g, '-'));
}

/** The slug library itself, with transliteration: what is no Latin letter nor digit after it goes (`한국어 Docs` → `docs`). */
function transliteratedSlug(text: string, decamelize: boolean): string {
  const key = `${decamelize ? 1 : 0}${text}`;
  let slug = librarySlugs.get(key);
  if (slug === undefined) {
    slug = ASCII.test(text) ? asciiSlug(text, decamelize) : librarySlugify(text, { decamelize });
    if (librarySlugs.size >= MAX_KEPT_SLUGS) librarySlugs.clear();
    librarySlugs.set(key, slug);
  }
  return slug;
}

/**
 * The anchor of a documented field (`<ParamField>`, `<ResponseField>`, a field of an
 * OpenAPI page) as Mintlify makes it: `param-` and the name, slugged with camelCase split
 * and `_` a separator (`build_id` → `param-build-id`, `workingDir` → `param-working-dir`,
 * `--api-key / -k` → `param-api-key-k`). `repeat`: how many fields of this anchor the page
 * has before this one, written `_<n>` before slugging (`param-id-1`).
 */
export function fieldAnchor(name: string, repeat = 0): string {
  return transliteratedSlug(`param-${name}${repeat > 0 ? `_${repeat}` : ''}`, true);
}

/**
 * The anchor of an accordion or a view, from its title's text, as Mintlify makes it: the
 * title's first `:` made `-`, slugged with transliteration (`A/B tests` → `a-b-tests`;
 * words of other scripts go: `컴피 Comfy Desktop` → `comfy-desktop`). `repeat`: how many
 * before it on the page have this anchor, written `-<n>`.
 */
export function componentAnchor(title: string, repeat = 0): string {
  const base = transliteratedSlug(title.replace(':', '-'), false);
  return repeat > 0 ? `${base}-${repeat}` : base;
}

/**
 * The anchor of a tab, as Mintlify makes it: its title's slug as a heading's, before
 * cleaning (`A/B tests` → `a%2Fb-tests`, escapes kept), counted by `counter` as headings
 * are (`setup`, `setup-2`).
 */
export function tabAnchor(title: string, counter: SlugCounter): string {
  return counter.count(headingSlug(title));
}

/** The slug library's counter: a slug, with `-<n>` from its second occurrence on (the second `setup` is `setup-2`). */
export class SlugCounter {
  /** How often each slug (lowercased) has been counted. */
  readonly #counted = new Map<string, number>();

  count(slug: string): string {
    if (!slug) return '';
    const key = slug.toLowerCase();
    const numberless = this.#counted.get(key.replace(/(?:-\d+?)+?$/, '')) ?? 0;
    const count = (this.#counted.get(key) ?? 0) + 1;
    this.#counted.set(key, count);
    return count >= 2 || numberless > 2 ? `${slug}-${count}` : slug;
  }
}

/**
 * The anchors of one page, in the order the page has them. Markdown headings of levels 1
 * to 4 are counted by their slug, as the slug library's counter does: the second `Setup`
 * is `setup-2`, and a third `intro-2` after three `Intro`s is `intro-2-3`. Everything the
 * table of contents lists then takes an anchor no entry before it has (`claim`).
 */
export class PageAnchors {
  readonly #counter = new SlugCounter();
  /** The anchors the table of contents holds, each with how often it was asked for. */
  readonly #claimed = new Map<string, number>();
  /** Anchors of headings outside Mintlify's scheme (levels 5 and 6). */
  readonly #minor = new Set<string>();

  /**
   * A Markdown heading of level 1 to 4. `custom`: its id as written (`{#id}`), if it has
   * one. `listed`: the table of contents lists it (it is not inside an accordion, say).
   */
  heading(title: string, custom: string | undefined, listed: boolean): string {
    if (custom !== undefined) return listed ? this.entry(title, customAnchor(custom)) : customAnchor(custom);
    const counted = this.#counter.count(headingSlug(title));
    return listed ? cleanAnchor(this.#claim(cleanAnchor(counted))) : cleanAnchor(counted);
  }

  /**
   * An entry of the table of contents that is not a Markdown heading: an `<h2>` or
   * `<Heading>` written as JSX, a changelog entry, a step. Its own id when it has one that
   * cleaning leaves something of, or its title's.
   */
  entry(title: string, id: string | undefined): string {
    const own = id === undefined ? '' : cleanAnchor(id);
    return cleanAnchor(this.#claim(own || headingSlug(title)));
  }

  /** A heading of level 5 or 6, which Mintlify gives no anchor: one unique on the page, which moves no other. */
  minor(title: string, custom: string | undefined): string {
    const base = custom !== undefined ? customAnchor(custom) : cleanAnchor(headingSlug(title));
    let anchor = base;
    for (let suffix = 2; this.#claimed.has(anchor) || this.#minor.has(anchor); suffix++) anchor = `${base}-${suffix}`;
    this.#minor.add(anchor);
    return anchor;
  }

  /** `slug`, or the first `slug-<n>` (n from 2) that no entry has. */
  #claim(slug: string): string {
    const times = this.#claimed.get(slug) ?? 0;
    this.#claimed.set(slug, times + 1);
    if (times === 0) return slug;
    let suffix = times + 1;
    while (this.#claimed.has(`${slug}-${suffix}`)) suffix++;
    this.#claimed.set(`${slug}-${suffix}`, 1);
    return `${slug}-${suffix}`;
  }
}
