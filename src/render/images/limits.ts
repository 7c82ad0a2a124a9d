/**
 * Limits of the images of one report. A picture's file size says little about its
 * memory: a 1.3 MB PNG of 16000 × 16000 pixels decodes to 1 GB of RGBA (and the preview
 * rasteriser decodes it again). So pixel counts are read from the header (sniff.ts) and
 * charged here BEFORE anything is decoded: per image, and for the whole report.
 */

export interface ImageLimits {
  /** One download: connect, redirects, headers and body. */
  timeoutMs: number;
  /** Largest download (the hosted service asks for images under 2 MB). */
  maxBytes: number;
  /** Pixels of one image (width × height; an SVG counts the raster images inside it). */
  maxImagePixels: number;
  /** Pixels of all images of one report together (the logo and cover image included). */
  maxReportPixels: number;
  /** Downloads of one report in flight at once. */
  parallelFetches: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  timeoutMs: 10_000,
  maxBytes: 10 * 1024 * 1024,
  maxImagePixels: 40_000_000,
  maxReportPixels: 40_000_000,
  parallelFetches: 6,
};

/** An image over a limit: fails the task at the option's path. */
export class ImageLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageLimitError';
  }
}

function megapixels(pixels: number): string {
  const mp = pixels / 1e6;
  return `${mp >= 10 ? Math.round(mp) : Number(mp.toPrecision(2))} megapixels`;
}

/** The pixels a report has decoded so far, charged image by image in report order. */
export class PixelBudget {
  private used = 0;

  constructor(private readonly limits: Pick<ImageLimits, 'maxImagePixels' | 'maxReportPixels'>) {}

  get total(): number {
    return this.used;
  }

  /**
   * Charges one image of `width` × `height` pixels; throws ImageLimitError when it is too
   * large alone or together with the images before it. Returns `recharge(pixels)`: a
   * decoder that finds the image larger than its header said (a GIF frame beyond its
   * screen, an animation frame) charges the new size through it.
   */
  charge(width: number, height: number): (pixels: number) => void {
    let mine = 0;
    const take = (pixels: number, size: string): void => {
      if (pixels > this.limits.maxImagePixels) {
        throw new ImageLimitError(
          `the image is ${size} (${megapixels(pixels)}); one image may have at most ${megapixels(this.limits.maxImagePixels)}`,
        );
      }
      const total = this.used - mine + pixels;
      if (total > this.limits.maxReportPixels) {
        throw new ImageLimitError(
          `with this image (${size}) the report's images add up to ${megapixels(total)}; a report's images may have at most ${megapixels(this.limits.maxReportPixels)} together`,
        );
      }
      this.used = total;
      mine = pixels;
    };
    take(width * height, `${width} × ${height} pixels`);
    return (pixels) => take(pixels, 'larger once decoded than its header says');
  }
}
