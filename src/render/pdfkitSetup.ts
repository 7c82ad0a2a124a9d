/**
 * Creates pdfkit documents that work both under tsx (pdfkit's Node build) and in
 * the esbuild bundles, where scripts/build.mjs aliases `pdfkit` to its browser
 * build: that build has no filesystem access to its standard-font metrics, so we
 * register them here. Only Helvetica is registered: pdfkit selects
 * it while constructing a document; all report text uses embedded TTFs.
 */
import * as pdfkitModule from 'pdfkit';
import { shareParsedFonts } from './parsedFonts';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const helvetica: unknown = require('pdfkit/standard-fonts/Helvetica');

type PdfKitCtor = new (options?: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;
interface PdfKitExports {
  default?: PdfKitCtor;
  registerStdFonts?: (...data: unknown[]) => void;
}

const mod = pdfkitModule as unknown as PdfKitExports;
// CJS build: the module is the constructor; ESM/browser build: it is the default export.
const PDFDocument: PdfKitCtor = typeof mod === 'function' ? (mod as unknown as PdfKitCtor) : (mod.default as PdfKitCtor);

let registered = false;
function registerStandardFonts(): void {
  if (registered) return;
  registered = true;
  if (typeof mod.registerStdFonts === 'function') {
    const data = (helvetica as { default?: unknown }).default ?? helvetica;
    mod.registerStdFonts(data);
  }
}

export interface NewDocumentOptions {
  width: number;
  height: number;
  title?: string;
}

/** A document whose pages are only ever added by the layout engine. */
export function newDocument(options: NewDocumentOptions): PDFKit.PDFDocument {
  registerStandardFonts();
  const doc = new PDFDocument({
    size: [options.width, options.height],
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    autoFirstPage: false,
    bufferPages: false,
    compress: true,
    info: { Title: options.title ?? 'Report', Producer: 'Report Studio local service', Creator: 'Report Studio' },
  });
  // pdfkit flows overlong text onto a new page by itself; pages must follow the
  // layout engine's plan (the page count drives the quota), so text that does not
  // fit its box is cut instead.
  (doc as unknown as { continueOnNewPage: () => PDFKit.PDFDocument }).continueOnNewPage = () => doc;
  capWordsOf(doc);
  shareParsedFonts(doc);
  return doc;
}

/** Longest run of non-space characters drawn or measured; longer runs end in an ellipsis. */
export const MAX_WORD_LENGTH = 500;
const LONG_WORD = new RegExp(`\\S{${MAX_WORD_LENGTH + 1},}`, 'g');

/** `text` with every over-long word cut (at a code-point boundary) and ended with '…'. */
export function capLongWords(text: string): string {
  if (text.length <= MAX_WORD_LENGTH) return text;
  return text.replace(LONG_WORD, (word) => {
    let end = MAX_WORD_LENGTH - 1;
    const c = word.charCodeAt(end - 1);
    if (c >= 0xd800 && c <= 0xdbff) end--;
    return `${word.slice(0, end)}…`;
  });
}

/**
 * pdfkit wraps a word wider than its line a piece per line and re-measures the whole rest
 * of the word for every line: quadratic. A 5,000-character heading in a narrow column took
 * 37 s to lay out; no report needs a word that long (a 500-character URL still fits), so
 * every text the renderer draws or measures goes through capLongWords.
 */
function capWordsOf(doc: PDFKit.PDFDocument): void {
  type TextFn = (text: unknown, ...rest: unknown[]) => unknown;
  const d = doc as unknown as Record<'text' | 'heightOfString' | 'widthOfString', TextFn>;
  for (const name of ['text', 'heightOfString', 'widthOfString'] as const) {
    const original = d[name].bind(doc);
    d[name] = (text, ...rest) => original(typeof text === 'string' ? capLongWords(text) : text, ...rest);
  }
}

/** Collects a finished document's bytes. */
export function documentBytes(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.end();
  });
}
