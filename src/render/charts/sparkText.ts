/**
 * The texts of the spark cards fitted to a column: a line that may shrink, or lines wrapped
 * between words. Nothing is split mid-word and no words are lost beyond MAX_TEXT_LINES.
 */
import { breakLines, linesHeight, type Line } from '../components/richtext';
import { ellipsize, lineHeight, withFont } from './style';

/** How far a text may shrink to fit (a headline figure on one line, a long word when wrapping). */
export const SHRINK_FLOOR = 0.7;

/** The widest word of `text` at `size`. */
export function widestWord(doc: PDFKit.PDFDocument, text: string, font: string, size: number): number {
  return withFont(doc, font, size, () => Math.max(0, ...text.split(/\s+/).map((w) => doc.widthOfString(w))));
}

/** One line; a headline figure shrinks (to 70 %) before it is cut with an ellipsis. */
export function textLine(
  doc: PDFKit.PDFDocument,
  text: string,
  font: string,
  size: number,
  colour: string,
  x: number,
  y: number,
  width: number,
): void {
  if (!text) return;
  const natural = withFont(doc, font, size, () => doc.widthOfString(text));
  const fitted = natural > width ? Math.max(size * SHRINK_FLOOR, (size * width) / natural) : size;
  withFont(doc, font, fitted, () => {
    const dy = (lineHeight(size) - lineHeight(fitted)) / 2;
    doc.fillColor(colour, 1).text(ellipsize(doc, text, width), x, y + dy, { lineBreak: false });
  });
}

/** One text of the card laid out for a width: a single (possibly shrunk) line, or wrapped lines. */
export type TextPlan = { kind: 'line'; text: string; font: string; size: number; colour: string } | { kind: 'wrapped'; lines: Line[] };

/** At most this many lines for a wrapped title or subtitle; the last one is ellipsized beyond it. */
const MAX_TEXT_LINES = 4;

/**
 * A text that fits stays one line; a headline figure may shrink to 70 % first; anything longer
 * wraps (at 80 % for the headline) instead of being cut, so no words of the report are lost.
 * Lines break between words only: the wrap size shrinks (to 70 %) until the widest word fits,
 * and a word still wider than the column is ellipsized, never split ("Conve / rsion").
 */
export function planText(
  doc: PDFKit.PDFDocument,
  text: string,
  font: string,
  size: number,
  colour: string,
  width: number,
  mayShrink: boolean,
): TextPlan {
  const natural = withFont(doc, font, size, () => doc.widthOfString(text));
  if (natural <= width || (mayShrink && natural * 0.7 <= width) || !/\s/.test(text.trim()))
    return { kind: 'line', text, font, size, colour };
  const wrapSize = wordSize(doc, text, font, mayShrink ? size * 0.8 : size, size * SHRINK_FLOOR, width);
  const words = withFont(doc, font, wrapSize, () =>
    text
      .split(/\s+/)
      .map((w) => ellipsize(doc, w, width))
      .join(' '),
  );
  let lines = breakLines(doc, [{ text: words, font, size: wrapSize, colour }], Math.max(10, width));
  if (lines.length > MAX_TEXT_LINES) {
    lines = lines.slice(0, MAX_TEXT_LINES);
    const last = lines[MAX_TEXT_LINES - 1];
    const run = last.fragments[0]?.run ?? { text: '', font, size, colour };
    const rest = last.fragments.map((f) => f.text).join('') + '…';
    lines[MAX_TEXT_LINES - 1] = breakLines(
      doc,
      [{ ...run, text: withFont(doc, run.font, run.size, () => ellipsize(doc, rest, width)) }],
      Math.max(10, width * 2),
    )[0];
  }
  return { kind: 'wrapped', lines };
}

/** `size`, or smaller (down to `floor`) until the widest word of `text` fits `width`. */
function wordSize(doc: PDFKit.PDFDocument, text: string, font: string, size: number, floor: number, width: number): number {
  const widest = widestWord(doc, text, font, size);
  return widest <= width ? size : Math.max(floor, (size * width) / widest);
}

export function planHeight(p: TextPlan): number {
  return p.kind === 'line' ? lineHeight(p.size) : linesHeight(p.lines);
}
