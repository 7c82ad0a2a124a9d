/**
 * Table geometry: column widths (col_width percentages, ../columnWidths.ts), cells
 * and headings with col_span, cell text with its HTML subset (cellHtml.ts) wrapped
 * into lines, row heights. Shared by measuring, splitting and painting.
 */
import { resolveTableCell, type Resolved } from '../../catalogue';
import type { PaintContext } from '../painter';
import { MARGIN_UNIT_PT } from '../painter';
import { RenderError } from '../renderer';
import { breakLines, linesHeight, type Line } from './richtext';
import { luminance } from '../theme';
import { columnWidths } from '../columnWidths';
import { cellRuns } from './cellHtml';
import { nonBlank } from '../values';
import { FONT_SCALE } from '../fontScale';

interface CellBox {
  lines: Line[];
  x: number;
  width: number;
  align: string;
  valign: string;
  bg?: string;
}

export interface RowBox {
  cells: CellBox[];
  height: number;
}

export interface TableBox {
  columns: number[];
  heading?: RowBox;
  rows: RowBox[];
  titleLines: Line[];
  cellPadX: number;
}

/**
 * A cell's content as text. Numbers are printed as given (JSON `2004` → "2004",
 * `1250.5` → "1250.5"): the hosted service adds no thousands separators.
 */
function cellText(v: unknown): string {
  if (v == null) return '';
  return String(v);
}

/**
 * No page shows more columns (595 pt / 100 = 6 pt each). The layout allocates per column
 * and per spanned column: a col_span of 1,000,000 exhausted the memory of the whole service.
 */
export const MAX_COLUMNS = 100;

interface CellSpec {
  /** The content as written: text that may carry the cell HTML subset (cellHtml.ts). */
  text: string;
  span: number;
  numeric: boolean;
  bg?: string;
  align?: string;
  /** A plain cell has none: it takes the styled cell's declared default. */
  valign?: string;
}

/** A cell of `rows` or `headings`: null (empty), string, number, or {content, col_span, col_bg, col_align, valign}. */
function cellSpec(cell: unknown, path: string, where: string): CellSpec {
  if (cell == null) return { text: '', span: 1, numeric: false };
  if (typeof cell === 'string' || typeof cell === 'number' || typeof cell === 'boolean') {
    return { text: cellText(cell), span: 1, numeric: typeof cell === 'number' };
  }
  if (typeof cell === 'object' && !Array.isArray(cell)) {
    const o = resolveTableCell(cell as Record<string, unknown>);
    return {
      text: cellText(o.content),
      // Past MAX_COLUMNS a span is a memory hazard, not a meaning: the layout bound.
      span: Math.min(MAX_COLUMNS, o.col_span),
      numeric: typeof o.content === 'number',
      bg: nonBlank(o.col_bg),
      align: o.col_align,
      valign: o.valign,
    };
  }
  throw new RenderError(`${where} is not a string, number or {content, ...} cell`, path);
}

function headingSpecs(o: Record<string, unknown>, path: string): CellSpec[] {
  return Array.isArray(o.headings) ? o.headings.map((h, i) => cellSpec(h, path, `headings[${i}]`)) : [];
}

export function columnCount(o: Record<string, unknown>, path: string): number {
  const rows = Array.isArray(o.rows) ? o.rows : [];
  let n = headingSpecs(o, path).reduce((s, h) => s + h.span, 0);
  if (n > MAX_COLUMNS)
    throw new RenderError(`the headings span ${n} columns (col_span included); a table can have at most ${MAX_COLUMNS}`, path);
  rows.forEach((row, r) => {
    if (!Array.isArray(row)) throw new RenderError(`rows[${r}] is not an array of cells`, path);
    const width = row.reduce((s: number, cell, c) => s + cellSpec(cell, path, `rows[${r}][${c}]`).span, 0);
    if (width > MAX_COLUMNS)
      throw new RenderError(`rows[${r}] spans ${width} columns (col_span included); a table can have at most ${MAX_COLUMNS}`, path);
    n = Math.max(n, width);
  });
  if (n > MAX_COLUMNS) throw new RenderError(`${n} headings; a table can have at most ${MAX_COLUMNS} columns`, path);
  return Math.max(1, n);
}

