/**
 * Per-page fingerprints of a PDF drawn with pdfkit, so that a viewer can keep the canvas of a
 * page whose drawing did not change between two renders (the live view redraws only what
 * changed). Equal keys mean the two pages are drawn identically:
 *
 * - the key covers every operator written to the page's content stream (`addContent`), and
 * - what the resource names in those operators stand for in this document. pdfkit names
 *   resources in order of first use (F1, I1, Gs1, and a font subset's glyph ids), so the same
 *   operators can mean different glyphs, images or opacities in two documents. The key adds,
 *   for each resource the page uses: a font's PostScript name and its subset's glyphs so far
 *   (ids only ever get appended, so the prefix at the page's end fixes the meaning of every id
 *   on it), an image's bytes (digest), an opacity state's values.
 * - Anything else a page may reference (patterns, shadings, colour spaces, form XObjects: SVG
 *   drawings create those) makes the key unique: such a page is always redrawn.
 *
 * Resources are defined in order of first use, so an edit on page 3 never changes the meaning
 * of a name page 1 uses, and page 1 keeps its key.
 */
import { createHash, randomUUID, type Hash } from 'node:crypto';

/** The pdfkit internals read here (pdfkit 0.20; test/unit/render/pageKeys.test.ts pins them). */
interface PdfkitFont {
  id?: string;
  name?: string;
  subset?: { glyphs?: number[] };
}
interface PdfkitRef {
  data?: Record<string, unknown>;
}
interface PdfkitDoc {
  addContent(data: string | Uint8Array): unknown;
  openImage(src: unknown): { label: string };
  _fontFamilies?: Record<string, PdfkitFont>;
  page?: { resources?: PdfkitRef };
}

const digest = (bytes: unknown): string =>
  bytes instanceof Uint8Array ? createHash('sha1').update(bytes).digest('base64url') : `unhashable:${randomUUID()}`;

export class PageKeyRecorder {
  private readonly keys: string[] = [];
  private hash: Hash | null = null;
  /** Image name → digest of the bytes it was opened from. */
  private readonly images = new Map<string, string>();

  constructor(private readonly doc: PDFKit.PDFDocument) {
    const d = doc as unknown as PdfkitDoc;
    const addContent = d.addContent.bind(d);
    d.addContent = (data) => {
      this.hash?.update(data).update('\n');
      return addContent(data);
    };
    const openImage = d.openImage.bind(d);
    d.openImage = (src) => {
      const image = openImage(src);
      if (!this.images.has(image.label)) this.images.set(image.label, digest(src));
      return image;
    };
  }

  /** Call right after `doc.addPage()`. */
  beginPage(): void {
    this.hash = createHash('sha1');
  }

  /** Call once the page is drawn, before the next `addPage()` or the end of the document. */
  endPage(): void {
    const hash = this.hash;
    if (!hash) throw new Error('PageKeyRecorder.endPage() without beginPage()');
    this.hash = null;
    hash.update(`\u0000${this.resourcesKey()}`);
    this.keys.push(hash.digest('base64url').slice(0, 27));
  }

  /** One key per page, in page order. */
  pageKeys(): string[] {
    return [...this.keys];
  }

  /** What the names in the page's operators stand for, or a unique value when that is unknown. */
  private resourcesKey(): string {
    const d = this.doc as unknown as PdfkitDoc;
    const data = d.page?.resources?.data ?? {};
    const parts: string[] = [];
    for (const [kind, entries] of Object.entries(data)) {
      if (kind === 'ProcSet' || !entries || typeof entries !== 'object') continue;
      for (const name of Object.keys(entries as object).sort()) {
        const meaning = this.meaningOf(kind, name, (entries as Record<string, PdfkitRef>)[name]);
        if (meaning === undefined) return `volatile:${randomUUID()}`;
        parts.push(`${kind}/${name}=${meaning}`);
      }
    }
    return parts.join(';');
  }

  private meaningOf(kind: string, name: string, ref: PdfkitRef | undefined): string | undefined {
    switch (kind) {
      case 'Font': {
        const font = this.fontById(name);
        if (!font?.name) return undefined;
        return `${font.name}:${font.subset?.glyphs?.join(',') ?? 'standard'}`;
      }
      case 'XObject':
        return this.images.get(name);
      case 'ExtGState': {
        // Opacity states hold numbers only; anything else (a soft mask from an SVG) is unknown.
        const values = Object.entries(ref?.data ?? {});
        if (values.some(([, v]) => typeof v !== 'number' && typeof v !== 'string' && typeof v !== 'boolean')) return undefined;
        return JSON.stringify(values.sort(([a], [b]) => (a < b ? -1 : 1)));
      }
      default:
        return undefined;
    }
  }

  private fontById(id: string): PdfkitFont | undefined {
    const families = (this.doc as unknown as PdfkitDoc)._fontFamilies ?? {};
    for (const font of Object.values(families)) if (font.id === id) return font;
    return undefined;
  }
}
