/**
 * Lines of text set as CSS sets a block of them, for the social images (`social-image.ts`):
 * broken at spaces to fit a width, each line a box of `lineHeight` times the font size with
 * the font's ascent and descent centred in it, and blocks stacked from the bottom of a box.
 * Pure arithmetic: the widths come from the font, measured by the caller.
 */

/** A font's vertical metrics, in its units: `descent` is below the baseline, so negative. */
export interface VerticalMetrics {
  ascent: number;
  descent: number;
  unitsPerEm: number;
}

/**
 * The text's lines, none wider than `maxWidth` where it can be helped: broken at spaces, and
 * a word wider than a line broken between its characters. `widthOf` measures a word (no
 * spaces); a space is `spaceWidth` wide.
 */
export function wrapText(text: string, maxWidth: number, widthOf: (word: string) => number, spaceWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  let width = 0;
  for (const word of text.split(' ').filter(Boolean)) {
    const wordWidth = widthOf(word);
    if (line && width + spaceWidth + wordWidth <= maxWidth) {
      line += ` ${word}`;
      width += spaceWidth + wordWidth;
      continue;
    }
    if (line) lines.push(line);
    if (wordWidth <= maxWidth) {
      [line, width] = [word, wordWidth];
      continue;
    }
    const pieces = breakWord(word, maxWidth, widthOf);
    lines.push(...pieces.slice(0, -1));
    line = pieces.at(-1)!;
    width = widthOf(line);
  }
  if (line) lines.push(line);
  return lines;
}

/** A word too wide for a line, in pieces that fit (at least one character each). */
function breakWord(word: string, maxWidth: number, widthOf: (word: string) => number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const character of word) {
    if (piece && widthOf(piece + character) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  pieces.push(piece);
  return pieces;
}

/** The height of a block of `lines` lines. */
export function blockHeight(lines: number, fontSize: number, lineHeight: number): number {
  return lines * fontSize * lineHeight;
}

/** The baseline of each line of a block whose top is at `top`: the ascent and descent centred in each line's box (CSS's half-leading). */
export function baselines(top: number, lines: number, fontSize: number, lineHeight: number, metrics: VerticalMetrics): number[] {
  const scale = fontSize / metrics.unitsPerEm;
  const lineBox = fontSize * lineHeight;
  const halfLeading = (lineBox - (metrics.ascent - metrics.descent) * scale) / 2;
  return Array.from({ length: lines }, (_, line) => top + line * lineBox + halfLeading + metrics.ascent * scale);
}

/** The top of each block, the blocks stacked one under the other, each after its margin, the last ending at `bottom`. */
export function stackAtBottom(blocks: ReadonlyArray<{ height: number; marginTop: number }>, bottom: number): number[] {
  const total = blocks.reduce((sum, block) => sum + block.marginTop + block.height, 0);
  let top = bottom - total;
  return blocks.map((block) => {
    top += block.marginTop;
    const at = top;
    top += block.height;
    return at;
  });
}
