/**
 * The geometry of a Section or Row: its margins (0–32 units × MARGIN_UNIT_PT),
 * the padding of a highlighted section, the title band, the column count and the
 * spacing between cells and between grid rows.
 */
import { MARGIN_UNIT_PT, type PaintContext, type Rect } from '../painter';
import { sectionHeader } from '../components/sectionHeader';
import { AUTO_COLUMNS } from './grid';

/** Default gap between cells and rows when column_spacing is not given (8 units = 12 pt). */
const DEFAULT_SPACING_UNITS = 8;
/** A Row's `vertical_margin` when unset (hybiscus.dev/docs/components/row). */
const ROW_VERTICAL_MARGIN = 1;
const HIGHLIGHT_PADDING = 12;
const HEADER_GAP = 8;

export interface ContainerBox {
  marginTop: number;
  marginBottom: number;
  insetX: number;
  padding: number;
  headerHeight: number;
  headerGap: number;
  /** `columns`, or AUTO_COLUMNS when unset or null. */
  columns: number;
  gap: number;
  align: string;
  highlighted: boolean;
}

function units(value: unknown, fallback = 0): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return Math.max(0, Math.min(32, n)) * MARGIN_UNIT_PT;
}

export function containerBox(type: 'Section' | 'Row', options: Record<string, unknown>, width: number, ctx: PaintContext): ContainerBox {
  const section = type === 'Section';
  // The docs' Row page: vertical_margin defaults to 1 (horizontal 0). No page gives a Section's.
  const verticalDefault = section ? 0 : ROW_VERTICAL_MARGIN;
  const highlighted = section && options.highlighted === true;
  // Without `columns` (or `null`, which the older SDK sends for every Section) a Section lays its
  // children side by side as a Row does, the docs' Row page says: AUTO_COLUMNS (grid.ts).
  const columns = typeof options.columns === 'number' && options.columns >= 1 ? Math.min(12, Math.floor(options.columns)) : AUTO_COLUMNS;
  const insetX = units(options.horizontal_margin);
  const padding = highlighted ? HIGHLIGHT_PADDING : 0;
  const titled = section && typeof options.section_title === 'string' && options.section_title.trim() !== '';
  const innerWidth = Math.max(10, width - 2 * insetX - 2 * padding);
  const headerHeight = titled ? sectionHeader.measure(options, innerWidth, ctx) : 0;
  return {
    marginTop: units(options.vertical_margin, verticalDefault),
    marginBottom: units(options.vertical_margin, verticalDefault),
    insetX,
    padding,
    headerHeight,
    headerGap: titled ? HEADER_GAP : 0,
    columns,
    gap: units(options.column_spacing, DEFAULT_SPACING_UNITS),
    align: typeof options.align === 'string' ? options.align : 'left',
    highlighted,
  };
}

/**
 * The tinted, rounded panel behind a highlighted section: the `background` of the
 * highlighted colours (theme.ts: `light-background` unless override_colour_theme.highlighted
 * sets its own `background`).
 */
export function paintHighlight(doc: PDFKit.PDFDocument, rect: Rect, ctx: PaintContext): void {
  if (rect.height <= 0) return;
  const panel = ctx.theme.highlighted?.colours.background ?? ctx.theme.colours['light-background'];
  doc.save();
  doc.roundedRect(rect.x, rect.y, rect.width, rect.height, 8).fill(panel);
  doc.restore();
}
