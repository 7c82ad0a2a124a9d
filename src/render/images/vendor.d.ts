// Types for the two image libraries that ship none (only what the renderer uses).

declare module 'omggif' {
  export interface GifFrameInfo {
    x: number;
    y: number;
    width: number;
    height: number;
    transparent_index: number | null;
    interlaced: boolean;
  }
  export class GifReader {
    constructor(buf: Uint8Array);
    readonly width: number;
    readonly height: number;
    numFrames(): number;
    frameInfo(frame: number): GifFrameInfo;
    decodeAndBlitFrameRGBA(frame: number, pixels: Uint8Array): void;
  }
  export class GifWriter {
    constructor(buf: Uint8Array, width: number, height: number, options?: { palette?: number[]; loop?: number });
    addFrame(
      x: number,
      y: number,
      w: number,
      h: number,
      indexedPixels: ArrayLike<number>,
      options?: { palette?: number[]; transparent?: number; delay?: number; disposal?: number },
    ): number;
    end(): number;
  }
}

declare module 'svg-to-pdfkit' {
  interface SvgToPdfOptions {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    /** 1 SVG unit = 1 pt (instead of 0.75 pt per px). */
    assumePt?: boolean;
    precision?: number;
    warningCallback?: (message: string) => void;
    fontCallback?: (family: string, bold: boolean, italic: boolean, fontOptions: { fauxBold?: boolean; fauxItalic?: boolean }) => string;
    /** href of an <image> → what doc.openImage() gets. */
    imageCallback?: (href: string) => string | Buffer;
    documentCallback?: (file: string) => unknown;
  }
  function SVGtoPDF(doc: PDFKit.PDFDocument, svg: string, x?: number, y?: number, options?: SvgToPdfOptions): void;
  export = SVGtoPDF;
}
