/**
 * Beta.DataTable: a table whose columns draw their cells by `col_types` (see
 * datatableCells.ts). Options: rows*, col_types*, headings, title, striped,
 * col_borders, col_bg (per column: theme variable/colour or null), col_align,
 * col_width (per column: percent of the width, or null = a share of the rest),
 * headings_font_size, rows_font_size, table_border, margins.
 */
import { resolveOptions, type Resolved } from '../../catalogue';
import { FONT_SCALE } from '../fontScale';
import type { ComponentPainter, PaintContext, Rect } from '../painter';
import { RenderError } from '../renderer';
import { cellText, measureCell, paintCell, readCell, type Cell, type CellStyle, type ColumnType } from './datatableCells';
import { dataArray, describe } from './data';
import { inset, marginsOf, str, toNumber, type Options } from './opts';
import { columnWidths } from '../columnWidths';
import { ellipsize, lineHeight, mix, textHeight, withFont } from './style';

const TYPES: ColumnType[] = ['Text', 'SparkLine', 'SparkBar', 'SparkRing', 'Category', 'Button'];
const PAD_X = 6;
const PAD_Y = 5;

interface Table {
  title?: string;
  headings: string[];
  types: ColumnType[];
  aligns: Array<'left' | 'center' | 'right'>;
  rows: Cell[][];
  cols: number;
  rowSize: number;
  headSize: number;
}

function listOpt(o: Options, key: string): unknown[] {
  const v = o[key];
  return Array.isArray(v) ? v : [];
}

type DataTableOptions = Resolved<'Beta.DataTable'>;

function read(o: DataTableOptions, ctx: PaintContext): Table {
  const rows = dataArray(o, ctx, 'rows').map((row, i) => {
    if (!Array.isArray(row)) throw new RenderError(`options.rows[${i}] must be an array of cells, got ${describe(row)}`, ctx.path);
    return row.map(readCell);
  });
  const headings = listOpt(o, 'headings').map((h) => cellText(h));
  const rawTypes = listOpt(o, 'col_types');
  const cols = Math.max(rawTypes.length, headings.length, ...rows.map((r) => r.length), 0);
  const types = Array.from({ length: cols }, (_, i) => {
    const t = rawTypes[i];
    return (TYPES.find((k) => typeof t === 'string' && k.toLowerCase() === t.toLowerCase()) ?? 'Text') as ColumnType;
  });
  const aligns = Array.from({ length: cols }, (_, i) => {
    const a = listOpt(o, 'col_align')[i];
    return a === 'right' ? 'right' : a === 'center' || a === 'centre' ? 'center' : 'left';
  });
  return {
    title: str(o, 'title'),
    headings,
    types,
    aligns,
    rows,
    cols,
    rowSize: FONT_SCALE[o.rows_font_size],
    headSize: FONT_SCALE[o.headings_font_size],
  };
}

/** Width a column would like: its widest heading/cell on one line (text capped), fixed sizes for graphics. */
function naturalWidths(ctx: PaintContext, t: Table): number[] {
  const { doc, theme } = ctx;
  return t.types.map((type, i) => {
    const head = withFont(doc, theme.fonts.bold, t.headSize, () => doc.widthOfString(t.headings[i] ?? ''));
    const texts = t.rows.map((r) => cellText(r[i]?.data));
    let content: number;
    if (type === 'Text')
      content = Math.min(
        220,
        withFont(doc, theme.fonts.regular, t.rowSize, () => Math.max(0, ...texts.map((s) => doc.widthOfString(s)))),
      );
    else if (type === 'Category')
      content =
        withFont(doc, theme.fonts.bold, t.rowSize * 0.9, () => Math.max(0, ...texts.map((s) => doc.widthOfString(s)))) + t.rowSize * 1.4;
    else if (type === 'Button')
      content =
        withFont(doc, theme.fonts.bold, t.rowSize * 0.9, () => Math.max(0, ...texts.map((s) => doc.widthOfString(s || 'Open')))) +
        t.rowSize * 1.8;
    else content = type === 'SparkRing' ? 56 : 72;
    return Math.max(head, content, 12) + 2 * PAD_X;
  });
}

