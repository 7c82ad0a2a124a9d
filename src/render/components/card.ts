/**
 * Card: a KPI tile — title, big value with units, optional Tabler icon badge.
 * Options: title*, value*, units, icon, highlighted, title_uppercase, title_size,
 * title_color, value_color, bg_color, icon_font_size, value_font_size, units_font_size.
 */
import { resolveOptions, type Resolved } from '../../catalogue';
import { FONT_SCALE } from '../fontScale';
import type { ComponentPainter, PaintContext } from '../painter';
import { drawIcon, iconPath } from '../icons';
import { breakLines, drawLines, linesHeight, type Run } from './richtext';
import { nonBlank } from '../values';

// Tile density of the hosted service's KPI grids (render README "Single-page reports").
const PAD = 10;
const RADIUS = 7;
/** Space around the icon inside its badge, and between title and value. */
const BADGE_INSET = 5;
const VALUE_GAP = 3;

function formatValue(v: unknown): string {
  if (typeof v === 'number')
    return Number.isInteger(v) ? v.toLocaleString('en-US') : v.toLocaleString('en-US', { maximumFractionDigits: 4 });
  return v == null ? '' : String(v);
}

/** The value's size when value_font_size is omitted: 18 pt, which no size keyword gives (a drift the catalogue records). */
const VALUE_SIZE = 18;

function layout(o: Resolved<'Card'>, width: number, ctx: PaintContext) {
  const { theme } = ctx;
  const highlighted = o.highlighted;
  // The colours' defaults depend on `highlighted`, so they are decided here, not in the catalogue.
  const fg = (opt: string | null | undefined, normal: string) =>
    theme.resolveColour(nonBlank(opt), highlighted ? 'highlight-text' : normal);
  const iconSize = iconPath(o.icon) ? FONT_SCALE[o.icon_font_size] : 0;
  const badge = iconSize ? iconSize + 2 * BADGE_INSET : 0;
  const inner = Math.max(20, width - 2 * PAD);
  const titleText = String(o.title ?? '');
  const title: Run = {
    text: o.title_uppercase ? titleText.toUpperCase() : titleText,
    font: theme.fonts.bold,
    size: FONT_SCALE[o.title_size],
    colour: fg(o.title_color, 'sub-headline'),
  };
  const value = formatValue(o.value);
  const units = nonBlank(o.units);
  let valueSize = o.value_font_size ? FONT_SCALE[o.value_font_size] : VALUE_SIZE;
  let unitsSize = FONT_SCALE[o.units_font_size];
  // A long value (e.g. 1,234,567 in a narrow column) shrinks to fit before it wraps.
  ctx.doc.font(theme.fonts.heading).fontSize(valueSize);
  const valueW =
    ctx.doc.widthOfString(value) + (units ? ctx.doc.font(theme.fonts.regular).fontSize(unitsSize).widthOfString(` ${units}`) : 0);
  if (valueW > inner && !/\s/.test(value)) {
    const k = Math.max(0.55, inner / valueW);
    valueSize *= k;
    unitsSize = Math.max(6, unitsSize * k);
  }
  const valueRuns: Run[] = [{ text: value, font: theme.fonts.heading, size: valueSize, colour: fg(o.value_color, 'headline') }];
  if (units) valueRuns.push({ text: ` ${units}`, font: theme.fonts.regular, size: unitsSize, colour: fg(undefined, 'sub-headline') });
  const titleLines = breakLines(ctx.doc, [title], Math.max(20, inner - (badge ? badge + 6 : 0)));
  const valueLines = breakLines(ctx.doc, valueRuns, inner);
  const top = Math.max(linesHeight(titleLines), badge ? badge - 4 : 0);
  const height = PAD + top + VALUE_GAP + linesHeight(valueLines) + PAD - 2;
  return { highlighted, iconSize, badge, titleLines, valueLines, top, height };
}

export const cardPainter: ComponentPainter = {
  measure(raw, width, ctx) {
    return layout(resolveOptions('Card', raw), width, ctx).height;
  },
  paint(raw, rect, ctx) {
    const { doc, theme } = ctx;
    const options = resolveOptions('Card', raw);
    const l = layout(options, rect.width, ctx);
    const bg = theme.resolveColour(nonBlank(options.bg_color), l.highlighted ? 'highlight' : 'background-default');
    doc.save();
    doc.roundedRect(rect.x + 0.5, rect.y + 0.5, rect.width - 1, rect.height - 1, RADIUS).fill(bg);
    if (!l.highlighted) {
      doc.rect(rect.x + 0.5, rect.y + RADIUS, 3, Math.max(0, rect.height - 2 * RADIUS)).fill(theme.colours.accent);
      doc
        .roundedRect(rect.x + 0.5, rect.y + 0.5, rect.width - 1, rect.height - 1, RADIUS)
        .lineWidth(0.75)
        .strokeColor(theme.colours['background-faded'])
        .stroke();
    }
    if (l.badge) {
      const bx = rect.x + rect.width - PAD - l.badge;
      const by = rect.y + PAD - 2;
      doc
        .roundedRect(bx, by, l.badge, l.badge, 5)
        .fill(l.highlighted ? theme.colours['highlight-text'] : theme.colours['light-background']);
      drawIcon(
        doc,
        options.icon,
        bx + BADGE_INSET,
        by + BADGE_INSET,
        l.iconSize,
        l.highlighted ? theme.colours.highlight : theme.colours.accent,
        1.8,
      );
    }
    drawLines(doc, l.titleLines, rect.x + PAD, rect.y + PAD, rect.width - 2 * PAD - (l.badge ? l.badge + 6 : 0), 'left');
    drawLines(doc, l.valueLines, rect.x + PAD, rect.y + PAD + l.top + VALUE_GAP, rect.width - 2 * PAD, 'left');
    doc.restore();
  },
};
