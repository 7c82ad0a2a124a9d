/**
 * Table: headings, rows of string/number or {content, col_span, col_bg,
 * col_align, valign} cells, striped rows, borders, column widths/alignment/
 * backgrounds, font sizes. Splits between rows; every part repeats the headings
 * and continued parts show the title with "(continued)".
 */
import { resolveOptions, type Resolved } from '../../catalogue';
import type { ComponentPainter, PaintContext } from '../painter';
import { componentMargins } from '../margins';
import { drawLines, linesHeight } from './richtext';
import { layoutTable, type RowBox, type TableBox } from './tableLayout';

const TITLE_GAP = 6;
const cache = new WeakMap<object, Map<number, TableBox>>();

type TableOptions = Resolved<'Table'>;

/** A page's share of a split table: rows [from, to) of the original options (as written and resolved). */
interface Part {
  raw: Opts;
  source: TableOptions;
  from: number;
  to: number;
}
const PART = Symbol('table-part');
/** What the engine hands back: the options as written, or a part of them after a split. */
type Opts = Record<string, unknown> & { [PART]?: Part };

/** The original options and the row range drawn (the whole table when not split). */
function partOf(o: Opts, b?: TableBox): Part {
  return o[PART] ?? { raw: o, source: resolveOptions('Table', o), from: 0, to: b ? b.rows.length : Number.MAX_SAFE_INTEGER };
}

/** vertical_margin above and below (../margins.ts). */
function marginY(o: TableOptions): number {
  const m = componentMargins(o);
  return m.top + m.bottom;
}

/** The table's own width: horizontal_margin comes off both sides. */
function innerWidth(o: TableOptions, width: number): number {
  const m = componentMargins(o);
  return Math.max(10, width - m.left - m.right);
}

/** The laid-out table at an outer (cell) width, cached by the options as written. */
function box({ raw, source: o }: Part, outerWidth: number, ctx: PaintContext): TableBox {
  const width = innerWidth(o, outerWidth);
  let byWidth = cache.get(raw);
  const hit = byWidth?.get(width);
  if (hit) return hit;
  const b = layoutTable(o, width, ctx);
  if (!byWidth) cache.set(raw, (byWidth = new Map()));
  byWidth.set(width, b);
  return b;
}

function titleHeight(b: TableBox): number {
  return b.titleLines.length ? linesHeight(b.titleLines) + TITLE_GAP : 0;
}

function height(b: TableBox, o: TableOptions, part: Part): number {
  return titleHeight(b) + (b.heading?.height ?? 0) + sum(b.rows, part.from, Math.min(part.to, b.rows.length)) + marginY(o);
}

