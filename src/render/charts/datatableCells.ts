/**
 * Cells of Beta.DataTable by column type. A cell is {data, color, url_link,
 * bar_radius, category_color, caption} (a bare string/number is read as
 * {data}). Text: data as wrapped text (url_link makes it a link), caption as a
 * muted second line. SparkLine: data number[] → sparkline. SparkBar: one
 * number → bar filled to data% (0–100), several → mini columns. SparkRing:
 * number → ring at data% with the value. Category: a coloured pill
 * (category_color green blue red orange yellow gray). Button: a link button.
 * Spark cells whose data is not numeric fall back to text.
 */
import type { Rect, RenderTheme } from '../painter';
import { button, buttonSize, meterBar, miniColumns, progressRing, sparkline } from './minis';
import { toNumber } from './opts';
import { drawLink, safeHref } from '../links';
import { ellipsize, lineHeight, mix, readableOn, textHeight, withFont } from './style';

export type ColumnType = 'Text' | 'SparkLine' | 'SparkBar' | 'SparkRing' | 'Category' | 'Button';

export interface Cell {
  data: unknown;
  color?: string;
  url?: string;
  barRadius?: number;
  category?: string;
  caption?: string;
}

export interface CellStyle {
  doc: PDFKit.PDFDocument;
  theme: RenderTheme;
  size: number;
  align: 'left' | 'center' | 'right';
}

const CATEGORY: Record<string, [bg: string, fg: string]> = {
  green: ['#dcfce7', '#166534'],
  blue: ['#dbeafe', '#1e40af'],
  red: ['#fee2e2', '#991b1b'],
  orange: ['#ffedd5', '#9a3412'],
  yellow: ['#fef9c3', '#854d0e'],
  gray: ['#f1f5f9', '#334155'],
  grey: ['#f1f5f9', '#334155'],
};

const SPARK_H = 16;

export function readCell(raw: unknown): Cell {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const r = raw as Record<string, unknown>;
    const s = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
    return {
      data: r.data,
      color: s(r.color) ?? s(r.colour),
      url: safeHref(s(r.url_link)),
      barRadius: toNumber(r.bar_radius),
      category: s(r.category_color) ?? s(r.category_colour),
      caption: s(r.caption) ?? (typeof r.caption === 'number' ? String(r.caption) : undefined),
    };
  }
  return { data: raw };
}

export function cellText(data: unknown): string {
  if (data === null || data === undefined) return '';
  if (Array.isArray(data)) return data.join(', ');
  return typeof data === 'object' ? JSON.stringify(data) : String(data);
}

function numbers(data: unknown): number[] | undefined {
  const arr = Array.isArray(data) ? data : [data];
  const out = arr.map(toNumber);
  return out.length && out.every((n) => n !== undefined) ? (out as number[]) : undefined;
}

/** The column type actually drawn: spark types need numbers, else the cell is text. */
function effective(type: ColumnType, cell: Cell): ColumnType {
  if (type === 'SparkLine' || type === 'SparkBar' || type === 'SparkRing') return numbers(cell.data) ? type : 'Text';
  return type;
}

function textColour(cell: Cell, st: CellStyle): string {
  if (cell.url && !cell.color) return st.theme.colours.accent;
  return st.theme.resolveColour(cell.color, 'paragraph');
}

function buttonStyle(cell: Cell, st: CellStyle) {
  const colour = st.theme.resolveColour(cell.color, 'accent');
  return { font: st.theme.fonts.bold, size: st.size * 0.9, colour, filled: true, textOnFill: readableOn(colour) };
}

export function measureCell(type: ColumnType, cell: Cell, width: number, st: CellStyle): number {
  const captionH = cell.caption ? textHeight(st.doc, cell.caption, st.theme.fonts.regular, st.size * 0.85, width) + 1 : 0;
  switch (effective(type, cell)) {
    case 'Text':
      return Math.max(lineHeight(st.size), textHeight(st.doc, cellText(cell.data), st.theme.fonts.regular, st.size, width)) + captionH;
    case 'SparkLine':
      return SPARK_H + captionH;
    case 'SparkBar':
      return (numbers(cell.data)!.length > 1 ? SPARK_H : lineHeight(st.size)) + captionH;
    case 'SparkRing':
      return Math.max(SPARK_H + 2, lineHeight(st.size)) + captionH;
    case 'Category':
      return lineHeight(st.size * 0.9) + 4 + captionH;
    case 'Button':
      return buttonSize(st.doc, cellText(cell.data) || 'Open', buttonStyle(cell, st)).height + captionH;
  }
  return lineHeight(st.size);
}

/** x of a box of width `w` aligned inside `r`. */
function alignX(r: Rect, w: number, align: CellStyle['align']): number {
  if (align === 'center') return r.x + (r.width - w) / 2;
  if (align === 'right') return r.x + r.width - w;
  return r.x;
}

