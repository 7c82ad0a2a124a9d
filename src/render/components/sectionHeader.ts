/** A Section's title band: optional Tabler icon, the title, and a thin rule under it. */
import { resolveOptions } from '../../catalogue';
import type { ComponentPainter } from '../painter';
import { drawIcon, iconPath } from '../icons';

const RULE_GAP = 5;

/** The title's size: `font_size`, else 13 pt, which no size keyword gives (the catalogue says so). */
function titleSize(raw: Record<string, unknown>, fontSize: (n: string | undefined, f: number) => number): number {
  return fontSize(resolveOptions('Section', raw).font_size, 13);
}

export const sectionHeader: ComponentPainter = {
  measure(raw, width, ctx) {
    const options = resolveOptions('Section', raw);
    const size = titleSize(raw, ctx.fontSize);
    const iconW = iconPath(options.icon) ? size * 1.3 + 6 : 0;
    ctx.doc.font(ctx.theme.fonts.heading).fontSize(size);
    const h = ctx.doc.heightOfString(String(options.section_title ?? ''), { width: Math.max(10, width - iconW), lineGap: 1 });
    return Math.max(h, iconW ? size * 1.3 : 0) + RULE_GAP + 1;
  },
  paint(raw, rect, ctx) {
    const { doc, theme } = ctx;
    const options = resolveOptions('Section', raw);
    const size = titleSize(raw, ctx.fontSize);
    const iconSize = size * 1.3;
    let x = rect.x;
    if (drawIcon(doc, options.icon, x, rect.y - 1, iconSize, theme.colours.accent, 1.9)) x += iconSize + 6;
    doc.save();
    doc.font(theme.fonts.heading).fontSize(size).fillColor(theme.colours.headline);
    const textH = doc.heightOfString(String(options.section_title ?? ''), { width: Math.max(10, rect.x + rect.width - x), lineGap: 1 });
    const textY = rect.y + Math.max(0, (iconPath(options.icon) ? iconSize : textH) - textH) / 2;
    doc.text(String(options.section_title ?? ''), x, textY, { width: Math.max(10, rect.x + rect.width - x), lineGap: 1 });
    const ruleY = rect.y + rect.height - 0.5;
    doc
      .moveTo(rect.x, ruleY)
      .lineTo(rect.x + rect.width, ruleY)
      .lineWidth(0.75)
      .strokeColor(theme.colours['background-faded'])
      .stroke();
    doc.restore();
  },
};
