/**
 * The contract between the layout engine and the component painters (cards,
 * tables, text, charts...). The layout engine decides WHERE a component goes
 * (a Rect on the current page); a painter decides how tall it is for a given
 * width (measure) and draws it inside that rect (paint).
 *
 * Painters draw with pdfkit vector operations only, in PDF points
 * (1/72 inch, origin at the page's top-left, y grows downwards).
 */
import { SPACING_UNIT_PT } from '../catalogue';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ThemeFonts {
  /** Names registered on the document with doc.registerFont(); pass to doc.font(name). */
  regular: string;
  bold: string;
  italic: string;
  boldItalic: string;
  /** Used for titles and headings (may equal `bold`). */
  heading: string;
}

export interface RenderTheme {
  /** Every ThemeColourName → '#rrggbb' (override_colour_theme applied before the tints were derived). */
  colours: Record<string, string>;
  fonts: ThemeFonts;
  /**
   * A colour option as the user wrote it → something pdfkit accepts ('#rrggbb').
   * Accepts a theme variable name ('accent'), a hex colour ('#abc', '#aabbcc'),
   * or a CSS colour name ('red'). null/undefined/unknown → `fallback` (itself resolved).
   */
  resolveColour(value: string | null | undefined, fallback: string): string;
  /**
   * The theme inside highlighted sections (`override_colour_theme.highlighted` applied;
   * its `background` is the section's panel colour). Painters receive it as ctx.theme
   * there (layout/nodes.ts); set by buildTheme.
   */
  highlighted?: RenderTheme;
}

export interface PaintContext {
  doc: PDFKit.PDFDocument;
  theme: RenderTheme;
  /** The component path used in error messages, e.g. "components[1].components[0] (Chart.Bar)". */
  path: string;
  /**
   * A font-size option (3xs 2xs xs sm lg xl 2xl 3xl 4xl, or a number) → points;
   * undefined/unknown → fallback. Scale: 3xs 6, 2xs 7, xs 8, sm 9, (base 10), lg 12,
   * xl 14, 2xl 17, 3xl 21, 4xl 26.
   */
  fontSize(name: string | undefined, fallback: number): number;
}

export interface ComponentPainter {
  /** Height in points this component needs at `width` (include its own inner padding). */
  measure(options: Record<string, unknown>, width: number, ctx: PaintContext): number;
  /**
   * Draw inside `rect` (rect.height is what measure returned, or the rest of the
   * page if that was smaller — the engine clips to the rect). Throw a RenderError
   * (../renderer) with ctx.path for input that cannot be drawn.
   * Painters must restore any graphics state they change (doc.save()/restore()).
   */
  paint(options: Record<string, unknown>, rect: Rect, ctx: PaintContext): void;
  /**
   * Optional, for components that may continue on the next page (Table, Text):
   * split `options` so that the first part fits `height`. Return null when not even
   * a first part fits (the engine then moves to a new page, or clips on an empty page).
   * `first` must be non-empty and `rest` strictly smaller, so the engine always progresses.
   */
  split?(
    options: Record<string, unknown>,
    width: number,
    height: number,
    ctx: PaintContext,
  ): { first: Record<string, unknown>; rest: Record<string, unknown> } | null;
  /**
   * Optional: the narrowest width (points, its own padding and margins included) at which the
   * content breaks only between words. A grid cell is never made narrower (layout/grid.ts).
   */
  minWidth?(options: Record<string, unknown>, ctx: PaintContext): number;
}

/** One margin unit (the schema: integers 0–32 for margins and spacings) in points: the catalogue's spacing step. */
export const MARGIN_UNIT_PT = SPACING_UNIT_PT;