export const tablePainter: ComponentPainter = {
  measure(options, width, ctx) {
    const part = partOf(options as Opts);
    const b = box(part, width, ctx);
    return height(b, part.source, partOf(options as Opts, b));
  },
  split(options, width, available, ctx) {
    const whole = partOf(options as Opts);
    const src = whole.source;
    const b = box(whole, width, ctx);
    const { from, to } = partOf(options as Opts, b);
    const fixed = titleHeight(b) + (b.heading?.height ?? 0) + marginY(src);
    let k = from;
    let used = fixed;
    while (k < to && used + b.rows[k].height <= available) used += b.rows[k++].height;
    if (k === from || k >= to) return null;
    return {
      first: { [PART]: { raw: whole.raw, source: src, from, to: k } } as Opts,
      rest: { [PART]: { raw: whole.raw, source: src, from: k, to } } as Opts,
    };
  },
  paint(options, rect, ctx) {
    const { doc, theme } = ctx;
    const whole = partOf(options as Opts);
    const o = whole.source;
    const b = box(whole, rect.width, ctx);
    const part = partOf(options as Opts, b);
    const continued = part.from > 0;
    const m = componentMargins(o);
    const x = rect.x + m.left;
    const width = innerWidth(o, rect.width);
    let y = rect.y + m.top;
    doc.save();
    if (b.titleLines.length) {
      drawLines(doc, b.titleLines, x, y, width, 'left');
      if (continued) {
        const last = b.titleLines[b.titleLines.length - 1];
        doc.font(theme.fonts.italic).fontSize(9).fillColor(theme.colours['sub-headline']);
        doc.text('(continued)', x + last.width + 6, y + linesHeight(b.titleLines) - last.height + 2.5, { lineBreak: false });
      }
      y += titleHeight(b);
    }
    const top = y;
    const striped = o.striped;
    // Where each painted row sits: the column borders are drawn per row, between its cells, so a
    // cell with col_span is not crossed by the borders of the columns it spans.
    const painted: Array<{ row: RowBox; y: number }> = [];
    // The rules between rows are stroked after every row is painted: a rule is centred on the
    // edge, so a cell's col_bg (or a stripe) painted later would cover its lower half.
    const rules: Array<{ y: number; lineWidth: number; colour: string }> = [];
    if (b.heading) {
      painted.push({ row: b.heading, y });
      doc.rect(x, y, width, b.heading.height).fill(theme.colours['light-background']);
      paintRow(doc, b.heading, x, y, b);
      y += b.heading.height;
      rules.push({ y, lineWidth: 1, colour: theme.colours.accent });
    }
    const last = Math.min(part.to, b.rows.length);
    for (let i = part.from; i < last; i++) {
      const row = b.rows[i];
      painted.push({ row, y });
      if (striped && i % 2 === 1) doc.rect(x, y, width, row.height).fill(theme.colours['background-subtle']);
      paintRow(doc, row, x, y, b);
      y += row.height;
      if (i < last - 1) rules.push({ y, lineWidth: 0.5, colour: theme.colours['background-muted'] });
    }
    for (const rule of rules.reverse())
      doc
        .moveTo(x, rule.y)
        .lineTo(x + width, rule.y)
        .lineWidth(rule.lineWidth)
        .strokeColor(rule.colour)
        .stroke();
    const borderColour = theme.colours['background-faded'];
    // col_borders (the invoice sample's spelling) is resolved into col_border.
    if (o.col_border) {
      const bounds = b.columns.slice(0, -1).map((_, i) => b.columns.slice(0, i + 1).reduce((a, w) => a + w, 0));
      for (const { row, y: rowTop } of painted)
        for (const bx of bounds) {
          if (row.cells.some((c) => c.x < bx - 0.01 && bx < c.x + c.width - 0.01)) continue;
          doc
            .moveTo(x + bx, rowTop)
            .lineTo(x + bx, rowTop + row.height)
            .lineWidth(0.5)
            .strokeColor(borderColour)
            .stroke();
        }
    }
    if (o.table_border)
      doc
        .rect(x, top, width, y - top)
        .lineWidth(0.75)
        .strokeColor(borderColour)
        .stroke();
    else
      doc
        .moveTo(x, y)
        .lineTo(x + width, y)
        .lineWidth(0.75)
        .strokeColor(borderColour)
        .stroke();
    doc.restore();
  },
};

function sum(rows: RowBox[], from: number, to: number): number {
  let h = 0;
  for (let i = from; i < to; i++) h += rows[i].height;
  return h;
}

function paintRow(doc: PDFKit.PDFDocument, row: RowBox, x: number, y: number, b: TableBox): void {
  for (const cell of row.cells) {
    if (cell.bg) doc.rect(x + cell.x, y, cell.width, row.height).fill(cell.bg);
    const textH = linesHeight(cell.lines);
    const pad = (row.height - textH) / 2;
    const ty =
      cell.valign === 'top' ? y + Math.min(pad, 5) : cell.valign === 'bottom' ? y + row.height - textH - Math.min(pad, 5) : y + pad;
    drawLines(doc, cell.lines, x + cell.x + b.cellPadX, ty, cell.width - 2 * b.cellPadX, cell.align);
  }
}