export function paintCell(type: ColumnType, cell: Cell, r: Rect, st: CellStyle): void {
  const { doc, theme } = st;
  const kind = effective(type, cell);
  const captionH = cell.caption ? textHeight(doc, cell.caption, theme.fonts.regular, st.size * 0.85, r.width) + 1 : 0;
  const main = { ...r, height: Math.max(0, r.height - captionH) };
  const accent = theme.resolveColour(cell.color, 'accent');
  const track = mix(theme.colours.paragraph, theme.colours.background, 0.88);
  doc.save();
  if (kind === 'Text') {
    const text = cellText(cell.data);
    withFont(doc, theme.fonts.regular, st.size, () => {
      const h = doc.heightOfString(text, { width: r.width });
      doc
        .fillColor(textColour(cell, st), 1)
        .text(text, r.x, r.y, { width: r.width, align: st.align, height: h + 1, underline: !!cell.url });
      drawLink(doc, r.x, r.y, r.width, h, cell.url);
    });
  } else if (kind === 'SparkLine') {
    const w = Math.min(main.width, 110);
    sparkline(doc, numbers(cell.data)!, { x: alignX(main, w, st.align), y: main.y + 1, width: w, height: SPARK_H - 2 }, accent, {
      dot: true,
      width: 1.25,
    });
  } else if (kind === 'SparkBar') {
    const vs = numbers(cell.data)!;
    const w = Math.min(main.width, 110);
    const x = alignX(main, w, st.align);
    if (vs.length > 1) miniColumns(doc, vs, { x, y: main.y + 1, width: w, height: SPARK_H - 2 }, accent, cell.barRadius ?? 1);
    else paintMeter(st, vs[0], { x, y: main.y, width: w, height: lineHeight(st.size) }, accent, track, cell.barRadius);
  } else if (kind === 'SparkRing') {
    const v = numbers(cell.data)![0];
    const label = `${Number.isInteger(v) ? v : v.toFixed(1)}%`;
    const lw = withFont(doc, theme.fonts.regular, st.size, () => doc.widthOfString(label));
    const d = SPARK_H;
    const x = alignX(main, d + 4 + lw, st.align);
    progressRing(doc, x + d / 2, main.y + d / 2 + 1, d / 2, 3, v / 100, accent, track);
    withFont(doc, theme.fonts.regular, st.size, () => {
      doc
        .fillColor(theme.colours.paragraph, 1)
        .text(label, x + d + 4, main.y + (d + 2 - lineHeight(st.size)) / 2 + 0.5, { lineBreak: false });
    });
  } else if (kind === 'Category') {
    paintPill(st, cellText(cell.data), cell.category, main);
  } else if (kind === 'Button' && (cellText(cell.data) || cell.url)) {
    const text = cellText(cell.data) || 'Open';
    const bs = buttonStyle(cell, st);
    const w = Math.min(main.width, buttonSize(doc, text, bs).width);
    button(doc, text, alignX(main, w, st.align), main.y, main.width, bs, cell.url);
  }
  if (cell.caption) {
    withFont(doc, theme.fonts.regular, st.size * 0.85, () => {
      doc
        .fillColor(theme.colours['sub-headline'], 1)
        .text(cell.caption!, r.x, main.y + main.height + 1, { width: r.width, align: st.align, height: captionH });
    });
  }
  doc.restore();
}

function paintMeter(st: CellStyle, v: number, r: Rect, colour: string, track: string, radius?: number): void {
  const { doc, theme } = st;
  const label = `${Number.isInteger(v) ? v : v.toFixed(1)}%`;
  // A fixed label slot keeps the bars of one column the same length.
  const lw = withFont(doc, theme.fonts.regular, st.size * 0.9, () => Math.max(doc.widthOfString('100.0%'), doc.widthOfString(label)));
  const barW = Math.max(10, r.width - lw - 5);
  const barH = Math.min(7, r.height * 0.6);
  meterBar(doc, v / 100, { x: r.x, y: r.y + (r.height - barH) / 2, width: barW, height: barH }, colour, track, radius ?? barH / 2);
  withFont(doc, theme.fonts.regular, st.size * 0.9, () => {
    doc
      .fillColor(theme.colours.paragraph, 1)
      .text(label, r.x + barW + 5, r.y + (r.height - lineHeight(st.size * 0.9)) / 2 + 0.5, { lineBreak: false });
  });
}

function paintPill(st: CellStyle, text: string, category: string | undefined, r: Rect): void {
  const { doc, theme } = st;
  if (!text) return;
  const [bg, fg] = CATEGORY[(category ?? 'gray').toLowerCase()] ?? CATEGORY.gray;
  const size = st.size * 0.9;
  withFont(doc, theme.fonts.bold, size, () => {
    const label = ellipsize(doc, text, r.width - size * 1.4);
    const w = doc.widthOfString(label) + size * 1.4;
    const h = lineHeight(size) + 3;
    const x = alignX(r, w, st.align);
    doc
      .roundedRect(x, r.y, w, h, h / 2)
      .fillColor(bg, 1)
      .fill();
    doc.fillColor(fg, 1).text(label, x + size * 0.7, r.y + 1.8, { lineBreak: false });
  });
}