/**
 * Column widths. With any numeric col_width entry: percentages, nulls sharing
 * the rest (../columnWidths.ts, as Table). Otherwise columns start at their natural
 * width; spare room goes to text columns, and when space is short text columns
 * wrap first (down to a minimum) before every column shrinks.
 */
function widths(o: Options, ctx: PaintContext, t: Table, width: number): number[] {
  const given = listOpt(o, 'col_width').map(toNumber);
  if (given.some((v) => v !== undefined && v > 0)) return columnWidths(given, t.cols, width);
  const natural = naturalWidths(ctx, t);
  const sum = natural.reduce((a, b) => a + b, 0);
  const isText = t.types.map((ty) => ty === 'Text');
  if (sum <= width) {
    const growable = natural.reduce((a, n, i) => a + (isText[i] || !isText.some(Boolean) ? n : 0), 0) || 1;
    return natural.map((n, i) => n + (isText[i] || !isText.some(Boolean) ? ((width - sum) * n) / growable : 0));
  }
  const minOf = natural.map((n, i) => (isText[i] ? Math.min(n, 60) : n));
  const slack = natural.reduce((a, n, i) => a + n - minOf[i], 0);
  if (slack >= sum - width) return natural.map((n, i) => n - ((n - minOf[i]) / (slack || 1)) * (sum - width));
  const minSum = minOf.reduce((a, b) => a + b, 0);
  return minOf.map((m) => (m / minSum) * width);
}

function cellStyle(ctx: PaintContext, t: Table, i: number): CellStyle {
  return { doc: ctx.doc, theme: ctx.theme, size: t.rowSize, align: t.aligns[i] };
}

interface Layout {
  titleH: number;
  headH: number;
  rowHs: number[];
  colWs: number[];
}

function layout(o: Options, ctx: PaintContext, t: Table, width: number): Layout {
  const colWs = widths(o, ctx, t, width);
  const titleH = t.title ? textHeight(ctx.doc, t.title, ctx.theme.fonts.heading, 10.5, width) + 6 : 0;
  const headH = t.headings.length
    ? Math.max(
        ...colWs.map((w, i) => textHeight(ctx.doc, t.headings[i] ?? '', ctx.theme.fonts.bold, t.headSize, w - 2 * PAD_X)),
        lineHeight(t.headSize),
      ) +
      2 * PAD_Y
    : 0;
  const rowHs = t.rows.map(
    (row) =>
      Math.max(
        lineHeight(t.rowSize),
        ...colWs.map((w, i) => measureCell(t.types[i], row[i] ?? { data: '' }, w - 2 * PAD_X, cellStyle(ctx, t, i))),
      ) +
      2 * PAD_Y,
  );
  return { titleH, headH, rowHs, colWs };
}

function tableHeight(l: Layout, t: Table): number {
  const rows = l.rowHs.reduce((a, b) => a + b, 0);
  return l.titleH + l.headH + (t.rows.length ? rows : lineHeight(t.rowSize) + 2 * PAD_Y);
}

