/**
 * Cartesian layout: given the body rect and two axis models, finds the plot
 * rect that leaves room for tick labels and axis titles, and picks how x labels
 * are shown so they never overlap (fewer ticks on continuous axes; rotation,
 * then thinning, on categorical ones). drawAxes then paints grid, ticks, labels.
 */
import type { PaintContext, Rect } from '../painter';
import type { AxisModel, BuiltAxis, Tick } from './scales';
import { ellipsize, lineHeight, withFont, type ChartStyle } from './style';

export interface CartesianSpec {
  x: AxisModel;
  y: AxisModel;
  xLabel?: string;
  yLabel?: string;
  /** Vertical gridlines at x ticks (continuous x). */
  xGrid?: boolean;
  /** Horizontal gridlines at y ticks (continuous y). */
  yGrid?: boolean;
}

interface LabelMode {
  rotate: boolean;
  /** Show every n-th label. */
  every: number;
  /** Labels are cut to this width. */
  maxWidth: number;
}

export interface Cartesian {
  plot: Rect;
  x: BuiltAxis;
  y: BuiltAxis;
  xMode: LabelMode;
  yMode: LabelMode;
  /** Width reserved for y tick labels. */
  yTickWidth: number;
  /** The body the axes were laid out in: labels never leave it. */
  body: Rect;
}

const TICK = 3;
const PAD = 4;
const SIN45 = Math.SQRT1_2;

function maxWidth(doc: PDFKit.PDFDocument, ticks: Tick[], style: ChartStyle): number {
  return withFont(doc, style.fonts.regular, style.tick, () => Math.max(0, ...ticks.map((t) => doc.widthOfString(t.label))));
}

function spacing(ticks: Tick[], length: number): number {
  if (ticks.length < 2) return length;
  let min = Infinity;
  for (let i = 1; i < ticks.length; i++) min = Math.min(min, Math.abs(ticks[i].at - ticks[i - 1].at));
  return min;
}

interface XFit {
  axis: BuiltAxis;
  mode: LabelMode;
  height: number;
}

/** Fits x labels into [r0, r1]: continuous axes drop ticks, categorical ones rotate then thin. */
function fitX(ctx: PaintContext, model: AxisModel, r0: number, r1: number, style: ChartStyle, maxRotated: number): XFit {
  const lh = lineHeight(style.tick);
  const len = Math.max(1, r1 - r0);
  if (model.kind === 'continuous') {
    // Densest tick set whose labels fit side by side; at least two ticks when the
    // scale can give two, else thin the labels of the sparsest set.
    let fallback: BuiltAxis | undefined;
    for (let count = Math.max(2, Math.round(len / 45)); count >= 1; count = count > 2 ? Math.floor(count * 0.75) : count - 1) {
      const axis = model.build(r0, r1, count);
      const fits = maxWidth(ctx.doc, axis.ticks, style) + 8 <= spacing(axis.ticks, len);
      if (fits && (axis.ticks.length >= 2 || count === 1)) {
        return { axis, mode: { rotate: false, every: 1, maxWidth: Infinity }, height: TICK + 2 + lh };
      }
      if (axis.ticks.length >= 2) fallback = axis;
    }
    const axis = fallback ?? model.build(r0, r1, 2);
    const every = Math.max(1, Math.ceil((maxWidth(ctx.doc, axis.ticks, style) + 8) / Math.max(1, spacing(axis.ticks, len))));
    return { axis, mode: { rotate: false, every, maxWidth: Infinity }, height: TICK + 2 + lh };
  }
  const axis = model.build(r0, r1, 0);
  const w = maxWidth(ctx.doc, axis.ticks, style);
  const s = spacing(axis.ticks, len);
  if (w + 4 <= s) return { axis, mode: { rotate: false, every: 1, maxWidth: s }, height: TICK + 2 + lh };
  const every = Math.max(1, Math.ceil((lh * 1.15) / Math.max(0.01, s)));
  const cut = Math.min(w, maxRotated);
  return { axis, mode: { rotate: true, every, maxWidth: cut }, height: TICK + 2 + cut * SIN45 + lh * SIN45 };
}

/** How far the last x label (centred on its tick) sticks out past `right`. */
function overhang(ctx: PaintContext, fit: XFit, right: number, style: ChartStyle): number {
  if (fit.mode.rotate) return 0;
  const shown = fit.axis.ticks.filter((_, i) => i % fit.mode.every === 0);
  const last = shown[shown.length - 1];
  if (!last) return 0;
  const w = withFont(ctx.doc, style.fonts.regular, style.tick, () => ctx.doc.widthOfString(last.label));
  return Math.max(0, last.at + w / 2 - right);
}

