/** The kinds of callout, and the name each is announced by, for `Callout.astro` and its React twin (`astro/react/callout.ts`). */
export type CalloutKind = 'note' | 'tip' | 'info' | 'warning' | 'check' | 'danger' | 'callout';

export const CALLOUT_LABELS: Record<CalloutKind, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  check: 'Check',
  danger: 'Danger',
  callout: 'Callout',
};