export const dataTable: ComponentPainter = {
  measure(raw, width, ctx) {
    const o = resolveOptions('Beta.DataTable', raw);
    const m = marginsOf(o);
    const t = read(o, ctx);
    return Math.ceil(m.top + m.bottom + tableHeight(layout(o, ctx, t, width - m.left - m.right), t) + 1);
  },
  paint(raw, rect, ctx) {
    const { doc, theme } = ctx;
    const o = resolveOptions('Beta.DataTable', raw);
    const c = theme.colours;
    const box = inset(rect, marginsOf(o));
    const t = read(o, ctx);
    const l = layout(o, ctx, t, box.width);
    const line = mix(c.paragraph, c.background, 0.85);
    const colX = l.colWs.map((_, i) => box.x + l.colWs.slice(0, i).reduce((a, b) => a + b, 0));
    doc.save();
    if (t.title) {
      withFont(doc, theme.fonts.heading, 10.5, () =>
        doc.fillColor(c.headline, 1).text(t.title!, box.x, box.y, { width: box.width, height: l.titleH }),
      );
    }
    const top = box.y + l.titleH;
    const bodyH = tableHeight(l, t) - l.titleH;
    // Column backgrounds first, then stripes and header on top of them.
    listOpt(o, 'col_bg').forEach((bg, i) => {
      if (i >= t.cols || typeof bg !== 'string') return;
      doc.rect(colX[i], top, l.colWs[i], bodyH).fillColor(theme.resolveColour(bg, 'background-muted'), 1).fill();
    });
    if (l.headH) {
      doc
        .rect(box.x, top, box.width, l.headH)
        .fillColor(c['background-muted'] ?? mix(c.paragraph, c.background, 0.93), 1)
        .fill();
      t.headings.forEach((h, i) => {
        if (i >= t.cols) return;
        withFont(doc, theme.fonts.bold, t.headSize, () => {
          doc
            .fillColor(c.headline, 1)
            .text(h, colX[i] + PAD_X, top + PAD_Y, { width: l.colWs[i] - 2 * PAD_X, align: t.aligns[i], height: l.headH - PAD_Y });
        });
      });
      doc
        .moveTo(box.x, top + l.headH)
        .lineTo(box.x + box.width, top + l.headH)
        .lineWidth(0.75)
        .strokeColor(mix(c.paragraph, c.background, 0.6), 1)
        .stroke();
    }
    let y = top + l.headH;
    const striped = o.striped;
    t.rows.forEach((row, ri) => {
      const h = l.rowHs[ri];
      if (striped && ri % 2 === 1) doc.rect(box.x, y, box.width, h).fillColor(c.paragraph, 0.04).fill();
      row.slice(0, t.cols).forEach((cell, i) => {
        paintCell(
          t.types[i],
          cell,
          { x: colX[i] + PAD_X, y: y + PAD_Y, width: l.colWs[i] - 2 * PAD_X, height: h - 2 * PAD_Y },
          cellStyle(ctx, t, i),
        );
      });
      y += h;
      if (ri < t.rows.length - 1)
        doc
          .moveTo(box.x, y)
          .lineTo(box.x + box.width, y)
          .lineWidth(0.5)
          .strokeColor(line, 1)
          .stroke();
    });
    if (!t.rows.length) {
      withFont(doc, theme.fonts.italic, t.rowSize, () => {
        doc
          .fillColor(c['sub-headline'], 1)
          .text(ellipsize(doc, 'No rows', box.width), box.x, y + PAD_Y, { width: box.width, align: 'center', lineBreak: false });
      });
    }
    drawBorders(doc, o, { x: box.x, y: top, width: box.width, height: bodyH }, colX, line);
    doc.restore();
  },
};

function drawBorders(doc: PDFKit.PDFDocument, o: DataTableOptions, r: Rect, colX: number[], colour: string): void {
  // `col_border` (the Table's spelling) is not a DataTable option, but earlier reports used it.
  if (o.col_borders || (o as Options).col_border === true) {
    for (const x of colX.slice(1))
      doc
        .moveTo(x, r.y)
        .lineTo(x, r.y + r.height)
        .lineWidth(0.5)
        .strokeColor(colour, 1)
        .stroke();
  }
  if (o.table_border) {
    doc
      .rect(r.x + 0.25, r.y + 0.25, r.width - 0.5, r.height - 0.5)
      .lineWidth(0.75)
      .strokeColor(colour, 1)
      .stroke();
  }
}