export function layoutCartesian(ctx: PaintContext, body: Rect, spec: CartesianSpec, style: ChartStyle): Cartesian {
  const lhTick = lineHeight(style.tick);
  const lhLabel = lineHeight(style.label);
  const yTitleW = spec.yLabel ? lhLabel + PAD : 0;
  const xTitleH = spec.xLabel ? lhLabel + PAD : 0;
  const top = body.y + (spec.y.kind === 'continuous' ? lhTick / 2 : 0);
  const bottom = body.y + body.height;
  const maxLeft = body.width * 0.38;
  const maxRotated = Math.max(30, Math.min(110 * style.scale, body.height * 0.4));

  /** The y axis for a plot ending at `plotBottom`; with `fitWidth`, fewer ticks until their labels fit it. */
  const yFit = (plotBottom: number, fitWidth?: number) => {
    const len = Math.max(1, plotBottom - top);
    let count = Math.max(3, Math.min(10, Math.round(len / 30)));
    let axis = spec.y.build(plotBottom, top, count);
    while (fitWidth !== undefined && count > 3 && maxWidth(ctx.doc, axis.ticks, style) > fitWidth + 0.5) {
      axis = spec.y.build(plotBottom, top, --count);
    }
    const w = Math.min(maxLeft, maxWidth(ctx.doc, axis.ticks, style));
    const s = spacing(axis.ticks, len);
    const every = spec.y.kind === 'categorical' && s < lhTick ? Math.ceil(lhTick / Math.max(0.01, s)) : 1;
    return { axis, width: w, mode: { rotate: false, every, maxWidth: w } };
  };

  /** The plot placed for y tick labels `width` wide, with fewer y ticks if theirs are wider. */
  const place = (width: number, rightInset: number) => {
    const plotLeft = body.x + yTitleW + width + PAD + 1;
    const edge = body.x + body.width - 1;
    const plotRight = Math.max(plotLeft + 1, edge - rightInset);
    const x = fitX(ctx, spec.x, plotLeft, plotRight, style, maxRotated);
    const plotBottom = Math.max(top + 10, bottom - xTitleH - x.height);
    let y = yFit(plotBottom);
    if (y.width > width + 0.5) y = yFit(plotBottom, width);
    return { width, rightInset, plotLeft, plotRight, plotBottom, x, y, over: overhang(ctx, x, edge, style), fits: y.width <= width + 0.5 };
  };

  // The y tick width the plot is placed for; labels and the y title use it. Tick count
  // depends on the plot height, which depends (through rotated x labels) on the plot width,
  // which depends on this width: two states can alternate ("0…4" / "0.0…3.5"). A loop that
  // stopped on such a pair drew the title from the wider ticks while the plot sat where the
  // narrower ones were planned: the title left its cell, half cut by the clip (seen in
  // examples/analytics). So: fewer ticks before a wider margin, and a width that only grows.
  let p = place(yFit(bottom - xTitleH - lhTick - TICK - 2).width, 0);
  let narrowest = Math.min(p.width, p.y.width);
  for (let pass = 0; pass < 6 && (p.over > 0.5 || !p.fits); pass++) {
    p = p.over > 0.5 ? place(p.width, p.rightInset + p.over) : place(Math.max(p.width, p.y.width), p.rightInset);
    narrowest = Math.min(narrowest, p.y.width);
  }
  // A narrower tick column may give the x labels room to stand upright: take it if it fits.
  if (p.x.mode.rotate && narrowest < p.width - 0.5) {
    const upright = place(narrowest, p.rightInset);
    if (!upright.x.mode.rotate && upright.fits && upright.over <= 0.5) p = upright;
  }
  const { x: fit, y } = p;
  const plot = { x: p.plotLeft, y: top, width: p.plotRight - p.plotLeft, height: Math.max(1, p.plotBottom - top) };
  const yTickWidth = p.width;
  return { plot, x: fit.axis, y: y.axis, xMode: fit.mode, yMode: { ...y.mode, maxWidth: yTickWidth }, yTickWidth, body };
}

/**
 * Body height for a chart: `height`, grown when tick labels (long rotated
 * category names, say) would leave the plot less than 60 % of it.
 */
export function roomyBodyHeight(ctx: PaintContext, width: number, height: number, spec: CartesianSpec, style: ChartStyle): number {
  const c = layoutCartesian(ctx, { x: 0, y: 0, width, height }, spec, style);
  const min = height * 0.6;
  return c.plot.height >= min ? height : Math.min(height * 1.8, height + (min - c.plot.height));
}

