/** The anchor of a label (`v2.1 — June` → `v21--june`), as headings get theirs: components' titles, changelog entries. */
export function labelAnchor(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
