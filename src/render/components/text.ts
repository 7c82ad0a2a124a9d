/**
 * Text: markdown laid out as lines (components/markdown.ts + richtext.ts).
 * Splits between lines, so long text continues on the next page.
 * Options (resolved by the catalogue, src/catalogue/components/content.ts): text*, align,
 * size, color/colour, bg_color/bg_colour, inner_padding (1–17 units of 2 pt),
 * markdown_format, align_list, headings_margin (boolean, or 0–32 margin units above and
 * below Markdown headings), vertical_margin / horizontal_margin (../margins.ts).
 */
import { resolveOptions, type Resolved } from '../../catalogue';
import type { ComponentPainter, PaintContext } from '../painter';
import { MARGIN_UNIT_PT } from '../painter';
import { componentMargins } from '../margins';
import { parseMarkdown, type Block } from './markdown';
import { breakLines, drawLines, widestWord, type Line } from './richtext';
import { nonBlank } from '../values';

interface FlatLine {
  line: Line;
  indent: number;
  gap: number;
  block: Block;
  firstOfBlock: boolean;
}

interface Part {
  from: number;
  to: number;
}

const PART = Symbol('text-part');
/** What the engine hands back: the options as written, or a part of them after a split. */
type Opts = Record<string, unknown> & { [PART]?: Part };
type TextOptions = Resolved<'Text'>;

/** Without inner_padding, text on a background gets 4 units so it does not touch the edge. */
const BG_PADDING_UNITS = 4;

function geometry(o: TextOptions, ctx: PaintContext) {
  const bg = nonBlank(o.bg_color);
  // inner_padding has no default (unset depends on the background); a non-number reads as unset.
  const padUnits = typeof o.inner_padding === 'number' ? o.inner_padding : bg ? BG_PADDING_UNITS : 0;
  return { bg: bg ? ctx.theme.resolveColour(bg, 'background-muted') : undefined, pad: padUnits * 2, margin: componentMargins(o) };
}

/**
 * Space above and below Markdown headings. `headings_margin` is a boolean in the
 * older clients (true/absent: the default rhythm; false: none) and a margin value
 * 0–32 in the newer SDK (that many MARGIN_UNIT_PT above and below).
 */
function headingsMargin(v: unknown, size: number): { above: number; below: number } {
  if (typeof v === 'number' && Number.isFinite(v)) {
    const m = Math.max(0, Math.min(32, v)) * MARGIN_UNIT_PT;
    return { above: m, below: m };
  }
  if (v === false) return { above: 0, below: 0 };
  return { above: size * 0.9, below: size * 0.6 };
}

const layoutCache = new WeakMap<object, Map<number, FlatLine[]>>();

/** Parsed blocks by the options as written: measured at several widths and for the narrowest line, parsed once. */
const blockCache = new WeakMap<object, { blocks: Block[]; size: number }>();

/** The Text's Markdown (or HTML) as styled blocks, and its body text size. */
function blocksOf({ raw, o }: Source, ctx: PaintContext): { blocks: Block[]; size: number } {
  const hit = blockCache.get(raw);
  if (hit) return hit;
  const { theme } = ctx;
  // No size keyword gives the 10 pt body text drawn when `size` is omitted (the catalogue says so).
  const size = ctx.fontSize(o.size, 10);
  const own = nonBlank(o.color);
  const colour = theme.resolveColour(own, 'paragraph');
  const headingGaps = headingsMargin(o.headings_margin, size);
  const blocks = parseMarkdown(String(o.text ?? ''), o.markdown_format, theme, {
    size,
    colour,
    linkColour: theme.colours.accent,
    headingColour: own ? colour : theme.colours.headline,
    headingGaps,
  });
  const parsed = { blocks, size };
  blockCache.set(raw, parsed);
  return parsed;
}

/** The laid-out lines of a Text, cached by its options as written (`raw`). */
function flatLines(src: Source, width: number, ctx: PaintContext): FlatLine[] {
  const { raw } = src;
  let byWidth = layoutCache.get(raw);
  const hit = byWidth?.get(width);
  if (hit) return hit;
  const { blocks, size } = blocksOf(src, ctx);
  const flat: FlatLine[] = [];
  for (const block of blocks) {
    if (block.kind === 'rule') {
      flat.push({
        line: { fragments: [], width: 0, height: size * 0.8, ascent: 0 },
        indent: block.indent,
        gap: block.gapBefore,
        block,
        firstOfBlock: true,
      });
      continue;
    }
    const lines = breakLines(ctx.doc, block.runs, Math.max(20, width - block.indent));
    lines.forEach((line, i) => flat.push({ line, indent: block.indent, gap: i === 0 ? block.gapBefore : 0, block, firstOfBlock: i === 0 }));
  }
  if (!byWidth) layoutCache.set(raw, (byWidth = new Map()));
  byWidth.set(width, flat);
  return flat;
}

