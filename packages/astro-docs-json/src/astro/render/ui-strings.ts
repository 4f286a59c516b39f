/** The few words the layout itself shows, in the page's language (English otherwise). */
export interface UiStrings {
  skipToContent: string;
  onThisPage: string;
  previous: string;
  next: string;
  breadcrumb: string;
  inThisSection: string;
  /** Before the page's last-modified date: "Last updated 13 August 2026". */
  lastUpdated: string;
  /** The heading of the links at the foot of a page (`relatedPages`). */
  relatedTopics: string;
}

const STRINGS: Record<string, UiStrings> = {
  en: { skipToContent: 'Skip to content', onThisPage: 'On this page', previous: 'Previous', next: 'Next', breadcrumb: 'Breadcrumb', inThisSection: 'In this section', lastUpdated: 'Last updated', relatedTopics: 'Related topics' },
  fr: { skipToContent: 'Aller au contenu', onThisPage: 'Sur cette page', previous: 'Précédent', next: 'Suivant', breadcrumb: "Fil d'Ariane", inThisSection: 'Dans cette section', lastUpdated: 'Dernière mise à jour le', relatedTopics: 'Sujets connexes' },
  es: { skipToContent: 'Ir al contenido', onThisPage: 'En esta página', previous: 'Anterior', next: 'Siguiente', breadcrumb: 'Ruta de navegación', inThisSection: 'En esta sección', lastUpdated: 'Actualizado el', relatedTopics: 'Temas relacionados' },
  de: { skipToContent: 'Zum Inhalt springen', onThisPage: 'Auf dieser Seite', previous: 'Zurück', next: 'Weiter', breadcrumb: 'Brotkrümelnavigation', inThisSection: 'In diesem Abschnitt', lastUpdated: 'Zuletzt aktualisiert am', relatedTopics: 'Verwandte Themen' },
  pt: { skipToContent: 'Ir para o conteúdo', onThisPage: 'Nesta página', previous: 'Anterior', next: 'Próximo', breadcrumb: 'Trilha de navegação', inThisSection: 'Nesta seção', lastUpdated: 'Atualizado em', relatedTopics: 'Tópicos relacionados' },
  it: { skipToContent: 'Vai al contenuto', onThisPage: 'In questa pagina', previous: 'Precedente', next: 'Successivo', breadcrumb: 'Percorso', inThisSection: 'In questa sezione', lastUpdated: 'Aggiornato il', relatedTopics: 'Argomenti correlati' },
  ja: { skipToContent: 'コンテンツへスキップ', onThisPage: 'このページの内容', previous: '前へ', next: '次へ', breadcrumb: 'パンくずリスト', inThisSection: 'このセクション', lastUpdated: '最終更新日:', relatedTopics: '関連トピック' },
  zh: { skipToContent: '跳到内容', onThisPage: '本页内容', previous: '上一页', next: '下一页', breadcrumb: '面包屑导航', inThisSection: '本节内容', lastUpdated: '最后更新于', relatedTopics: '相关主题' },
  ko: { skipToContent: '본문으로 건너뛰기', onThisPage: '이 페이지의 내용', previous: '이전', next: '다음', breadcrumb: '이동 경로', inThisSection: '이 섹션', lastUpdated: '마지막 업데이트:', relatedTopics: '관련 주제' },
};

/** `pt-BR` and `zh-Hant` fall back to `pt` and `zh`. */
export function uiStrings(tag: string | undefined): UiStrings {
  const primary = tag?.split('-')[0]?.toLowerCase() ?? 'en';
  return STRINGS[tag?.toLowerCase() ?? ''] ?? STRINGS[primary] ?? STRINGS.en!;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date as the page's language writes it (`13 August 2026`), one formatter per language; the day in UTC, as Git and `lastUpdatedDate` give it. */
export function formatDate(iso: string, tag: string | undefined): string {
  const locale = tag ?? 'en';
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}
