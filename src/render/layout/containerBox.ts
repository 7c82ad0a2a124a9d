/**
 * The geometry of a Section or Row: its margins (0–32 units × MARGIN_UNIT_PT),
 * the padding of a highlighted section, the title band, the column count and the
 * spacing between cells and between grid rows. The options come resolved by the catalogue
 * (src/catalogue/components/layout.ts: a Row's vertical_margin 1, column_spacing, align).
 */
import { resolveOptions } from '../../catalogue';
import { MARGIN_UNIT_PT, type PaintContext, type Rect } from '../painter';
import { sectionHeader } from '../components/sectionHeader';
import { AUTO_COLUMNS } from './grid';

const HIGHLIGHT_PADDING = 12;
const HEADER_GAP = 8;
/** More columns than a page can show side by side are read as this many (a layout bound, not an option's meaning). */
const MAX_COLUMNS = 12;

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

export function containerBox(type: 'Section' | 'Row', raw: Record<string, unknown>, width: number, ctx: PaintContext): ContainerBox {
  const section = type === 'Section';
  const o = resolveOptions(type, raw);
  const highlighted = section && resolveOptions('Section', raw).highlighted;
  // Without `columns` (or `null`, which the older SDK sends for every Section) a Section lays its
  // children side by side as a Row does, the docs' Row page says: AUTO_COLUMNS (grid.ts).
  const columns = typeof o.columns === 'number' ? Math.min(MAX_COLUMNS, o.columns) : AUTO_COLUMNS;
  const insetX = o.horizontal_margin * MARGIN_UNIT_PT;
  const padding = highlighted ? HIGHLIGHT_PADDING : 0;
  const titled = section && typeof raw.section_title === 'string' && raw.section_title.trim() !== '';
  const innerWidth = Math.max(10, width - 2 * insetX - 2 * padding);
  const headerHeight = titled ? sectionHeader.measure(raw, innerWidth, ctx) : 0;
  return {
    marginTop: o.vertical_margin * MARGIN_UNIT_PT,
    marginBottom: o.vertical_margin * MARGIN_UNIT_PT,
    insetX,
    padding,
    headerHeight,
    headerGap: titled ? HEADER_GAP : 0,
    columns,
    gap: o.column_spacing * MARGIN_UNIT_PT,
    // A Section has no `align`: its partial rows start at the left.
    align: section ? 'left' : resolveOptions('Row', raw).align,
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
