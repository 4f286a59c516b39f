/**
 * Sets a page's title and description on its social image, as satori would lay them out
 * (`core/seo/social-image.ts`, `core/seo/text-layout.ts`), at a fraction of its cost: words
 * are shaped by fontkit (kerning included) once per site, and each glyph is rasterised by
 * resvg once per size and third of a pixel, then blended into the image wherever it occurs.
 * Laying out and rasterising every page's text anew was most of an image's time, and the
 * build draws one image per page.
 */
import { Resvg } from '@resvg/resvg-js';
import * as fontkit from 'fontkit';
import type { Pixels } from '../../core/seo/png.ts';
import type { SocialImageText } from '../../core/seo/social-image.ts';
import { baselines, blockHeight, stackAtBottom, wrapText } from '../../core/seo/text-layout.ts';

/** A font file as satori takes it, by family name and weight. */
export interface FontFile {
  name: string;
  data: Buffer | ArrayBuffer;
  weight?: number;
}

/** A glyph's coverage, placed relative to its pen position on the baseline. */
interface GlyphMask {
  left: number;
  top: number;
  width: number;
  height: number;
  alpha: Uint8Array;
}

/** A glyph of a set word: which font, which glyph, and its x from the word's start, in pixels. */
interface PlacedGlyph {
  font: number;
  glyph: fontkit.Glyph;
  x: number;
}

interface SetWord {
  glyphs: PlacedGlyph[];
  width: number;
}

/** Subpixel positions a glyph is rasterised at: thirds of a pixel. */
const SUBPIXELS = 3;
/** Words kept shaped; past this, the cache starts again (a site's words are far fewer). */
const MAX_WORDS = 50_000;

/** The rows of the image a paint changed, end excluded. */
export interface PaintedRows {
  from: number;
  to: number;
}

export class TextSetter {
  /** By weight: the fonts to draw in, the family's first, then the others as fallbacks for the characters it lacks. */
  private readonly fonts = new Map<number, fontkit.Font[]>();
  private readonly words = new Map<string, SetWord>();
  private readonly masks = new Map<string, GlyphMask | null>();
  private readonly files: readonly FontFile[];
  private readonly family: string;

  constructor(family: string, files: readonly FontFile[]) {
    this.family = family;
    this.files = files;
  }

  /** Sets the blocks, stacked at the bottom of the box, into `canvas` (RGB). */
  paint(canvas: Pixels, blocks: readonly SocialImageText[], box: { left: number; width: number; bottom: number }): PaintedRows {
    const set = blocks.map((block) => {
      const fonts = this.fontsOf(block.fontWeight);
      const widthOf = (word: string) => this.word(word, block, fonts).width;
      const lines = wrapText(block.text, box.width, widthOf, this.word(' ', block, fonts).width);
      return { block, fonts, lines, height: blockHeight(lines.length, block.fontSize, block.lineHeight), marginTop: block.marginTop };
    });
    const tops = stackAtBottom(set, box.bottom);
    const painted = { from: canvas.height, to: 0 };
    set.forEach(({ block, fonts, lines }, index) => {
      const color = rgbOf(block.color);
      // The line boxes are the first font's, as CSS's are the first available font's.
      const lineBaselines = baselines(tops[index]!, lines.length, block.fontSize, block.lineHeight, fonts[0]!);
      lines.forEach((line, at) => this.paintLine(canvas, line, { block, fonts, color, left: box.left, baseline: lineBaselines[at]! }, painted));
    });
    return painted;
  }

  private paintLine(canvas: Pixels, line: string, at: { block: SocialImageText; fonts: readonly fontkit.Font[]; color: readonly number[]; left: number; baseline: number }, painted: PaintedRows): void {
    const { block, fonts } = at;
    const space = this.word(' ', block, fonts).width;
    let x = at.left;
    for (const word of line.split(' ')) {
      const setWord = this.word(word, block, fonts);
      for (const glyph of setWord.glyphs) this.blend(canvas, glyph, block.fontSize, block.fontWeight, x + glyph.x, at.baseline, at.color, painted);
      x += setWord.width + space;
    }
  }

  /** The fonts of the weight nearest `weight`, of each name. */
  private fontsOf(weight: number): fontkit.Font[] {
    let fonts = this.fonts.get(weight);
    if (!fonts) {
      const byName = new Map<string, FontFile>();
      for (const file of this.files) {
        const chosen = byName.get(file.name);
        if (!chosen || Math.abs((file.weight ?? 400) - weight) < Math.abs((chosen.weight ?? 400) - weight)) byName.set(file.name, file);
      }
      const ordered = [...byName.values()].sort((a, b) => Number(b.name === this.family) - Number(a.name === this.family));
      fonts = ordered.map((file) => openFont(file.data));
      this.fonts.set(weight, fonts);
    }
    return fonts;
  }