export function drawAxes(ctx: PaintContext, c: Cartesian, spec: CartesianSpec, style: ChartStyle): void {
  const { doc } = ctx;
  const { plot } = c;
  const bottom = plot.y + plot.height;
  doc.save();
  doc.lineWidth(0.5);
  if (spec.yGrid) {
    for (const t of c.y.ticks)
      doc
        .moveTo(plot.x, t.at)
        .lineTo(plot.x + plot.width, t.at)
        .strokeColor(style.text, 0.12)
        .stroke();
  }
  if (spec.xGrid) {
    for (const t of c.x.ticks) doc.moveTo(t.at, plot.y).lineTo(t.at, bottom).strokeColor(style.text, 0.12).stroke();
  }
  // Baseline along the bottom, and a stronger zero line where 0 is inside the domain.
  doc
    .moveTo(plot.x, bottom)
    .lineTo(plot.x + plot.width, bottom)
    .strokeColor(style.text, 0.35)
    .stroke();
  if (c.y.zero !== undefined && Math.abs(c.y.zero - bottom) > 0.5) {
    doc
      .moveTo(plot.x, c.y.zero)
      .lineTo(plot.x + plot.width, c.y.zero)
      .lineWidth(0.75)
      .strokeColor(style.text, 0.5)
      .stroke();
  }
  if (c.x.zero !== undefined) {
    doc.moveTo(c.x.zero, plot.y).lineTo(c.x.zero, bottom).lineWidth(0.75).strokeColor(style.text, 0.5).stroke();
  }
  doc.lineWidth(0.5);
  for (const t of c.x.ticks)
    doc
      .moveTo(t.at, bottom)
      .lineTo(t.at, bottom + TICK)
      .strokeColor(style.text, 0.35)
      .stroke();
  doc.restore();
  drawXLabels(ctx, c, style);
  drawYLabels(ctx, c, style);
  drawTitles(ctx, c, spec, style);
}

function drawXLabels(ctx: PaintContext, c: Cartesian, style: ChartStyle): void {
  const { doc } = ctx;
  const top = c.plot.y + c.plot.height + TICK + 2;
  withFont(doc, style.fonts.regular, style.tick, () => {
    doc.fillColor(style.text, 0.8);
    c.x.ticks.forEach((t, i) => {
      if (i % c.xMode.every !== 0) return;
      const label = ellipsize(doc, t.label, c.xMode.maxWidth);
      const w = doc.widthOfString(label);
      if (!c.xMode.rotate) {
        const x = Math.max(c.body.x, Math.min(t.at - w / 2, c.body.x + c.body.width - w - 0.5));
        doc.text(label, x, top, { lineBreak: false });
        return;
      }
      doc.save();
      doc.rotate(-45, { origin: [t.at, top] });
      doc.text(label, t.at - w - 1, top - lineHeight(style.tick) / 2, { lineBreak: false });
      doc.restore();
    });
  });
}

function drawYLabels(ctx: PaintContext, c: Cartesian, style: ChartStyle): void {
  const { doc } = ctx;
  const lh = lineHeight(style.tick);
  const right = c.plot.x - PAD;
  withFont(doc, style.fonts.regular, style.tick, () => {
    doc.fillColor(style.text, 0.8);
    // Top to bottom, so extracted text reads in the order a person reads the axis.
    const shown = c.y.ticks.filter((_, i) => i % c.yMode.every === 0).sort((a, b) => a.at - b.at);
    shown.forEach((t) => {
      const label = ellipsize(doc, t.label, c.yTickWidth);
      const w = doc.widthOfString(label);
      doc.text(label, right - w, t.at - lh / 2 + 0.5, { lineBreak: false });
    });
  });
}

function drawTitles(ctx: PaintContext, c: Cartesian, spec: CartesianSpec, style: ChartStyle): void {
  const { doc } = ctx;
  const lh = lineHeight(style.label);
  withFont(doc, style.fonts.regular, style.label, () => {
    if (spec.xLabel) {
      const bottomOfLabels = c.plot.y + c.plot.height + TICK + 2 + xLabelsHeight(c, style);
      const text = ellipsize(doc, spec.xLabel, c.plot.width);
      const w = doc.widthOfString(text);
      doc.fillColor(style.text, 1).text(text, c.plot.x + c.plot.width / 2 - w / 2, bottomOfLabels + PAD, { lineBreak: false });
    }
    if (spec.yLabel) {
      const text = ellipsize(doc, spec.yLabel, c.plot.height);
      const w = doc.widthOfString(text);
      const cx = c.plot.x - PAD - c.yTickWidth - PAD - lh / 2 - 1;
      const cy = c.plot.y + c.plot.height / 2;
      doc.save();
      doc.rotate(-90, { origin: [cx, cy] });
      doc.fillColor(style.text, 1).text(text, cx - w / 2, cy - lh / 2, { lineBreak: false });
      doc.restore();
    }
  });
}

function xLabelsHeight(c: Cartesian, style: ChartStyle): number {
  const lh = lineHeight(style.tick);
  return c.xMode.rotate ? c.xMode.maxWidth * SIN45 + lh * SIN45 : lh;
}
