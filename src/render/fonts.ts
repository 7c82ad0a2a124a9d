/**
 * Registers a typography theme's fonts on a document and gives every embedded
 * font a Unicode fallback: a string the themed font cannot draw completely
 * (Greek, Cyrillic, …) is drawn — and measured — in Liberation Sans of the same
 * style instead of showing empty boxes. The switch happens per text call, so it
 * is transparent to painters (they just call doc.font(theme.fonts.x)).
 */
import { fontFile } from './assets';
import type { ThemeFonts } from './painter';

export type FontStyle = 'regular' | 'bold' | 'italic' | 'boldItalic';

/** A typography theme: file (relative to assets/fonts) per style, plus the heading face. */
export interface FontFamilySpec {
  regular: string;
  bold: string;
  italic: string;
  boldItalic: string;
  heading: string;
  /** Which fallback style the heading face maps to. */
  headingStyle: FontStyle;
}

export const FALLBACK_FILES: Record<FontStyle, string> = {
  regular: 'liberation-sans/LiberationSans-Regular.ttf',
  bold: 'liberation-sans/LiberationSans-Bold.ttf',
  italic: 'liberation-sans/LiberationSans-Italic.ttf',
  boldItalic: 'liberation-sans/LiberationSans-BoldItalic.ttf',
};

interface FontkitLike {
  hasGlyphForCodePoint(cp: number): boolean;
}
interface DocInternals {
  _font?: { font?: FontkitLike };
  _text: (text: unknown, x: unknown, y: unknown, options: unknown, cb: unknown) => unknown;
  widthOfString: (s: string, o?: unknown) => number;
  font: (src: unknown, family?: unknown, size?: unknown) => PDFKit.PDFDocument;
}

/** Registers the family and its fallbacks; returns the names to pass to doc.font(). */
export function registerFonts(doc: PDFKit.PDFDocument, spec: FontFamilySpec): ThemeFonts {
  // pdfkit re-parses a font on every doc.font() call when two registered names share
  // one file (its cache keeps only the first name), so each file is registered once
  // and the other names are aliases resolved in the font() wrapper.
  const canonical = new Map<string, string>();
  const alias = new Map<string, string>();
  const register = (name: string, file: string) => {
    const first = canonical.get(file);
    if (first) alias.set(name, first);
    else {
      canonical.set(file, name);
      doc.registerFont(name, fontFile(file));
    }
  };
  const fallbackOf = new Map<string, string>();
  const styles: FontStyle[] = ['regular', 'bold', 'italic', 'boldItalic'];
  for (const style of styles) register(`fallback-${style}`, FALLBACK_FILES[style]);
  for (const style of styles) {
    register(`theme-${style}`, spec[style]);
    if (spec[style] !== FALLBACK_FILES[style])
      fallbackOf.set(`theme-${style}`, `fallback-${spec[style] === FALLBACK_FILES.italic ? 'italic' : style}`);
  }
  register('theme-heading', spec.heading);
  if (spec.heading !== FALLBACK_FILES[spec.headingStyle]) fallbackOf.set('theme-heading', `fallback-${spec.headingStyle}`);
  installFallback(doc, fallbackOf, alias);
  doc.font('theme-regular');
  return { regular: 'theme-regular', bold: 'theme-bold', italic: 'theme-italic', boldItalic: 'theme-boldItalic', heading: 'theme-heading' };
}

function coversAll(font: FontkitLike | undefined, text: string): boolean {
  if (!font) return true;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x21 || cp === 0xa0 || cp === 0xad) continue; // whitespace / soft hyphen
    if (!font.hasGlyphForCodePoint(cp)) return false;
  }
  return true;
}

function installFallback(doc: PDFKit.PDFDocument, fallbackOf: Map<string, string>, alias: Map<string, string>): void {
  const d = doc as unknown as DocInternals;
  const pdfkitFont = d.font.bind(doc);
  const origFont = (src: unknown, family?: unknown, size?: unknown) =>
    pdfkitFont(typeof src === 'string' ? (alias.get(src) ?? src) : src, family, size);
  const origText = d._text.bind(doc);
  const origWidth = d.widthOfString.bind(doc);
  let current = '';
  d.font = (src, family, size) => {
    if (typeof src === 'string') current = src;
    return origFont(src, family, size);
  };
  /** Runs `fn` with the fallback font when the current one cannot draw `text`. */
  const withCoverage = <T>(text: unknown, fn: () => T): T => {
    const fallback = fallbackOf.get(current);
    const str = text == null ? '' : String(text);
    if (!fallback || coversAll(d._font?.font, str)) return fn();
    const before = current;
    origFont(fallback);
    try {
      return fn();
    } finally {
      origFont(before);
    }
  };
  d._text = (text, x, y, options, cb) => withCoverage(text, () => origText(text, x, y, options, cb));
  d.widthOfString = (s, o) => withCoverage(s, () => origWidth(s, o));
}