  /** A word shaped: split into runs by the font that has their characters, each run laid out with its kerning. */
  private word(word: string, block: SocialImageText, fonts: readonly fontkit.Font[]): SetWord {
    const key = `${block.fontSize}\u0000${block.fontWeight}\u0000${block.letterSpacing}\u0000${word}`;
    let set = this.words.get(key);
    if (set) return set;
    const glyphs: PlacedGlyph[] = [];
    let pen = 0;
    for (const run of fontRuns(word, fonts)) {
      const font = fonts[run.font]!;
      const scale = block.fontSize / font.unitsPerEm;
      const laid = font.layout(run.text);
      laid.glyphs.forEach((glyph, index) => {
        const position = laid.positions[index]!;
        glyphs.push({ font: run.font, glyph, x: pen + position.xOffset * scale });
        pen += position.xAdvance * scale + block.letterSpacing;
      });
    }
    set = { glyphs, width: pen };
    if (this.words.size >= MAX_WORDS) this.words.clear();
    this.words.set(key, set);
    return set;
  }

  private blend(canvas: Pixels, placed: PlacedGlyph, size: number, weight: number, x: number, baseline: number, color: readonly number[], painted: PaintedRows): void {
    let column = Math.floor(x);
    let third = Math.round((x - column) * SUBPIXELS);
    if (third === SUBPIXELS) [column, third] = [column + 1, 0];
    const key = `${weight}:${placed.font}:${placed.glyph.id}:${size}:${third}`;
    let mask = this.masks.get(key);
    if (mask === undefined) {
      mask = rasterise(placed.glyph, size / this.fontsOf(weight)[placed.font]!.unitsPerEm, third / SUBPIXELS);
      this.masks.set(key, mask);
    }
    if (!mask) return;
    const top = Math.round(baseline) + mask.top;
    composite(canvas, mask, column + mask.left, top, color);
    painted.from = Math.max(0, Math.min(painted.from, top));
    painted.to = Math.min(canvas.height, Math.max(painted.to, top + mask.height));
  }
}

function openFont(data: Buffer | ArrayBuffer): fontkit.Font {
  const opened = fontkit.create(Buffer.isBuffer(data) ? data : Buffer.from(data));
  return 'fonts' in opened ? opened.fonts[0]! : opened;
}

/** The word in runs of characters of one font: the first that has the character, else the first font's. */
function fontRuns(word: string, fonts: readonly fontkit.Font[]): Array<{ font: number; text: string }> {
  const runs: Array<{ font: number; text: string }> = [];
  for (const character of word) {
    const found = fonts.findIndex((font) => font.hasGlyphForCodePoint(character.codePointAt(0)!));
    const font = found === -1 ? 0 : found;
    const last = runs.at(-1);
    if (last && last.font === font) last.text += character;
    else runs.push({ font, text: character });
  }
  return runs;
}

/** A glyph's coverage at `scale` (pixels per font unit), shifted right by `shift` of a pixel; null for one that draws nothing. */
function rasterise(glyph: fontkit.Glyph, scale: number, shift: number): GlyphMask | null {
  const box = glyph.bbox;
  if (!(box.maxX > box.minX && box.maxY > box.minY)) return null;
  const left = Math.floor(box.minX * scale + shift) - 1;
  const top = Math.floor(-box.maxY * scale) - 1;
  const width = Math.ceil(box.maxX * scale + shift) + 1 - left;
  const height = Math.ceil(-box.minY * scale) + 1 - top;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path transform="matrix(${scale} 0 0 ${-scale} ${shift - left} ${-top})" d="${glyph.path.toSVG()}"/></svg>`;
  const rgba = new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = rgba[i * 4 + 3]!;
  return { left, top, width, height, alpha };
}

/** Blends the colour into the RGB canvas by the mask's coverage, at (x, y), clipped to the canvas. */
function composite(canvas: Pixels, mask: GlyphMask, x: number, y: number, [red = 0, green = 0, blue = 0]: readonly number[]): void {
  const { data, width: canvasWidth, height: canvasHeight } = canvas;
  const { alpha, width } = mask;
  const [firstColumn, endColumn] = [Math.max(0, -x), Math.min(width, canvasWidth - x)];
  for (let row = Math.max(0, -y); row < mask.height && y + row < canvasHeight; row++) {
    let at = ((y + row) * canvasWidth + x + firstColumn) * 3;
    for (let column = firstColumn, cover = row * width + firstColumn; column < endColumn; column++, cover++, at += 3) {
      const coverage = alpha[cover]!;
      if (coverage === 0) continue;
      const rest = 255 - coverage;
      data[at] = blended(red * coverage + data[at]! * rest);
      data[at + 1] = blended(green * coverage + data[at + 1]! * rest);
      data[at + 2] = blended(blue * coverage + data[at + 2]! * rest);
    }
  }
}

/** `sum` / 255, rounded, for sums up to 255 × 255: in shifts, not a division per channel of every pixel of text. */
function blended(sum: number): number {
  const half = sum + 128;
  return (half + (half >> 8)) >> 8;
}

/** `#rgb` or `#rrggbb` as [r, g, b]; the text's colours are the theme's, always hex. */
function rgbOf(hex: string): number[] {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16) || 0);
}
