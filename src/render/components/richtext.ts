/**
 * A small rich-text line breaker: styled runs (font, size, colour, link) →
 * lines of positioned fragments. Measuring and drawing use the same lines, so a
 * Text component is exactly as tall as measured and can be split between lines.
 */
import { drawLink } from '../links';

export interface Run {
  text: string;
  font: string;
  size: number;
  colour: string;
  link?: string;
  /** <u> in table cells; links are underlined anyway. */
  underline?: boolean;
  /** Code spans get a tinted background. */
  codeBg?: string;
}

interface Fragment {
  text: string;
  x: number;
  width: number;
  run: Run;
}

export interface Line {
  fragments: Fragment[];
  width: number;
  height: number;
  /** Baseline offset from the line top. */
  ascent: number;
}

const LINE_HEIGHT = 1.32;

function measure(doc: PDFKit.PDFDocument, run: Run, text: string): number {
  doc.font(run.font).fontSize(run.size);
  return doc.widthOfString(text);
}

/** Breaks runs into lines no wider than `width` (hard breaks on '\n'; long words split by characters). */
export function breakLines(doc: PDFKit.PDFDocument, runs: Run[], width: number): Line[] {
  const lines: Line[] = [];
  let current: Fragment[] = [];
  let x = 0;
  let maxSize = 0;
  const finish = (force: boolean) => {
    while (current.length && !current[current.length - 1].text.trim()) {
      x -= current[current.length - 1].width;
      current.pop();
    }
    if (current.length || force) {
      const size = maxSize || runs[0]?.size || 10;
      lines.push({
        fragments: current,
        width: Math.max(0, x),
        height: size * LINE_HEIGHT,
        ascent: size * 0.95 + (size * (LINE_HEIGHT - 1)) / 2,
      });
    }
    current = [];
    x = 0;
    maxSize = 0;
  };
  const add = (run: Run, text: string, w: number) => {
    const last = current[current.length - 1];
    if (last && last.run === run) {
      last.text += text;
      last.width += w;
    } else current.push({ text, x, width: w, run });
    x += w;
    maxSize = Math.max(maxSize, run.size);
  };
  for (const run of runs) {
    const parts = run.text.split(/(\n|[ \t]+)/);
    for (const part of parts) {
      if (!part) continue;
      if (part === '\n') {
        finish(true);
        continue;
      }
      const w = measure(doc, run, part);
      if (/^[ \t]+$/.test(part)) {
        if (current.length) add(run, ' ', measure(doc, run, ' '));
        continue;
      }
      if (x + w <= width + 0.01 || (!current.length && w <= width)) {
        add(run, part, w);
        continue;
      }
      if (current.length) finish(false);
      if (w <= width) {
        add(run, part, w);
        continue;
      }
      // A word wider than the line: break it between characters.
      let chunk = '';
      for (const ch of part) {
        if (chunk && measure(doc, run, chunk + ch) > width) {
          add(run, chunk, measure(doc, run, chunk));
          finish(false);
          chunk = '';
        }
        chunk += ch;
      }
      if (chunk) add(run, chunk, measure(doc, run, chunk));
    }
  }
  finish(false);
  return lines;
}

/** The widest word of `runs`: the narrowest width breakLines can use without splitting a word. */
export function widestWord(doc: PDFKit.PDFDocument, runs: Run[]): number {
  let widest = 0;
  for (const run of runs) for (const word of run.text.split(/[\s]+/)) if (word) widest = Math.max(widest, measure(doc, run, word));
  return widest;
}

/** Draws lines from (x, y) within `width`, aligned; returns the total height. */
export function drawLines(doc: PDFKit.PDFDocument, lines: Line[], x: number, y: number, width: number, align: string): number {
  let cy = y;
  for (const line of lines) {
    const shift = align === 'right' ? width - line.width : align === 'center' || align === 'centre' ? (width - line.width) / 2 : 0;
    for (const f of line.fragments) {
      const fx = x + shift + f.x;
      doc.font(f.run.font).fontSize(f.run.size);
      const top = cy + line.ascent - f.run.size * 0.95;
      if (f.run.codeBg)
        doc
          .save()
          .roundedRect(fx - 1.5, top - 1, f.width + 3, f.run.size * 1.22, 2)
          .fill(f.run.codeBg)
          .restore();
      doc.fillColor(f.run.colour).text(f.text, fx, top, { lineBreak: false, underline: Boolean(f.run.link || f.run.underline) });
      if (f.run.link) drawLink(doc, fx, top, f.width, f.run.size * 1.2, f.run.link);
    }
    cy += line.height;
  }
  return cy - y;
}

export function linesHeight(lines: Line[]): number {
  return lines.reduce((h, l) => h + l.height, 0);
}
