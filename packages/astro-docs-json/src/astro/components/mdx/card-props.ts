/** `<Card>`'s props besides its title and icon, for `Card.astro` and its React twin (`astro/react/card.ts`). */
export interface CardOptions {
  /** The icon's colour. */
  color?: unknown;
  href?: unknown;
  horizontal?: unknown;
  /** An image across the top of the card. */
  img?: unknown;
  /** The call to action at the foot of a linked card. */
  cta?: unknown;
  arrow?: unknown;
  /** A callout's kind, whose colours and icon (unless `icon` is given) the card takes. */
  type?: unknown;
}

/** The callout kinds a card may take the colours and icon of. */
export const CARD_TYPES = ['note', 'tip', 'info', 'warning', 'check', 'danger'] as const;
