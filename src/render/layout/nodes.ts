/**
 * The report's component tree → layout nodes that carry their component path
 * (for error messages) and their painter. Leaves inside a highlighted Section
 * get their painter wrapped so that it paints with the highlighted colours
 * (RenderTheme.highlighted: `override_colour_theme.highlighted`).
 */
import { resolveOptions } from '../../catalogue';
import type { ReportComponent } from '../../core/report/types';
import type { ComponentPainter, PaintContext } from '../painter';
import { lookupPainter } from '../registry';
import { RenderError } from '../renderer';
import { MARGIN_UNIT_PT } from '../painter';

export type LayoutNode =
  | { kind: 'leaf'; type: string; options: Record<string, unknown>; path: string; painter: ComponentPainter }
  | { kind: 'container'; type: 'Section' | 'Row'; options: Record<string, unknown>; path: string; children: LayoutNode[] }
  | { kind: 'pagebreak'; type: string; options: Record<string, unknown>; path: string }
  | { kind: 'space'; type: string; options: Record<string, unknown>; path: string; height: number };

/** More space than any page holds (a layout bound, not the option's meaning): 200 units. */
const MAX_SPACE_UNITS = 200;

/** Spacer / VerticalSpacer `space` is on the margin scale (units × MARGIN_UNIT_PT); none without a value. */
function spaceHeight(type: 'Spacer' | 'VerticalSpacer', options: Record<string, unknown>): number {
  const space: unknown = resolveOptions(type, options).space;
  // Required, no default: a missing or wrong value (the editor flags it) takes no space.
  return typeof space === 'number' ? Math.min(MAX_SPACE_UNITS, space) * MARGIN_UNIT_PT : 0;
}

export function buildNodes(components: ReportComponent[] | undefined, parentPath: string, highlighted = false): LayoutNode[] {
  return (components ?? []).map((c, i) => buildNode(c, `${parentPath}[${i}]`, highlighted));
}

const scopedPainters = new WeakMap<ComponentPainter, ComponentPainter>();

/** `painter` drawing with the theme of highlighted sections (one wrapper per painter). */
function inHighlightedScope(painter: ComponentPainter): ComponentPainter {
  let wrapped = scopedPainters.get(painter);
  if (!wrapped) {
    const scoped = (ctx: PaintContext): PaintContext => (ctx.theme.highlighted ? { ...ctx, theme: ctx.theme.highlighted } : ctx);
    const split = painter.split;
    wrapped = {
      measure: (o, width, ctx) => painter.measure(o, width, scoped(ctx)),
      paint: (o, rect, ctx) => painter.paint(o, rect, scoped(ctx)),
      ...(split
        ? {
            split: (o: Record<string, unknown>, width: number, height: number, ctx: PaintContext) =>
              split.call(painter, o, width, height, scoped(ctx)),
          }
        : {}),
    };
    scopedPainters.set(painter, wrapped);
  }
  return wrapped;
}

function buildNode(component: ReportComponent, at: string, highlighted: boolean): LayoutNode {
  if (!component || typeof component !== 'object' || typeof component.type !== 'string') {
    throw new RenderError('not a component object (expected {"type": ..., "options": {...}})', at);
  }
  const type = component.type;
  const path = `${at} (${type})`;
  const options = (component.options && typeof component.options === 'object' ? component.options : {}) as Record<string, unknown>;
  if (type === 'Section' || type === 'Row') {
    const inside = highlighted || (type === 'Section' && resolveOptions('Section', options).highlighted);
    return { kind: 'container', type, options, path, children: buildNodes(component.components, `${at}.components`, inside) };
  }
  if (type === 'PageBreak') return { kind: 'pagebreak', type, options, path };
  if (type === 'Spacer' || type === 'VerticalSpacer') return { kind: 'space', type, options, path, height: spaceHeight(type, options) };
  const painter = lookupPainter(type);
  if (!painter) throw new RenderError(`unknown component type "${type}"`, path);
  return { kind: 'leaf', type, options, path, painter: highlighted ? inHighlightedScope(painter) : painter };
}
