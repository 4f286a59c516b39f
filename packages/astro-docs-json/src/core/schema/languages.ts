/**
 * Language codes accepted in `navigation.languages[].language`: the table of spec 2.4,
 * plus the aliases real Mintlify repositories use. Each maps to the BCP 47 tag that
 * goes into `<html lang>` and to the language's own name, for the language selector.
 */
export const LANGUAGES = {
  ar: { tag: 'ar', name: 'العربية' },
  ca: { tag: 'ca', name: 'Català' },
  cn: { tag: 'zh-Hans', name: '简体中文' },
  zh: { tag: 'zh-Hans', name: '简体中文' },
  'zh-Hans': { tag: 'zh-Hans', name: '简体中文' },
  'zh-CN': { tag: 'zh-CN', name: '简体中文' },
  'zh-Hant': { tag: 'zh-Hant', name: '繁體中文' },
  'zh-TW': { tag: 'zh-TW', name: '繁體中文' },
  cs: { tag: 'cs', name: 'Čeština' },
  da: { tag: 'da', name: 'Dansk' },
  nl: { tag: 'nl', name: 'Nederlands' },
  en: { tag: 'en', name: 'English' },
  fi: { tag: 'fi', name: 'Suomi' },
  fr: { tag: 'fr', name: 'Français' },
  'fr-CA': { tag: 'fr-CA', name: 'Français (Canada)' },
  'fr-ca': { tag: 'fr-CA', name: 'Français (Canada)' },
  de: { tag: 'de', name: 'Deutsch' },
  he: { tag: 'he', name: 'עברית' },
  hi: { tag: 'hi', name: 'हिन्दी' },
  hu: { tag: 'hu', name: 'Magyar' },
  id: { tag: 'id', name: 'Bahasa Indonesia' },
  it: { tag: 'it', name: 'Italiano' },
  jp: { tag: 'ja', name: '日本語' },
  ja: { tag: 'ja', name: '日本語' },
  'ja-jp': { tag: 'ja-JP', name: '日本語' },
  'ja-JP': { tag: 'ja-JP', name: '日本語' },
  ko: { tag: 'ko', name: '한국어' },
  lv: { tag: 'lv', name: 'Latviešu' },
  no: { tag: 'no', name: 'Norsk' },
  pl: { tag: 'pl', name: 'Polski' },
  pt: { tag: 'pt', name: 'Português' },
  'pt-BR': { tag: 'pt-BR', name: 'Português (Brasil)' },
  ro: { tag: 'ro', name: 'Română' },
  ru: { tag: 'ru', name: 'Русский' },
  es: { tag: 'es', name: 'Español' },
  sv: { tag: 'sv', name: 'Svenska' },
  tr: { tag: 'tr', name: 'Türkçe' },
  uk: { tag: 'uk', name: 'Українська' },
  uz: { tag: 'uz', name: 'Oʻzbekcha' },
  vi: { tag: 'vi', name: 'Tiếng Việt' },
} as const satisfies Record<string, { tag: string; name: string }>;

export type LanguageCode = keyof typeof LANGUAGES;

export const LANGUAGE_CODES = Object.keys(LANGUAGES) as [LanguageCode, ...LanguageCode[]];

/** Right-to-left scripts, for `<html dir>`. */
export function isRightToLeft(code: LanguageCode): boolean {
  return code === 'ar' || code === 'he';
}
