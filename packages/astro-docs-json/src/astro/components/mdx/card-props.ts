/** The callout kinds a card may take the colours and icon of, for `Card.astro` and its React twin (`astro/react/card.ts`). */
export const CARD_TYPES = ['note', 'tip', 'info', 'warning', 'check', 'danger'] as const;