/** The options of the whole Text as written and resolved (a part after a split keeps the original's). */
interface Source {
  raw: Opts;
  o: TextOptions;
}

function source(o: Opts): Source {
  const raw = ((o as { __source?: Opts }).__source ?? o) as Opts;
  return { raw, o: resolveOptions('Text', raw) };
}

function range(o: Opts, total: number): Part {
  return o[PART] ?? { from: 0, to: total };
}

function linesHeight(lines: FlatLine[], from: number, to: number): number {
  let h = 0;
  for (let i = from; i < to; i++) h += (i === from ? 0 : lines[i].gap) + lines[i].line.height;
  return h;
}

function innerWidth(width: number, g: ReturnType<typeof geometry>): number {
  return Math.max(20, width - g.margin.left - g.margin.right - 2 * g.pad);
}

function marginY(g: ReturnType<typeof geometry>): number {
  return g.margin.top + g.margin.bottom;
}

export const textPainter: ComponentPainter = {
  minWidth(options, ctx) {
    const src = source(options as Opts);
    const g = geometry(src.o, ctx);
    const words = blocksOf(src, ctx).blocks.map((b) => b.indent + widestWord(ctx.doc, b.runs));
    return Math.max(0, ...words) + 2 * g.pad + g.margin.left + g.margin.right;
  },
  measure(options, width, ctx) {
    const o = options as Opts;
    const src = source(o);
    const g = geometry(src.o, ctx);
    const lines = flatLines(src, innerWidth(width, g), ctx);
    const { from, to } = range(o, lines.length);
    return linesHeight(lines, from, to) + 2 * g.pad + marginY(g);
  },
  split(options, width, height, ctx) {
    const o = options as Opts;
    const src = source(o);
    const g = geometry(src.o, ctx);
    const lines = flatLines(src, innerWidth(width, g), ctx);
    const { from, to } = range(o, lines.length);
    const budget = height - 2 * g.pad - marginY(g);
    let end = from;
    while (end < to && linesHeight(lines, from, end + 1) <= budget) end++;
    if (end === from || end === to) return null;
    return {
      first: { __source: src.raw, [PART]: { from, to: end } } as Opts,
      rest: { __source: src.raw, [PART]: { from: end, to } } as Opts,
    };
  },
  paint(options, rect, ctx) {
    const o = options as Opts;
    const src = source(o);
    const g = geometry(src.o, ctx);
    const { doc, theme } = ctx;
    const width = innerWidth(rect.width, g);
    const lines = flatLines(src, width, ctx);
    const { from, to } = range(o, lines.length);
    doc.save();
    if (g.bg)
      doc
        .roundedRect(
          rect.x + g.margin.left,
          rect.y + g.margin.top,
          rect.width - g.margin.left - g.margin.right,
          rect.height - marginY(g),
          6,
        )
        .fill(g.bg);
    const x = rect.x + g.margin.left + g.pad;
    let y = rect.y + g.margin.top + g.pad;
    const align = src.o.align;
    // align_list is a boolean (the newer SDK): true gives list items the text's `align`.
    const listAlign = src.o.align_list ? align : 'left';
    for (let i = from; i < to; i++) {
      const fl = lines[i];
      if (i > from) y += fl.gap;
      const lx = x + fl.indent;
      const lw = width - fl.indent;
      if (fl.block.kind === 'rule') {
        doc
          .moveTo(lx, y + fl.line.height / 2)
          .lineTo(lx + lw, y + fl.line.height / 2)
          .lineWidth(0.75)
          .strokeColor(theme.colours['background-faded'])
          .stroke();
      } else {
        if (fl.block.kind === 'quote') doc.rect(lx - 8, y, 2, fl.line.height).fill(theme.colours['background-faded']);
        if (fl.block.kind === 'code') doc.rect(lx - 3, y, lw + 3, fl.line.height).fill(theme.colours['background-muted']);
        if (fl.firstOfBlock && fl.block.marker) {
          const m = fl.block.marker;
          doc.font(m.font).fontSize(m.size).fillColor(m.colour);
          doc.text(m.text, lx - 13, y + fl.line.ascent - m.size * 0.95, { width: 11, align: 'right', lineBreak: false });
        }
        drawLines(doc, [fl.line], lx, y, lw, fl.block.kind === 'item' ? listAlign : align);
      }
      y += fl.line.height;
    }
    doc.restore();
  },
};
