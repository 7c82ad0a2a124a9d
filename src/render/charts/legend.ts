/**
 * Swatch legends (colour + label) laid out left to right, wrapping onto new
 * lines, in the style of Observable Plot's swatches above the chart.
 */
import { ellipsize, lineHeight, withFont, type ChartStyle } from './style';

export interface LegendItem {
  label: string;
  colour: string;
}

export type Swatch = 'square' | 'line' | 'dot';

interface Placed {
  item: LegendItem;
  text: string;
  x: number;
  line: number;
}

const ITEM_GAP = 12;
const MAX_ITEMS = 12;

/** Long legends end in "+N more" rather than pushing the chart off the page. */
export function capLegend(items: LegendItem[], moreColour: string, max = MAX_ITEMS): LegendItem[] {
  if (items.length <= max) return items;
  return [...items.slice(0, max - 1), { label: `+${items.length - max + 1} more`, colour: moreColour }];
}
const SWATCH_GAP = 4;

function place(doc: PDFKit.PDFDocument, items: LegendItem[], width: number, style: ChartStyle): { placed: Placed[]; lines: number } {
  const sw = style.legend * 0.9;
  const placed: Placed[] = [];
  let x = 0;
  let line = 0;
  withFont(doc, style.fonts.regular, style.legend, () => {
    for (const item of items) {
      const text = ellipsize(doc, item.label || '(none)', Math.max(20, width * 0.6 - sw - SWATCH_GAP));
      const w = sw + SWATCH_GAP + doc.widthOfString(text);
      if (x > 0 && x + w > width) {
        line += 1;
        x = 0;
      }
      placed.push({ item, text, x, line });
      x += w + ITEM_GAP;
    }
  });
  return { placed, lines: items.length ? line + 1 : 0 };
}

function rowHeight(style: ChartStyle): number {
  return lineHeight(style.legend) + 3;
}

export function legendHeight(doc: PDFKit.PDFDocument, items: LegendItem[], width: number, style: ChartStyle): number {
  return place(doc, items, width, style).lines * rowHeight(style);
}

export function drawLegend(
  doc: PDFKit.PDFDocument,
  items: LegendItem[],
  x: number,
  y: number,
  width: number,
  style: ChartStyle,
  swatch: Swatch = 'square',
): void {
  const { placed } = place(doc, items, width, style);
  const sw = style.legend * 0.9;
  for (const p of placed) {
    const top = y + p.line * rowHeight(style);
    const cy = top + lineHeight(style.legend) / 2 - 0.5;
    const sx = x + p.x;
    doc.save();
    if (swatch === 'line') {
      doc
        .moveTo(sx, cy)
        .lineTo(sx + sw, cy)
        .lineWidth(2)
        .strokeColor(p.item.colour, 1)
        .stroke();
    } else if (swatch === 'dot') {
      doc
        .circle(sx + sw / 2, cy, sw / 2.4)
        .fillColor(p.item.colour, 1)
        .fill();
    } else {
      doc
        .roundedRect(sx, cy - sw / 2, sw, sw, 1.5)
        .fillColor(p.item.colour, 1)
        .fill();
    }
    doc.restore();
    withFont(doc, style.fonts.regular, style.legend, () => {
      doc.fillColor(style.text, 1).text(p.text, sx + sw + SWATCH_GAP, top, { lineBreak: false });
    });
  }
}