/**
 * Vertical padding of rows and headings when their option is unset: the hosted density
 * (render README), which no integer of the margin scale gives, so the catalogue declares none.
 */
const UNSET_ROW_PADDING_PT = 4;
const UNSET_HEADING_PADDING_PT = 5;

export function layoutTable(o: Resolved<'Table'>, width: number, ctx: PaintContext): TableBox {
  const { theme } = ctx;
  const n = columnCount(o, ctx.path);
  const columns = columnWidths(o.col_width, n, width);
  const rowSize = FONT_SCALE[o.rows_font_size];
  const headSize = FONT_SCALE[o.headings_font_size];
  // No default (see above): a value that is not a number reads as unset.
  const padding = (v: unknown, unset: number) => (typeof v === 'number' ? v * MARGIN_UNIT_PT : unset);
  const rowPadY = padding(o.rows_vertical_padding, UNSET_ROW_PADDING_PT);
  const headPadY = padding(o.headings_vertical_padding, UNSET_HEADING_PADDING_PT);
  const cellPadX = 7;
  // Per-column lists have no default; a value that is not a list reads as none.
  const colAlign: unknown[] = Array.isArray(o.col_align) ? o.col_align : [];
  const colBg: unknown[] = Array.isArray(o.col_bg) ? o.col_bg : [];
  // A plain string or number cell is drawn as a styled cell with nothing but its content.
  const plain = resolveTableCell({});

  // A column whose cells are all numbers is right-aligned, headings included.
  const dataRows = (Array.isArray(o.rows) ? o.rows : []).filter(Array.isArray) as unknown[][];
  const numericColumn = Array.from(
    { length: n },
    (_, c) =>
      dataRows.length > 0 &&
      dataRows.every(
        (r) => r[c] == null || typeof r[c] === 'number' || typeof (r[c] as { content?: unknown } | null)?.content === 'number',
      ),
  );
  const rowBox = (cells: CellSpec[], bold: boolean, padY: number, size: number): RowBox => {
    const out: CellBox[] = [];
    let col = 0;
    let x = 0;
    for (const spec of cells) {
      if (col >= n) break;
      const span = Math.min(spec.span, n - col);
      const w = columns.slice(col, col + span).reduce((a, b) => a + b, 0);
      const bgName = spec.bg ?? (bold ? undefined : nonBlank(colBg[col]));
      const bg = bgName ? theme.resolveColour(bgName, 'background-muted') : undefined;
      // Text on a dark cell background (e.g. a "highlight" total row) turns light and bold.
      const dark = bg !== undefined && luminance(bg) < 0.3;
      const colour = dark
        ? bgName === 'highlight'
          ? theme.colours['highlight-text']
          : '#ffffff'
        : bold
          ? theme.colours.headline
          : theme.colours.paragraph;
      const runs = cellRuns(spec.text, theme, { size, colour, linkColour: dark ? colour : theme.colours.accent, bold: bold || dark });
      const lines = breakLines(ctx.doc, runs, Math.max(8, w - 2 * cellPadX));
      out.push({
        lines,
        x,
        width: w,
        align: spec.align ?? nonBlank(colAlign[col]) ?? (spec.numeric || numericColumn[col] ? 'right' : 'left'),
        valign: spec.valign ?? plain.valign,
        bg,
      });
      col += span;
      x += w;
    }
    const height = Math.max(size * 1.32, ...out.map((c) => linesHeight(c.lines))) + 2 * padY;
    return { cells: out, height };
  };

  const headingCells = headingSpecs(o, ctx.path);
  const headings = headingCells.length ? headingCells : undefined;
  const rows = (Array.isArray(o.rows) ? o.rows : []).map((row, r) =>
    rowBox(
      (row as unknown[]).map((cell, c) => cellSpec(cell, ctx.path, `rows[${r}][${c}]`)),
      false,
      rowPadY,
      rowSize,
    ),
  );
  const title = nonBlank(o.title);
  const titleLines = title
    ? breakLines(
        ctx.doc,
        [{ text: title, font: theme.fonts.heading, size: ctx.fontSize(undefined, 11), colour: theme.colours.headline }],
        width,
      )
    : [];
  return { columns, heading: headings ? rowBox(headings, true, headPadY, headSize) : undefined, rows, titleLines, cellPadX };
}
