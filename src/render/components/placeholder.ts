/**
 * Drawn for a component type whose painter is not registered (yet): a visible
 * dashed box naming the type, so a component never silently vanishes.
 */
import type { ComponentPainter } from '../painter';

const placeholders = new WeakSet<ComponentPainter>();

/** True for the stand-in painter (a test asserts no catalogue type is left with one). */
export function isPlaceholder(painter: ComponentPainter | undefined): boolean {
  return painter !== undefined && placeholders.has(painter);
}

export function placeholderPainter(type: string): ComponentPainter {
  const painter: ComponentPainter = {
    measure: () => 80,
    paint(options, rect, ctx) {
      const { doc, theme } = ctx;
      doc.save();
      doc
        .roundedRect(rect.x + 1, rect.y + 1, rect.width - 2, rect.height - 2, 6)
        .dash(4, { space: 3 })
        .lineWidth(1)
        .strokeColor(theme.colours['sub-headline'])
        .stroke();
      doc.undash();
      const title = typeof options.chart_title === 'string' ? options.chart_title : typeof options.title === 'string' ? options.title : '';
      doc.font(theme.fonts.bold).fontSize(10).fillColor(theme.colours['sub-headline']);
      doc.text(`${type}${title ? ` — ${title}` : ''}`, rect.x + 10, rect.y + rect.height / 2 - 12, {
        width: rect.width - 20,
        align: 'center',
        height: 14,
        ellipsis: true,
      });
      doc.font(theme.fonts.regular).fontSize(8);
      doc.text('not drawn by this renderer yet', rect.x + 10, rect.y + rect.height / 2 + 4, {
        width: rect.width - 20,
        align: 'center',
        height: 12,
      });
      doc.restore();
    },
  };
  placeholders.add(painter);
  return painter;
}
