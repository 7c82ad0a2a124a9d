/**
 * One parse per font file for the life of the renderer. pdfkit parses a registered font's bytes
 * (fontkit.create) in every document that uses it, and parsing a report's four or five fonts —
 * their tables, through fontkit's binary decoders — was about 60 % of a one-page render. A
 * fontkit Font is read-only apart from its own caches (glyphs, layout tables), and pdfkit's
 * EmbeddedFont around it keeps the per-document state (its subset, widths, layout cache), so
 * documents can share the Font: the first document that uses a font file parses it, and the
 * documents after it get a new EmbeddedFont around the parsed Font.
 *
 * Keyed by the bytes' identity: the bundled fonts' buffers are cached (assets.ts fontFile), so
 * they are parsed once per process; bytes made afresh for one report are not kept (a WeakMap).
 * Reads pdfkit 0.20's document internals (test/unit/render/parsedFonts.test.ts pins them).
 */
interface FontkitGlyph {
  codePoints: number[];
}
interface FontkitFont {
  postscriptName?: string;
  getGlyph(id: number, characters?: number[]): FontkitGlyph | null;
}
interface PdfkitFont {
  name?: string;
  font?: FontkitFont;
}
type EmbeddedFontClass = new (doc: unknown, font: FontkitFont, id: string) => PdfkitFont;
interface PdfkitDoc {
  font(src: unknown, family?: unknown, size?: unknown): unknown;
  _font?: PdfkitFont;
  _fontCount: number;
  _fontFamilies: Record<string, PdfkitFont | undefined>;
  _registeredFonts: Record<string, { src: unknown; family?: string } | undefined>;
}

const parsed = new WeakMap<Uint8Array, Map<string, FontkitFont>>();

/**
 * fontkit caches one Glyph per id with the code points of its first request, and a subset's
 * encoder asks for the parts of a composite glyph (the "e" inside "é") with none. In a document of
 * its own that happens at its end; a shared Font keeps the cache, so a later document's "e" came
 * back without code points, pdfkit's ToUnicode map lost it and the PDF's text read "Figur" for
 * "Figure" (test/unit/render/parsedFonts.test.ts). Code points given later fill a glyph that has none.
 */
function keepCodePoints(font: FontkitFont): void {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph && characters.length > 0 && glyph.codePoints.length === 0) glyph.codePoints = characters;
    return glyph;
  };
}
/** pdfkit's EmbeddedFont, taken from the first font a document made (pdfkit does not export it). */
let EmbeddedFont: EmbeddedFontClass | undefined;

/** The registered font's bytes and name, when it is a font file (not a standard PDF font). */
function registered(d: PdfkitDoc, src: unknown): { bytes: Uint8Array; family: string } | undefined {
  const r = typeof src === 'string' ? d._registeredFonts[src] : undefined;
  return r && r.src instanceof Uint8Array ? { bytes: r.src, family: r.family ?? '' } : undefined;
}

/** Makes `doc.font(name)` use the font parsed by an earlier document from the same bytes. */
export function shareParsedFonts(doc: PDFKit.PDFDocument): void {
  const d = doc as unknown as PdfkitDoc;
  const font = d.font.bind(d);
  d.font = (src, family, size) => {
    const file = registered(d, src);
    const key = src as string;
    if (file && !d._fontFamilies[key] && EmbeddedFont) {
      const known = parsed.get(file.bytes)?.get(file.family);
      if (known) {
        // As pdfkit's font() would: the same font under its PostScript name is one font.
        const same = Object.values(d._fontFamilies).find((f) => f?.font === known);
        const made = same ?? new EmbeddedFont(d, known, `F${++d._fontCount}`);
        d._fontFamilies[key] = made;
        if (made.name && !d._fontFamilies[made.name]) d._fontFamilies[made.name] = made;
      }
    }
    const result = font(src, family, size);
    const made = d._font;
    if (file && made?.font) {
      let byName = parsed.get(file.bytes);
      if (!byName) parsed.set(file.bytes, (byName = new Map()));
      if (!byName.has(file.family)) {
        keepCodePoints(made.font);
        byName.set(file.family, made.font);
      }
      EmbeddedFont ??= made.constructor as EmbeddedFontClass;
    }
    return result;
  };
}
